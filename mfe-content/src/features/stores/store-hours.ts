import type { OpeningHours } from '@shop/contracts/browser';

const SHORT_DAYS: Record<OpeningHours['day'], string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

/** "21:00" -> "9 pm", "09:30" -> "9:30 am": how US shoppers read store hours. */
export function formatTime(time: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  const suffix = hours >= 12 && hours < 24 ? 'pm' : 'am';
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''} ${suffix}`;
}

const timeOf = (day: OpeningHours) =>
  'closed' in day ? 'Closed' : `${formatTime(day.opens)} – ${formatTime(day.closes)}`;

/** A week of hours as lines, consecutive days with the same hours joined: "Mon–Fri", "10 am – 9 pm". */
export function groupHours(week: readonly OpeningHours[]): Array<{ days: string; time: string }> {
  const lines: Array<{ first: OpeningHours['day']; last: OpeningHours['day']; time: string }> = [];
  for (const day of week) {
    const time = timeOf(day);
    const previous = lines.at(-1);
    if (previous && previous.time === time) previous.last = day.day;
    else lines.push({ first: day.day, last: day.day, time });
  }
  return lines.map(({ first, last, time }) => ({
    days: first === last ? SHORT_DAYS[first] : `${SHORT_DAYS[first]}–${SHORT_DAYS[last]}`,
    time,
  }));
}
