import type { StoreDirectory } from '../../clients/stores';
import { findStores } from './find-stores-use-case';
import type { StoreRecord } from './store-types';

const hours: StoreRecord['hours'] = [{ day: 'sunday', closed: true }];
const store = (id: string, lat: number, lng: number): StoreRecord => ({
  id,
  name: `Place ${id}`,
  addressLines: ['1 Main Street'],
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  phone: '(217) 555-0100',
  hours,
  lat,
  lng,
});
const directory: StoreDirectory = {
  findZip: async (zip) =>
    zip === '62701' ? { zip, city: 'Springfield', state: 'IL', lat: 39.8, lng: -89.65 } : undefined,
  storesForBrand: async (brand) =>
    brand === 'everwear'
      ? [store('far', 40.2, -89.65), store('near', 39.81, -89.65), store('away', 41.88, -87.63)]
      : [],
};
const brand = { id: 'everwear' as const, name: 'Everwear' };

describe('finding stores', () => {
  it('lists the brand stores inside the radius of a ZIP, nearest first, named for the brand', async () => {
    const result = await findStores({ zip: '62701', radius: 30 }, { brand, directory });
    expect(result?.origin).toMatchObject({ label: 'Springfield, IL 62701', zip: '62701', lat: 39.8, lng: -89.65 });
    expect(result?.total).toBe(2);
    expect(result?.stores.map((s) => s.name)).toEqual(['Everwear — Place near', 'Everwear — Place far']);
    // 0.01 degree of latitude is 0.69 miles; 0.4 degree is 27.6 miles.
    expect(result?.stores.map((s) => s.distanceMiles)).toEqual([0.7, 27.6]);
  });

  it('widens to more stores with a bigger radius', async () => {
    const result = await findStores({ zip: '62701', radius: 300 }, { brand, directory });
    expect(result?.stores.map((s) => s.id)).toEqual(['near', 'far', 'away']);
  });

  it('searches around a position and gives directions links and map points', async () => {
    const result = await findStores({ lat: 39.81, lng: -89.65, radius: 15 }, { brand, directory });
    expect(result?.origin).toMatchObject({ label: 'your location', lat: 39.81, lng: -89.65 });
    expect(result?.origin.zip).toBeUndefined();
    const [near] = result!.stores;
    expect(near).toMatchObject({ id: 'near', distanceMiles: 0, hours });
    expect(near.directionsUrl).toBe('https://www.google.com/maps/dir/?api=1&destination=39.81,-89.65');
    expect(near.map).toEqual(result?.origin.map);
  });

  it('finds nothing for an unknown ZIP code, and nothing for a brand without stores', async () => {
    expect(await findStores({ zip: '00000', radius: 300 }, { brand, directory })).toBeUndefined();
    const none = await findStores(
      { zip: '62701', radius: 300 },
      { brand: { id: 'hoopcraft', name: 'Hoopcraft' }, directory },
    );
    expect(none).toMatchObject({ total: 0, stores: [] });
  });
});
