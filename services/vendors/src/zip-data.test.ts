import { STREET_RANGES } from './street-ranges';
import { loadZipData, streetKey, zipDataFrom } from './zip-data';

describe('the street ranges', () => {
  it('give ZIP codes that the ZIP data has for the range’s city and state', async () => {
    const zips = await loadZipData();
    const strays = STREET_RANGES.filter((range) => !zips.zipsOfCity(range.state, range.city).includes(range.zip));
    expect(strays).toEqual([]);
  });

  it('do not overlap on one side of a street', () => {
    const overlaps = STREET_RANGES.flatMap((a, i) =>
      STREET_RANGES.slice(i + 1).filter(
        (b) =>
          a.state === b.state &&
          a.city === b.city &&
          streetKey(a.street) === streetKey(b.street) &&
          a.from <= b.to &&
          b.from <= a.to &&
          (a.side === 'both' || b.side === 'both' || a.side === b.side),
      ),
    );
    expect(overlaps).toEqual([]);
  });

  it('are found by house number and side, with FIFTH read as 5TH', () => {
    const zips = zipDataFrom(
      [],
      [
        { state: 'NY', city: 'NEW YORK', street: '5TH AVE', from: 1, to: 99, side: 'odd', zip: '10003' },
        { state: 'NY', city: 'NEW YORK', street: '5TH AVE', from: 2, to: 98, side: 'even', zip: '10011' },
      ],
    );
    expect(zips.zipOfStreet('NY', 'New York', '5TH AVE', 55)).toBe('10003');
    expect(zips.zipOfStreet('NY', 'new york', 'FIFTH AVE', 80)).toBe('10011');
    expect(zips.zipOfStreet('NY', 'New York', '5TH AVE', 101)).toBeUndefined();
    expect(zips.zipOfStreet('NY', 'New York', '6TH AVE', 55)).toBeUndefined();
    expect(zips.zipOfStreet('NJ', 'New York', '5TH AVE', 55)).toBeUndefined();
  });
});
