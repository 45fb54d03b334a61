import type { OpeningHours } from '@shop/contracts';

/** Words for location names: "Riverside Plaza", "Oak Hill Commons", "Evanston Galleria". */
export const LANDMARKS = [
  'Riverside',
  'Oak Hill',
  'Maple Grove',
  'Lakeview',
  'Cedar Park',
  'Willow Creek',
  'Harbor Point',
  'Stonebridge',
  'Parkside',
  'Highland',
  'Brookfield',
  'Fairview',
  'Westgate',
  'Eastfield',
  'Northpoint',
  'Southlake',
  'Pinecrest',
  'Meadowbrook',
  'Crystal Springs',
  'Union',
  'Liberty',
  'Heritage',
  'Sunset',
  'Ridgewood',
  'Bayshore',
  'Foxrun',
  'Kingsway',
  'Woodland',
] as const;

export type CentreKind = 'mall' | 'street' | 'outlet';
export const CENTRES: ReadonlyArray<{ word: string; kind: CentreKind }> = [
  { word: 'Plaza', kind: 'mall' },
  { word: 'Commons', kind: 'mall' },
  { word: 'Galleria', kind: 'mall' },
  { word: 'Town Center', kind: 'mall' },
  { word: 'Mall', kind: 'mall' },
  { word: 'Crossing', kind: 'street' },
  { word: 'Square', kind: 'street' },
  { word: 'Marketplace', kind: 'street' },
  { word: 'Promenade', kind: 'street' },
  { word: 'Station', kind: 'street' },
  { word: 'Outlets', kind: 'outlet' },
  { word: 'Premium Outlets', kind: 'outlet' },
];

export const STREETS = [
  'Main',
  'Maple',
  'Oak',
  'Park',
  'Washington',
  'Lake',
  'Hill',
  'Elm',
  'Pine',
  'Cedar',
  'Market',
  'Center',
  'Union',
  'Franklin',
  'Lincoln',
  'Madison',
  'Jefferson',
  'Highland',
  'Sunset',
  'Church',
  'River',
  'Spring',
  'Grand',
  'Chestnut',
  'Walnut',
  'Broad',
] as const;
export const STREET_TYPES = ['Street', 'Avenue', 'Boulevard', 'Road', 'Drive', 'Parkway'] as const;

const week = (
  weekday: [string, string],
  saturday: [string, string],
  sunday: [string, string] | 'closed',
): OpeningHours[] => [
  ...(['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const).map((day) => ({
    day,
    opens: weekday[0],
    closes: weekday[1],
  })),
  { day: 'saturday', opens: saturday[0], closes: saturday[1] },
  sunday === 'closed' ? { day: 'sunday', closed: true } : { day: 'sunday', opens: sunday[0], closes: sunday[1] },
];

/** Opening hours by kind of location: malls keep mall hours, street shops close earlier, some close on Sundays. */
export const HOURS: Record<CentreKind, OpeningHours[][]> = {
  mall: [
    week(['10:00', '21:00'], ['10:00', '21:00'], ['11:00', '19:00']),
    week(['10:00', '20:00'], ['10:00', '21:00'], ['12:00', '18:00']),
  ],
  street: [
    week(['10:00', '19:00'], ['10:00', '18:00'], ['12:00', '17:00']),
    week(['09:30', '18:30'], ['10:00', '17:00'], 'closed'),
  ],
  outlet: [week(['09:00', '21:00'], ['09:00', '21:00'], ['10:00', '19:00'])],
};
