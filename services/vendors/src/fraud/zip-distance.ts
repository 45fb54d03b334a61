import type { ZipData } from '../zip-data';

const EARTH_RADIUS_MILES = 3958.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Great-circle miles between two ZIP codes' centroids (haversine), or undefined when either
 * code is unknown or has no centroid: the distance rule then stays silent rather than guess.
 */
export function zipMiles(zips: ZipData, a: string, b: string): number | undefined {
  const from = zips.get(a);
  const to = zips.get(b);
  if (from?.latitude === undefined || from.longitude === undefined) return undefined;
  if (to?.latitude === undefined || to.longitude === undefined) return undefined;
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
