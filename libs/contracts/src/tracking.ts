import { z } from 'zod';

import type { TrackingEventName } from './tracking-events';

export const TRACKING_MAX_BODY_BYTES = 16 * 1024;

const base = {
  eventUrl: z
    .string()
    .max(2048)
    .url()
    .refine((u) => /^https?:\/\//i.test(u), { message: 'eventUrl must be an http(s) URL' }),
  eventId: z.uuid(),
  sessionToken: z.uuid(),
};

/** Free-form payload of events the spec passes whole: bounded JSON values only. */
const jsonScalar = z.union([z.string().max(2048), z.number().finite(), z.boolean(), z.null()]);
type Json = z.infer<typeof jsonScalar> | Json[] | { [key: string]: Json };
const jsonValue: z.ZodType<Json> = z.lazy(() =>
  z.union([jsonScalar, z.array(jsonValue).max(100), z.record(z.string().max(100), jsonValue)]),
);

const whole = <N extends TrackingEventName>(name: N) =>
  z.object({ event: z.literal(name), ...base }).catchall(jsonValue);
const onlyBase = <N extends TrackingEventName>(name: N) => z.strictObject({ event: z.literal(name), ...base });

export const trackingRecordSchema = z.discriminatedUnion('event', [
  z.strictObject({
    event: z.literal('ADD_TO_CART'),
    ...base,
    sku: z.string().min(1).max(64),
    quantity: z.number().int().min(1).max(99),
  }),
  z.strictObject({ event: z.literal('ORDER'), ...base, orderNumber: z.string().min(1).max(64) }),
  onlyBase('ADD_PAYMENT_INFO'),
  onlyBase('ADD_SHIPPING_INFO'),
  onlyBase('BEGIN_CHECKOUT'),
  whole('CART_VIEW'),
  whole('EMAIL'),
  whole('PAGE_VIEW'),
  whole('PRODUCT_VIEW'),
  whole('RETAILER_PRODUCT_LINK_CLICK'),
]);
export type TrackingRecord = z.infer<typeof trackingRecordSchema>;
