/** A US ZIP code's preferred city (upper case, as USPS prints it) and state. */
export interface ZipPlace {
  zip: string;
  city: string;
  state: string;
}

export interface ZipData {
  get(zip: string): ZipPlace | undefined;
  /** The ZIP codes of a city in a state, ascending (the city compared by {@link cityKey}). */
  zipsOfCity(state: string, city: string): readonly string[];
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

interface RawZip {
  zip: string;
  city: string;
  state: string;
  country: string;
}

/** Every US ZIP code of the rows (the package also carries Canadian postal codes). */
export function zipDataFrom(rows: readonly RawZip[]): ZipData {
  const byZip = new Map<string, ZipPlace>();
  const byCity = new Map<string, string[]>();
  for (const row of rows) {
    if (row.country !== 'US' || !/^\d{5}$/.test(row.zip)) continue;
    const place = { zip: row.zip, city: row.city.toUpperCase(), state: row.state };
    byZip.set(place.zip, place);
    const key = `${place.state}|${cityKey(place.city)}`;
    byCity.set(key, [...(byCity.get(key) ?? []), place.zip]);
  }
  for (const zips of byCity.values()) zips.sort();
  return {
    get: (zip) => byZip.get(zip.slice(0, 5)),
    zipsOfCity: (state, city) => byCity.get(`${state}|${cityKey(city)}`) ?? [],
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
