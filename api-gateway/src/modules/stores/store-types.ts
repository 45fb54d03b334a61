import type { StoreSummary } from '@shop/contracts';

export interface GeoPoint {
  lat: number;
  lng: number;
}

/**
 * A store as any store provider describes it, before a search measures it; `name` is the
 * location's own name ("Riverside Plaza"), the brand's name goes in front when shown.
 */
export type StoreRecord = Pick<
  StoreSummary,
  'id' | 'name' | 'addressLines' | 'city' | 'state' | 'zip' | 'phone' | 'hours' | 'lat' | 'lng'
>;

/** A ZIP code's centroid. */
export interface ZipCentroid extends GeoPoint {
  zip: string;
  city: string;
  state: string;
}
