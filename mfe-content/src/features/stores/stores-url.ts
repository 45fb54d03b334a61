import { DEFAULT_STORE_RADIUS, STORE_RADII, type StoreRadius } from '@shop/contracts/browser';

export type StoreOrigin = { zip: string } | { lat: number; lng: number };

export interface StoreSearch {
  origin?: StoreOrigin;
  radius: StoreRadius;
}

const coordinate = (value: string | null, limit: number) => {
  if (value === null || !/^-?\d{1,3}(\.\d{1,10})?$/.test(value)) return undefined;
  const number = Number(value);
  return Math.abs(number) <= limit ? number : undefined;
};
export const isZip = (value: string) => /^\d{5}$/.test(value);
export const isRadius = (value: number): value is StoreRadius => (STORE_RADII as readonly number[]).includes(value);

/** Reads a search from the page URL (?zip=10001&radius=15 or ?lat=..&lng=..); anything malformed is dropped. */
export function parseStoreSearch(params: URLSearchParams): StoreSearch {
  const radius = Number(params.get('radius'));
  const zip = params.get('zip')?.trim() ?? '';
  const lat = coordinate(params.get('lat'), 90);
  const lng = coordinate(params.get('lng'), 180);
  const origin: StoreOrigin | undefined = isZip(zip)
    ? { zip }
    : lat !== undefined && lng !== undefined
      ? { lat, lng }
      : undefined;
  return { ...(origin ? { origin } : {}), radius: isRadius(radius) ? radius : (DEFAULT_STORE_RADIUS as StoreRadius) };
}

/** The query string for a search: the page URL and the API take the same one. */
export function storeSearchQuery({ origin, radius }: StoreSearch): string {
  const params = new URLSearchParams();
  if (origin && 'zip' in origin) params.set('zip', origin.zip);
  if (origin && 'lat' in origin) {
    params.set('lat', String(origin.lat));
    params.set('lng', String(origin.lng));
  }
  params.set('radius', String(radius));
  return params.toString();
}

/** A position rounded to about 100 m: close enough to find stores, and no more precise than that in URLs and logs. */
export const roundPosition = ({ lat, lng }: { lat: number; lng: number }) => ({
  lat: Math.round(lat * 1000) / 1000,
  lng: Math.round(lng * 1000) / 1000,
});

/** The next wider radius, for the empty state's suggestion; undefined at the widest. */
export const widerRadius = (radius: StoreRadius): StoreRadius | undefined =>
  STORE_RADII[STORE_RADII.indexOf(radius) + 1];
