import type { OpeningHours } from '@shop/contracts';

export interface GeoPoint {
  lat: number;
  lng: number;
}

/** A store as any store provider describes it, before a search measures it. */
export interface StoreRecord extends GeoPoint {
  id: string;
  /** The location's own name ("Riverside Plaza"); the brand's name goes in front when shown. */
  name: string;
  addressLines: string[];
  city: string;
  state: string;
  zip: string;
  phone: string;
  hours: OpeningHours[];
}

/** A ZIP code's centroid. */
export interface ZipCentroid extends GeoPoint {
  zip: string;
  city: string;
  state: string;
}
