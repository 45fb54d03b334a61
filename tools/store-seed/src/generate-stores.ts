import { BRAND_IDS, type BrandId } from '@shop/contracts';
import { METROS, type Metro } from './metros';
import { CENTRES, HOURS, LANDMARKS, STREET_TYPES, STREETS } from './names';
import { type Random, createRandom } from '@shop/catalog-seed';
import type { SeedStore, ZipPlace } from './types';
import type { ZipTable } from './zip-table';

export interface GenerateStoresOptions {
  seed?: number;
}

/**
 * How likely a store is to carry each brand: every brand ends up in well over 150 stores,
 * and the brands overlap the way department-store concessions do.
 */
const BRAND_SHARE: Record<BrandId, number> = { vanityfair: 0.6, everwear: 0.65, rallyathletic: 0.55, hoopcraft: 0.5 };
const MILES_PER_DEGREE = 69;

/** Builds the store data set; the same ZIP table and seed always give the same stores. */
export function generateStores(zips: ZipTable, { seed = 20261206 }: GenerateStoresOptions = {}): SeedStore[] {
  const random = createRandom(seed);
  const usedNames = new Set<string>();
  const byLatitude = zips.places.filter(isStreetAddressZip).sort((a, b) => a.lat - b.lat || a.zip.localeCompare(b.zip));
  return METROS.flatMap((metro) => metroStores(metro, zips, byLatitude, random, usedNames));
}

function metroStores(
  metro: Metro,
  zips: ZipTable,
  byLatitude: readonly ZipPlace[],
  random: Random,
  usedNames: Set<string>,
): SeedStore[] {
  const centre = zips.get(metro.centreZip);
  if (!centre) throw new Error(`Metro ${metro.slug}: ZIP ${metro.centreZip} is not in the ZIP table`);
  const nearby = placesNear(byLatitude, centre, metro.spreadMiles);
  return Array.from({ length: metro.stores }, (_, i) => {
    const flagship = i === 0;
    const place = flagship ? centre : random.pick(nearby);
    const centreWord = random.pick(CENTRES);
    const name = flagship && metro.flagship ? metro.flagship : uniqueName(place, centreWord.word, random, usedNames);
    usedNames.add(name);
    // A little scatter, so stores sharing a ZIP do not sit on one point (0.008 degrees is about half a mile).
    const spread = flagship ? 0.004 : 0.016;
    const unit =
      centreWord.kind === 'street' || flagship
        ? undefined
        : `${centreWord.kind === 'mall' ? 'Suite' : 'Unit'} ${random.int(1, 2)}${String(random.int(1, 60)).padStart(2, '0')}`;
    return {
      id: `${metro.slug}-${String(i + 1).padStart(2, '0')}`,
      name,
      street: `${random.int(10, 98) * 100 + random.int(0, 99)} ${random.pick(STREETS)} ${random.pick(STREET_TYPES)}`,
      ...(unit ? { unit } : {}),
      city: place.city,
      state: place.state,
      zip: place.zip,
      phone: `(${metro.areaCode}) 555-01${String(i).padStart(2, '0')}`,
      lat: round(place.lat + (random.next() - 0.5) * spread, 5),
      lng: round(place.lng + (random.next() - 0.5) * spread, 5),
      hours: flagship ? HOURS.mall[0] : random.pick(HOURS[centreWord.kind]),
      brands: flagship ? [...BRAND_IDS] : brandsFor(random),
    };
  });
}

function brandsFor(random: Random): BrandId[] {
  const brands = BRAND_IDS.filter((id) => random.chance(BRAND_SHARE[id]));
  return brands.length ? brands : [random.pick(BRAND_IDS)];
}

function uniqueName(place: ZipPlace, centre: string, random: Random, used: Set<string>): string {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const name = `${random.chance(0.3) ? place.city : random.pick(LANDMARKS)} ${centre}`;
    if (!used.has(name)) return name;
  }
  let n = 2;
  while (used.has(`${place.city} ${centre} ${n}`)) n += 1;
  return `${place.city} ${centre} ${n}`;
}

/**
 * Leaves out codes that are only PO boxes or one organisation (their centroids are rounded to
 * two decimals, or the "city" is a company name) so stores stand where people live.
 */
function isStreetAddressZip(place: ZipPlace): boolean {
  const precise = (value: number) => Math.round(value * 100) !== value * 100;
  return precise(place.lat) && precise(place.lng) && /^[A-Za-z .'-]+$/.test(place.city);
}

/**
 * The places in a cheap square around the centre (close enough for scattering stores, no
 * distance maths): a binary search on latitude, then a longitude check on that band only.
 */
function placesNear(byLatitude: readonly ZipPlace[], centre: ZipPlace, miles: number): ZipPlace[] {
  const dLat = miles / MILES_PER_DEGREE;
  const dLng = miles / (MILES_PER_DEGREE * Math.cos((centre.lat * Math.PI) / 180));
  let low = 0;
  let high = byLatitude.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (byLatitude[middle].lat < centre.lat - dLat) low = middle + 1;
    else high = middle;
  }
  const near: ZipPlace[] = [];
  for (let i = low; i < byLatitude.length && byLatitude[i].lat <= centre.lat + dLat; i += 1) {
    if (Math.abs(byLatitude[i].lng - centre.lng) <= dLng) near.push(byLatitude[i]);
  }
  return near;
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;
