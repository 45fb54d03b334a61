import { haversineMiles } from './haversine';
import { storesWithin } from './stores-within';

const origin = { lat: 40, lng: -100 };
/** A store `miles` due north of the origin (one degree of latitude is 69.09 miles on this sphere). */
const north = (id: string, miles: number) => ({ id, lat: origin.lat + miles / 69.09332, lng: origin.lng });

describe('radius filtering and sorting', () => {
  it('keeps stores inside the radius, nearest first', () => {
    const stores = [north('far', 40), north('mid', 10), north('near', 2), north('edge-out', 15.2)];
    const found = storesWithin(stores, origin, 15);
    expect(found.map((s) => s.id)).toEqual(['near', 'mid']);
    expect(found[0].distanceMiles).toBeCloseTo(2, 2);
    expect(storesWithin(stores, origin, 50).map((s) => s.id)).toEqual(['near', 'mid', 'edge-out', 'far']);
  });

  it('counts a store exactly on the radius as inside, and one just past it as outside', () => {
    const onEdge = north('on-edge', 15);
    const edge = haversineMiles(origin, onEdge);
    expect(storesWithin([onEdge], origin, edge)).toHaveLength(1);
    expect(storesWithin([onEdge], origin, edge - 1e-9)).toHaveLength(0);
  });

  it('measures in every direction, not just along a meridian', () => {
    const east = {
      id: 'east',
      lat: origin.lat,
      lng: origin.lng + 14 / (69.09332 * Math.cos((origin.lat * Math.PI) / 180)),
    };
    const [found] = storesWithin([east], origin, 15);
    expect(found.distanceMiles).toBeGreaterThan(13.9);
    expect(found.distanceMiles).toBeLessThan(14.01);
  });

  it('breaks distance ties by id and returns nothing for an empty list', () => {
    const twins = [north('b', 5), north('a', 5)];
    expect(storesWithin(twins, origin, 15).map((s) => s.id)).toEqual(['a', 'b']);
    expect(storesWithin([], origin, 300)).toEqual([]);
  });

  it('leaves the input untouched', () => {
    const stores = [north('x', 1)];
    storesWithin(stores, origin, 15);
    expect(stores[0]).not.toHaveProperty('distanceMiles');
  });
});
