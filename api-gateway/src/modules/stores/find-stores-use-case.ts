import type { BrandId, StoreQuery, StoreSearchOrigin, StoreSearchResponse, StoreSummary } from '@shop/contracts';
import type { StoreDirectory } from '../../clients/stores';
import type { StoreRecord } from './store-types';
import { type Measured, storesWithin } from './stores-within';
import { projectToMap } from './us-map';

export interface StoreSearchContext {
  brand: { id: BrandId; name: string };
  directory: StoreDirectory;
}

/**
 * The brand's stores within the radius of a ZIP code or a position, nearest first, with map
 * positions. Undefined when the ZIP code does not exist.
 */
export async function findStores(
  query: StoreQuery,
  { brand, directory }: StoreSearchContext,
): Promise<StoreSearchResponse | undefined> {
  const origin = await originOf(query, directory);
  if (!origin) return undefined;
  const stores = storesWithin(await directory.storesForBrand(brand.id), origin, query.radius).map((store) =>
    toSummary(store, brand.name),
  );
  return { origin, radius: query.radius, total: stores.length, stores };
}

async function originOf(query: StoreQuery, directory: StoreDirectory): Promise<StoreSearchOrigin | undefined> {
  if ('lat' in query) return { label: 'your location', lat: query.lat, lng: query.lng, map: projectToMap(query) };
  const place = await directory.findZip(query.zip);
  if (!place) return undefined;
  return {
    label: `${place.city}, ${place.state} ${place.zip}`,
    zip: place.zip,
    lat: place.lat,
    lng: place.lng,
    map: projectToMap(place),
  };
}

function toSummary(store: Measured<StoreRecord>, brandName: string): StoreSummary {
  // Providers reshape their records to exactly StoreRecord, so spreading adds nothing unknown.
  return {
    ...store,
    name: `${brandName} — ${store.name}`,
    distanceMiles: Math.round(store.distanceMiles * 10) / 10,
    directionsUrl: directionsUrl(store),
    map: projectToMap(store),
  };
}

/** A link the shopper follows to their own map app; the gateway never calls it. Both parts are numbers, so nothing needs escaping. */
export const directionsUrl = ({ lat, lng }: { lat: number; lng: number }) =>
  `https://www.google.com/maps/dir/?api=1&destination=${lat},${lng}`;
