import type { BrandId } from '@shop/contracts';
import { type SeedStore, type ZipTable, generateStores, loadZipTable } from '@shop/store-seed';
import type { StoreRecord, ZipCentroid } from '../../modules/stores/store-types';
import type { StoreDirectory } from './store-directory';

interface LocalData {
  zips: ZipTable;
  byBrand: Map<BrandId, StoreRecord[]>;
}

/**
 * The generated store data set and the packaged ZIP centroids, in memory. Built on the first
 * search (a few hundred ms), then shared by every request.
 */
export function createLocalStoreProvider(): StoreDirectory {
  let loading: Promise<LocalData> | undefined;
  const data = () => {
    // A failed load is not kept: the next search tries again.
    loading ??= loadZipTable()
      .then((zips) => ({ zips, byBrand: groupByBrand(generateStores(zips)) }))
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    return loading;
  };
  return {
    async findZip(zip) {
      const place = (await data()).zips.get(zip);
      return place ? reshapeZip(place) : undefined;
    },
    async storesForBrand(brand) {
      return (await data()).byBrand.get(brand) ?? [];
    },
  };
}

function groupByBrand(stores: readonly SeedStore[]): Map<BrandId, StoreRecord[]> {
  const byBrand = new Map<BrandId, StoreRecord[]>();
  for (const store of stores) {
    const record = reshapeStore(store);
    for (const brand of store.brands) {
      const list = byBrand.get(brand) ?? [];
      list.push(record);
      byBrand.set(brand, list);
    }
  }
  return byBrand;
}

function reshapeStore(store: SeedStore): StoreRecord {
  return {
    id: store.id,
    name: store.name,
    addressLines: store.unit ? [store.street, store.unit] : [store.street],
    city: store.city,
    state: store.state,
    zip: store.zip,
    phone: store.phone,
    hours: store.hours,
    lat: store.lat,
    lng: store.lng,
  };
}

const reshapeZip = (place: { zip: string; city: string; state: string; lat: number; lng: number }): ZipCentroid => ({
  ...place,
});
