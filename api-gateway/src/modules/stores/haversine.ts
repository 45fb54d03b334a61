import type { GeoPoint } from './store-types';

/** Mean Earth radius (IUGG), in statute miles. */
export const EARTH_RADIUS_MILES = 3958.8;
const RADIANS = Math.PI / 180;

/** Great-circle distance in miles; a sphere is within 0.5% of the real Earth, plenty for "3.2 mi". */
export function haversineMiles(a: GeoPoint, b: GeoPoint): number {
  const dLat = (b.lat - a.lat) * RADIANS;
  const dLng = (b.lng - a.lng) * RADIANS;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RADIANS) * Math.cos(b.lat * RADIANS) * Math.sin(dLng / 2) ** 2;
  // min(): rounding can push h a hair above 1 for antipodal points, and asin would give NaN.
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
