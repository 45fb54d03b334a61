import { TRACKING_MAX_BODY_BYTES, trackingRecordSchema } from '@shop/contracts';
import { z } from 'zod';
import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { trackingApi } from './tracking-routes';

export type TrackingDeps = Pick<AppDeps, 'sink' | 'throttle' | 'sessions'>;

/** SPEC §3 tracking events from this site's pages, logged under the gateway-issued session token. */
export function trackingModule({ sink, throttle, sessions }: TrackingDeps): GatewayModule {
  return {
    name: 'tracking',
    // No body parser in front: the route checks media type, origin and rate limits before it parses the body.
    api: [{ path: '/tracking', router: trackingApi(sink, throttle, sessions) }],
    openapi: {
      '/api/tracking': {
        post: {
          summary: 'Record one SPEC §3 tracking event (same-origin only, application/json only; takes no CSRF token)',
          description:
            'Needs Sec-Fetch-Site: same-origin, or without it an Origin equal to this origin. The sessionToken cookie (SPEC §4) is issued and signed by the gateway with page loads, and with this answer when the request has none or one the gateway did not issue (a value the browser makes up is replaced); the record is logged under it. At most 120 events a minute per session and 600 per address. ADD_TO_CART keeps sku and quantity, ORDER keeps orderNumber, payment, shipping and begin-checkout keep nothing else; other events are passed whole (JSON values, strings at most 2,048 characters). The log rotates past TRACKING_LOG_MAX_BYTES, keeping TRACKING_LOG_FILES files.',
          headers: [
            { name: 'Sec-Fetch-Site', in: 'header', schema: z.enum(['same-origin']) },
            { name: 'Origin', in: 'header', schema: z.string(), description: 'Checked when Sec-Fetch-Site is absent' },
            { name: 'sessionToken', in: 'cookie', schema: z.uuid() },
          ],
          body: trackingRecordSchema,
          responses: {
            '204': {
              description:
                'Not recorded: analytics is off for this request (the session chose it, or Sec-GPC: 1); nothing is appended',
            },
            '202': {
              description: 'Accepted; sets the sessionToken cookie when the request had none',
              schema: z.object({ accepted: z.literal(true) }),
              headers: { 'Set-Cookie': { schema: z.string() } },
            },
            '400': {
              description: 'INVALID_TRACKING_EVENT, INVALID_JSON, BODY_TOO_DEEP or SESSION_TOKEN_MISMATCH',
              schema: 'error',
            },
            '403': { description: 'CROSS_SITE_REQUEST: not from this site', schema: 'error' },
            '413': { description: `Larger than ${TRACKING_MAX_BODY_BYTES / 1024} KB`, schema: 'error' },
            '415': { description: 'Not application/json', schema: 'error' },
            '429': {
              description: 'Too many events from this session or address',
              schema: 'error',
              headers: { 'Retry-After': { schema: z.number().int() } },
            },
          },
        },
      },
    },
  };
}
