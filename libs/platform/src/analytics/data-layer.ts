import { TRACKING_EVENTS } from '@shop/contracts/browser';
import type { TrackInput } from './event-record';

/** Removed before anything reaches the analytics data layer (SPEC §3). */
const REMOVED = new Set(['billingAddress', 'payment', 'shippingAddress', 'shippingMethod', 'shippingPrice']);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Drops billing address, payment, shipping address, shipping method and shipping price at any
 * depth, keeping only the shipping method's description and the shipping price's discountedAmount.
 */
export function sanitiseForDataLayer<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => sanitiseForDataLayer(item)) as T;
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (!REMOVED.has(key)) {
      out[key] = sanitiseForDataLayer(child);
    } else if (key === 'shippingMethod' && isObject(child) && child.description !== undefined) {
      out[key] = { description: child.description };
    } else if (key === 'shippingPrice' && isObject(child) && child.discountedAmount !== undefined) {
      out[key] = { discountedAmount: sanitiseForDataLayer(child.discountedAmount) };
    }
  }
  return out as T;
}

/** The GA4-named data-layer entry for a tracked event. */
export function toDataLayerEvent(input: TrackInput, eventId: string): Record<string, unknown> {
  const { event, ...rest } = input;
  return { ...sanitiseForDataLayer(rest), event: TRACKING_EVENTS[event], eventId };
}
