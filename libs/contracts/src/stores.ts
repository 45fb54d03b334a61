import { z } from 'zod';
import { safeText } from './text';

import { DEFAULT_STORE_RADIUS, STORE_RADII, STORE_WEEKDAYS } from './stores-constants';

export { DEFAULT_STORE_RADIUS, STORE_MAP_SIZE, STORE_RADII, STORE_WEEKDAYS } from './stores-constants';
export type StoreRadius = (typeof STORE_RADII)[number];
export type Weekday = (typeof STORE_WEEKDAYS)[number];

const decimal = /^-?\d{1,3}(\.\d{1,10})?$/;
const coordinate = (limit: number) =>
  z
    .string({ message: 'must be a decimal number' })
    .trim()
    .regex(decimal, { message: 'must be a decimal number' })
    .transform(Number)
    .refine((value) => Math.abs(value) <= limit, { message: `must be between -${limit} and ${limit}` });

const radiusText = STORE_RADII.join(', ');

/**
 * GET /api/stores query: a 5-digit US ZIP code, or the browser's position as lat and lng,
 * and a radius from SPEC §9 (15 miles when absent). Every problem names its parameter.
 */
export const storeQuerySchema = z
  .strictObject({
    zip: safeText({ message: 'must be a 5-digit US ZIP code' })
      .trim()
      .regex(/^\d{5}$/, { message: 'must be a 5-digit US ZIP code' })
      .optional(),
    lat: coordinate(90).optional(),
    lng: coordinate(180).optional(),
    radius: z
      .string({ message: `must be one of ${radiusText}` })
      .trim()
      .refine((value) => (STORE_RADII as readonly number[]).includes(Number(value)) && /^\d+$/.test(value), {
        message: `must be one of ${radiusText}`,
      })
      .transform((value) => Number(value) as StoreRadius)
      .optional(),
  })
  .superRefine((query, context) => {
    const hasPosition = query.lat !== undefined || query.lng !== undefined;
    if (query.zip !== undefined && hasPosition) {
      context.addIssue({ code: 'custom', path: ['zip'], message: 'give either zip or lat and lng, not both' });
    } else if (query.zip === undefined && !hasPosition) {
      context.addIssue({
        code: 'custom',
        path: ['zip'],
        message: 'is required: a 5-digit US ZIP code, or lat and lng',
      });
    } else if (hasPosition && query.lat === undefined) {
      context.addIssue({ code: 'custom', path: ['lat'], message: 'is required with lng' });
    } else if (hasPosition && query.lng === undefined) {
      context.addIssue({ code: 'custom', path: ['lng'], message: 'is required with lat' });
    }
  })
  .transform(({ zip, lat, lng, radius }): StoreQuery => {
    const within = radius ?? (DEFAULT_STORE_RADIUS as StoreRadius);
    return zip !== undefined ? { zip, radius: within } : { lat: lat as number, lng: lng as number, radius: within };
  });

export type StoreQuery = { zip: string; radius: StoreRadius } | { lat: number; lng: number; radius: StoreRadius };

/** A point in the map's 975 x 610 space, or null when the projection has no place for it (outside the US). */
export type MapPoint = { x: number; y: number } | null;

export type OpeningHours = { day: Weekday; opens: string; closes: string } | { day: Weekday; closed: true };

export interface StoreSummary {
  id: string;
  name: string;
  addressLines: string[];
  city: string;
  state: string;
  zip: string;
  /** Display form, e.g. "(212) 555-0134". */
  phone: string;
  /** Monday to Sunday; times are 24-hour "HH:MM" local to the store. */
  hours: OpeningHours[];
  lat: number;
  lng: number;
  /** Straight-line (haversine) distance from the search origin, rounded to 0.1 mile. */
  distanceMiles: number;
  /** A map provider's directions link to the store's position; nothing is fetched from it. */
  directionsUrl: string;
  map: MapPoint;
}

export interface StoreSearchOrigin {
  /** "New York, NY 10001" for a ZIP search, "your location" for a position. */
  label: string;
  zip?: string;
  lat: number;
  lng: number;
  map: MapPoint;
}

/** GET /api/stores */
export interface StoreSearchResponse {
  origin: StoreSearchOrigin;
  radius: StoreRadius;
  total: number;
  /** Nearest first. */
  stores: StoreSummary[];
}
