import type { ZipPlace } from './types';

export interface ZipTable {
  get(zip: string): ZipPlace | undefined;
  /** Every US ZIP code with a centroid, in ascending order. */
  readonly places: readonly ZipPlace[];
}

let loading: Promise<ZipTable> | undefined;

/**
 * US ZIP centroids from the `zipcodes` package (BSD licence; US data from
 * federalgovernmentzipcodes.us): about 42,000 codes in 5 MB of source, so it is loaded on the
 * first search rather than at start-up, and only once.
 */
export function loadZipTable(): Promise<ZipTable> {
  loading ??= import('zipcodes')
    .then(({ codes }) => zipTableFrom(Object.values(codes)))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

interface RawZip {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

/** Keeps US codes that have a position; the package also carries Canadian postal codes. */
export function zipTableFrom(rows: readonly RawZip[]): ZipTable {
  const places = rows
    .filter(
      (row) =>
        row.country === 'US' &&
        /^\d{5}$/.test(row.zip) &&
        Number.isFinite(row.latitude) &&
        Number.isFinite(row.longitude) &&
        (row.latitude !== 0 || row.longitude !== 0),
    )
    .map((row): ZipPlace => ({ zip: row.zip, city: row.city, state: row.state, lat: row.latitude, lng: row.longitude }))
    .sort((a, b) => a.zip.localeCompare(b.zip));
  const byZip = new Map(places.map((place) => [place.zip, place]));
  return { get: (zip) => byZip.get(zip), places };
}
