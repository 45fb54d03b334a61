import { z } from 'zod';

import { safeText, textProblem } from './text';
import type { TrackingEventName } from './tracking-events';

export const TRACKING_MAX_BODY_BYTES = 16 * 1024;

const base = {
  eventUrl: safeText()
    .max(2048)
    .url()
    .refine((u) => /^https?:\/\//i.test(u), { message: 'eventUrl must be an http(s) URL' }),
  eventId: z.uuid(),
  /**
   * The gateway issues the sessionToken cookie (SPEC §4) and records its value; a browser that
   * has the cookie repeats it here and the gateway refuses a record whose token differs.
   */
  sessionToken: z.uuid().optional(),
};

/** Free-form payload of events the spec passes whole: bounded JSON values only. */
const jsonScalar = z.union([safeText().max(2048), z.number().finite(), z.boolean(), z.null()]);
type Json = z.infer<typeof jsonScalar> | Json[] | { [key: string]: Json };
const jsonValue: z.ZodType<Json> = z.lazy(() =>
  z.union([jsonScalar, z.array(jsonValue).max(100), z.record(safeText().max(100), jsonValue)]),
);

// catchall validates the values only: the payload's own field names get the text rule here.
const whole = <N extends TrackingEventName>(name: N) =>
  z
    .object({ event: z.literal(name), ...base })
    .catchall(jsonValue)
    .refine((record) => Object.keys(record).every((key) => key.length <= 100 && !textProblem(key)), {
      message: 'field names must be plain text of at most 100 characters',
    });
const onlyBase = <N extends TrackingEventName>(name: N) => z.strictObject({ event: z.literal(name), ...base });

export const trackingRecordSchema = z.discriminatedUnion('event', [
  z.strictObject({
    event: z.literal('ADD_TO_CART'),
    ...base,
    sku: safeText().min(1).max(64),
    quantity: z.number().int().min(1).max(99),
  }),
  z.strictObject({ event: z.literal('ORDER'), ...base, orderNumber: safeText().min(1).max(64) }),
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
