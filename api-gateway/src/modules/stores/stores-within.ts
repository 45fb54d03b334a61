import { haversineMiles } from './haversine';
import type { GeoPoint } from './store-types';

export type Measured<T> = T & { distanceMiles: number };

/**
 * The stores no farther than `radiusMiles` from the origin (a store exactly on the edge
 * counts), nearest first; equal distances fall back to the id so the order never flickers.
 * Distances are exact here: rounding for display happens after the cut, so a store shown
 * as "15.0 mi" is never outside a 15-mile search.
 */
export function storesWithin<T extends GeoPoint & { id: string }>(
  stores: readonly T[],
  origin: GeoPoint,
  radiusMiles: number,
): Array<Measured<T>> {
  return stores
    .map((store) => ({ ...store, distanceMiles: haversineMiles(origin, store) }))
    .filter((store) => store.distanceMiles <= radiusMiles)
    .sort((a, b) => a.distanceMiles - b.distanceMiles || a.id.localeCompare(b.id));
}
