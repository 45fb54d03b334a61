import { BRAND_IDS } from '@shop/contracts';
import { E2E_ZIPS } from './e2e-zips';
import { generateStores } from './generate-stores';
import type { SeedStore } from './types';
import { type ZipTable, loadZipTable } from './zip-table';

/** Equirectangular distance: within a fraction of a percent of great-circle at these ranges. */
const roughMiles = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) => {
  const x = (b.lng - a.lng) * Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  return Math.hypot(x, b.lat - a.lat) * 69.09;
};

let zips: ZipTable;
let stores: SeedStore[];
beforeAll(async () => {
  zips = await loadZipTable();
  stores = generateStores(zips);
});

describe('store data set generator', () => {
  it('looks up every US ZIP code, and only US ones', () => {
    expect(zips.places.length).toBeGreaterThan(40_000);
    expect(zips.get('10001')).toMatchObject({ city: 'New York', state: 'NY' });
    expect(zips.get('99501')).toMatchObject({ city: 'Anchorage', state: 'AK' });
    expect(zips.get('00000')).toBeUndefined();
    expect(zips.places.every((place) => /^\d{5}$/.test(place.zip))).toBe(true);
  });

  it('builds a few hundred stores, the same ones every run', () => {
    expect(stores.length).toBeGreaterThanOrEqual(300);
    expect(stores.length).toBeLessThanOrEqual(400);
    expect(generateStores(zips)).toEqual(stores);
    expect(generateStores(zips, { seed: 7 })).not.toEqual(stores);
    expect(new Set(stores.map((s) => s.id)).size).toBe(stores.length);
    expect(new Set(stores.map((s) => s.name)).size).toBe(stores.length);
  });

  it('places stores at real ZIP codes with fictional phone numbers and a week of hours', () => {
    for (const store of stores) {
      const place = zips.get(store.zip);
      expect(place).toMatchObject({ city: store.city, state: store.state });
      expect(roughMiles(store, place!)).toBeLessThan(1);
      expect(store.phone).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
      expect(store.street).toMatch(/^\d{3,4} [A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(store.hours.map((h) => h.day)).toEqual([
        'monday',
        'tuesday',
        'wednesday',
        'thursday',
        'friday',
        'saturday',
        'sunday',
      ]);
      expect(store.brands.length).toBeGreaterThan(0);
    }
  });

  it('gives every brand 150+ stores, and near each test ZIP one within 15 miles and clearly more within 300', () => {
    for (const brand of BRAND_IDS) {
      const carrying = stores.filter((s) => s.brands.includes(brand));
      expect(carrying.length).toBeGreaterThanOrEqual(150);
      for (const zip of Object.values(E2E_ZIPS)) {
        const origin = zips.get(zip)!;
        const within = (miles: number) => carrying.filter((s) => roughMiles(origin, s) <= miles).length;
        expect(within(15)).toBeGreaterThanOrEqual(1);
        expect(within(300)).toBeGreaterThanOrEqual(within(15) + 10);
      }
    }
  });
});
