import type { OpeningHours } from '@shop/contracts/browser';
import { formatTime, groupHours } from './store-hours';

const weekdays = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;

describe('store hours', () => {
  it('writes 24-hour times the US way', () => {
    expect(formatTime('10:00')).toBe('10 am');
    expect(formatTime('21:00')).toBe('9 pm');
    expect(formatTime('09:30')).toBe('9:30 am');
    expect(formatTime('12:00')).toBe('12 pm');
    expect(formatTime('00:00')).toBe('12 am');
  });

  it('joins consecutive days with the same hours and shows closed days', () => {
    const week: OpeningHours[] = [
      ...weekdays.map((day) => ({ day, opens: '10:00', closes: '21:00' })),
      { day: 'saturday', opens: '10:00', closes: '18:00' },
      { day: 'sunday', closed: true },
    ];
    expect(groupHours(week)).toEqual([
      { days: 'Mon–Fri', time: '10 am – 9 pm' },
      { days: 'Sat', time: '10 am – 6 pm' },
      { days: 'Sun', time: 'Closed' },
    ]);
  });

  it('keeps one line when every day has the same hours', () => {
    const week = [...weekdays, 'saturday', 'sunday'].map((day) => ({
      day,
      opens: '09:00',
      closes: '21:00',
    })) as OpeningHours[];
    expect(groupHours(week)).toEqual([{ days: 'Mon–Sun', time: '9 am – 9 pm' }]);
  });
});
