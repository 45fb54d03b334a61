import { haversineMiles } from './haversine';

const NEW_YORK = { lat: 40.7128, lng: -74.006 };
const LOS_ANGELES = { lat: 34.0522, lng: -118.2437 };
const CHICAGO = { lat: 41.8781, lng: -87.6298 };
const LONDON = { lat: 51.5074, lng: -0.1278 };
const PARIS = { lat: 48.8566, lng: 2.3522 };

describe('haversine distance', () => {
  it('matches the published great-circle distances of known city pairs', () => {
    expect(haversineMiles(NEW_YORK, LOS_ANGELES)).toBeCloseTo(2445.6, 0); // 3,935.7 km
    expect(haversineMiles(NEW_YORK, CHICAGO)).toBeCloseTo(711.0, 0); // 1,144.3 km
    expect(haversineMiles(LONDON, PARIS)).toBeCloseTo(213.5, 0); // 343.5 km, across the prime meridian
  });

  it('is zero for one point and the same both ways', () => {
    expect(haversineMiles(CHICAGO, CHICAGO)).toBe(0);
    expect(haversineMiles(LOS_ANGELES, NEW_YORK)).toBeCloseTo(haversineMiles(NEW_YORK, LOS_ANGELES), 9);
  });

  it('measures one degree of latitude as about 69 miles, and half the globe for antipodes', () => {
    expect(haversineMiles({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBeCloseTo(69.09, 2);
    expect(haversineMiles({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 3958.8, 6);
  });
});
