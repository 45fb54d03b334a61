import { STREET_RANGES, type StreetRange } from './street-ranges';

/** A US ZIP code's preferred city (upper case, as USPS prints it) and state. */
export interface ZipPlace {
  zip: string;
  city: string;
  state: string;
  /** The ZIP code's centroid, where the data has one (the fraud screen's billing/shipping distance). */
  latitude?: number;
  longitude?: number;
}

export interface ZipData {
  get(zip: string): ZipPlace | undefined;
  /** The ZIP codes of a city in a state, ascending (the city compared by {@link cityKey}). */
  zipsOfCity(state: string, city: string): readonly string[];
  /**
   * The ZIP code of a house number on a street of a city, where the street ranges
   * (street-ranges.ts) cover it; undefined for a street or number they do not know.
   * `street` is the street line's standard form without the house number and unit (`5TH AVE`).
   */
  zipOfStreet(state: string, city: string, street: string, houseNumber: number): string | undefined;
}

/**
 * How two spellings of one city compare: upper case, punctuation and repeated spaces dropped,
 * and the words USPS abbreviates in city names (SAINT, MOUNT, FORT) in one form.
 */
export function cityKey(city: string): string {
  return city
    .toUpperCase()
    .replace(/[.,']/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\bSAINT\b/g, 'ST')
    .replace(/\bSAINTE\b/g, 'STE')
    .replace(/\bMOUNT\b/g, 'MT')
    .replace(/\bFORT\b/g, 'FT');
}

const ORDINALS = ['FIRST', 'SECOND', 'THIRD', 'FOURTH', 'FIFTH', 'SIXTH', 'SEVENTH', 'EIGHTH', 'NINTH', 'TENTH'];
const NUMBERED = ['1ST', '2ND', '3RD', '4TH', '5TH', '6TH', '7TH', '8TH', '9TH', '10TH'];

/** How two spellings of one street compare: as {@link cityKey}, and FIFTH AVE as 5TH AVE. */
export function streetKey(street: string): string {
  return cityKey(street)
    .split(' ')
    .map((word) => NUMBERED[ORDINALS.indexOf(word)] ?? word)
    .join(' ');
}

interface RawZip {
  zip: string;
  city: string;
  state: string;
  country: string;
  latitude?: number;
  longitude?: number;
}

/**
 * Every US ZIP code of the rows (the package also carries Canadian postal codes), and the
 * street ranges.
 */
export function zipDataFrom(rows: readonly RawZip[], streets: readonly StreetRange[] = STREET_RANGES): ZipData {
  const byZip = new Map<string, ZipPlace>();
  const byCity = new Map<string, string[]>();
  for (const row of rows) {
    if (row.country !== 'US' || !/^\d{5}$/.test(row.zip)) continue;
    const place: ZipPlace = { zip: row.zip, city: row.city.toUpperCase(), state: row.state };
    if (Number.isFinite(row.latitude) && Number.isFinite(row.longitude)) {
      place.latitude = row.latitude;
      place.longitude = row.longitude;
    }
    byZip.set(place.zip, place);
    const key = `${place.state}|${cityKey(place.city)}`;
    byCity.set(key, [...(byCity.get(key) ?? []), place.zip]);
  }
  for (const zips of byCity.values()) zips.sort();
  const streetAt = (state: string, city: string, street: string) => `${state}|${cityKey(city)}|${streetKey(street)}`;
  const byStreet = new Map<string, StreetRange[]>();
  for (const range of streets) {
    const key = streetAt(range.state, range.city, range.street);
    byStreet.set(key, [...(byStreet.get(key) ?? []), range]);
  }
  const onSide = (side: StreetRange['side'], house: number) =>
    side === 'both' || (house % 2 === 1) === (side === 'odd');
  return {
    get: (zip) => byZip.get(zip.slice(0, 5)),
    zipsOfCity: (state, city) => byCity.get(`${state}|${cityKey(city)}`) ?? [],
    zipOfStreet: (state, city, street, house) =>
      byStreet
        .get(streetAt(state, city, street))
        ?.find((range) => range.from <= house && house <= range.to && onSide(range.side, house))?.zip,
  };
}

let loading: Promise<ZipData> | undefined;

/**
 * The ZIP data of the `zipcodes` package (the one the store locator ships; about 42,000 US codes
 * in 5 MB of source), loaded on the first lookup rather than at start-up, and only once.
 */
export function loadZipData(): Promise<ZipData> {
  loading ??= import('zipcodes')
    .then(({ codes }) => zipDataFrom(Object.values(codes)))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
