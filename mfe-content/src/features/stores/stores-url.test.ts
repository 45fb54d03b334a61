import { parseStoreSearch, roundPosition, storeSearchQuery, widerRadius } from './stores-url';

const parse = (search: string) => parseStoreSearch(new URLSearchParams(search));

describe('store search in the URL', () => {
  it('reads a ZIP search and a position search, with the radius', () => {
    expect(parse('zip=10001&radius=300')).toEqual({ origin: { zip: '10001' }, radius: 300 });
    expect(parse('lat=40.748&lng=-73.997&radius=30')).toEqual({ origin: { lat: 40.748, lng: -73.997 }, radius: 30 });
  });

  it('falls back to 15 miles and drops malformed origins', () => {
    expect(parse('zip=10001')).toEqual({ origin: { zip: '10001' }, radius: 15 });
    expect(parse('zip=10001&radius=20')).toEqual({ origin: { zip: '10001' }, radius: 15 });
    expect(parse('zip=1234&radius=50')).toEqual({ radius: 50 });
    expect(parse('lat=95&lng=0')).toEqual({ radius: 15 });
    expect(parse('lat=40')).toEqual({ radius: 15 });
    expect(parse('')).toEqual({ radius: 15 });
  });

  it('writes the same query it reads, so reload and back show the same search', () => {
    for (const search of ['zip=60601&radius=100', 'lat=41.886&lng=-87.618&radius=15']) {
      expect(storeSearchQuery(parse(search))).toBe(search);
    }
  });

  it('rounds a position to three decimals and suggests the next wider radius', () => {
    expect(roundPosition({ lat: 40.748433, lng: -73.985656 })).toEqual({ lat: 40.748, lng: -73.986 });
    expect(widerRadius(15)).toBe(30);
    expect(widerRadius(100)).toBe(300);
    expect(widerRadius(300)).toBeUndefined();
  });
});
