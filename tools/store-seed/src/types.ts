import type { BrandId, OpeningHours } from '@shop/contracts';

/** One US ZIP code's centroid, with the city and state the postal service names for it. */
export interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  lat: number;
  lng: number;
}

/** A shop that sells one or more of the brands, as a store API would describe it. */
export interface SeedStore {
  /** Stable across runs: the metro's slug and a sequence number. */
  id: string;
  /** The location's own name ("Riverside Plaza"); brand sites put their name in front. */
  name: string;
  street: string;
  unit?: string;
  city: string;
  state: string;
  zip: string;
  /** In the fictional 555-0100..0199 range, so no real number is ever shown. */
  phone: string;
  lat: number;
  lng: number;
  /** Monday to Sunday. */
  hours: OpeningHours[];
  brands: BrandId[];
}
