import type { BrandId } from '@shop/contracts';
import { IDEMPOTENCY_KEY_HEADER, deliverOrderSchema, placeOrderSchema, shipOrderSchema } from '@shop/contracts';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { brandOf } from '../../entry-points/http/middleware/brand';
import type { PathsFragment } from '../../openapi/operation';
import { loadCategoryTree } from '../../shared/category-tree';
import { perStore } from '../../shared/per-store';
import type { AppDeps } from '../app-deps';
import { createCartWriter } from '../cart/cart-writer';
import { FIELDS } from '../checkout/checkout-fields';
import { checkoutUseCases } from '../checkout/checkout-use-cases';
import type { GatewayModule } from '../gateway-module';
import { declineLimits } from './decline-limits';
import { idempotencyRecords } from './idempotency-records';
import { confirmationOf } from './order-confirmation';
import { orderOperations } from './order-operations';
import { orderRoutes } from './order-routes';
import { deadJobParams, deadListQuery, jobOpsRoutes } from './job-ops-routes';
import { opsHeader, opsRoutes } from './ops-routes';
import { placeOrderUseCase } from './place-order';

export type OrdersDeps = Pick<
  AppDeps,
  | 'config'
  | 'catalog'
  | 'commerce'
  | 'sessions'
  | 'cartQueue'
  | 'cartStats'
  | 'logger'
  | 'vendors'
  | 'mailer'
  | 'jobs'
  | 'origins'
  | 'flags'
  | 'throttle'
  | 'captcha'
>;

const errors = (...entries: Array<[string, string]>) =>
  Object.fromEntries(entries.map(([status, description]) => [status, { description, schema: 'error' as const }]));
const confirmation = { description: 'OrderConfirmation in @shop/contracts' };
const orderParams = z.object({ orderNumber: z.string().describe('VF and 10 digits') });
const opsAnswer = {
  description: '{ orderNumber, orderState, shipmentState, paymentState, carrier?, trackingNumber?, deliveredAt? }',
};
const opsErrors = errors(
  ['400', 'INVALID_PARAMETER'],
  ['401', 'UNAUTHORIZED'],
  ['404', 'ORDER_NOT_FOUND'],
  ['409', 'ORDER_STATE_CONFLICT'],
);
const opsMove = (summary: string, body?: z.ZodType) => ({
  post: {
    summary,
    params: orderParams,
    headers: [opsHeader],
    ...(body ? { body } : {}),
    upstream: true,
    responses: { '200': opsAnswer, ...opsErrors },
  },
});

const openapi = (ops: boolean): PathsFragment => ({
  '/api/orders': {
    post: {
      summary:
        'Place the order: taxes re-quoted, fraud screen, card authorised once per Idempotency-Key, order created (201; 200 when the key was answered before)',
      headers: [
        {
          name: IDEMPOTENCY_KEY_HEADER,
          in: 'header',
          schema: z.string().regex(/^[A-Za-z0-9_-]{16,128}$/),
          description: 'Made by the browser once per checkout attempt and kept across reloads',
        },
      ],
      body: placeOrderSchema,
      upstream: true,
      responses: {
        '201': confirmation,
        '200': { description: 'The same key and request again: the order it placed' },
        ...errors(
          [
            '400',
            'IDEMPOTENCY_KEY_REQUIRED, IDEMPOTENCY_KEY_INVALID, CHECKOUT_INCOMPLETE (error.missing), INVALID_PARAMETER, CART_EMPTY, CAPTCHA_FAILED (after a decline on the bag, without a good captchaToken)',
          ],
          ['401', 'SessionRequired'],
          ['402', 'PAYMENT_DECLINED (one message whatever the reason): no order, the bag is untouched'],
          ['403', 'SIGN_IN_REQUIRED (guest on a brand without guest ordering), ORDER_REJECTED (fraud screen)'],
          [
            '409',
            'IDEMPOTENCY_KEY_REUSED, CART_ALREADY_ORDERED, CHECKOUT_CHANGED (error.checkout), OUT_OF_STOCK, DISCOUNT_CODE_INVALID',
          ],
          [
            '429',
            'TOO_MANY_REQUESTS with Retry-After: 3 declines on the bag, 5 from the address or 3 on the card within 15 minutes',
          ],
        ),
      },
    },
  },
  '/api/orders/{orderNumber}': {
    get: {
      summary: 'The confirmation of an order this session placed, for 30 minutes (SPEC §9)',
      params: orderParams,
      upstream: true,
      responses: {
        '200': confirmation,
        ...errors(['404', 'ORDER_NOT_FOUND: not an order of this session'], ['410', 'CONFIRMATION_EXPIRED']),
      },
    },
  },
  ...(ops
    ? {
        '/api/ops/orders/{orderNumber}/ready': opsMove('Back office: packed, waiting for the carrier (Ready)'),
        '/api/ops/orders/{orderNumber}/ship': opsMove(
          'Back office: capture the payment, add a delivery with the parcel and its tracking, Shipped',
          shipOrderSchema,
        ),
        '/api/ops/orders/{orderNumber}/deliver': opsMove(
          'Back office: Delivered, the time (now, or a past deliveredAt) kept in the order custom field deliveredAt',
          deliverOrderSchema,
        ),
        '/api/ops/orders/{orderNumber}/fulfil': {
          post: {
            summary: 'Back office: capture the payment (Charge), ship the order, payment state Paid',
            params: orderParams,
            headers: [opsHeader],
            upstream: true,
            responses: {
              '200': opsAnswer,
              ...errors(['401', 'UNAUTHORIZED'], ['404', 'ORDER_NOT_FOUND'], ['409', 'ORDER_STATE_CONFLICT']),
            },
          },
        },
        '/api/ops/jobs/dead': {
          get: {
            summary:
              "Back office: a job queue's dead-letter list (mail, loyalty), oldest first: each job's id, when it ran out of retries and what it is (brand, mail kind, recipient, order)",
            query: deadListQuery,
            headers: [opsHeader],
            responses: {
              '200': { description: '{ queue, jobs: [{ id, deadSince, summary }] }' },
              ...errors(['400', 'INVALID_PARAMETER'], ['401', 'UNAUTHORIZED']),
            },
          },
        },
        '/api/ops/jobs/dead/{queue}/{id}/again': {
          post: {
            summary: 'Back office: put a dead job back on its queue, its retries starting again (once per job)',
            params: deadJobParams,
            headers: [opsHeader],
            responses: {
              '200': { description: '{ queue, id, sentAgain: true }' },
              ...errors(['400', 'INVALID_PARAMETER'], ['401', 'UNAUTHORIZED'], ['404', 'JOB_NOT_FOUND']),
            },
          },
        },
        '/api/ops/orders/{orderNumber}/cancel': {
          post: {
            summary: 'Back office: void the authorisation (CancelAuthorization), order state Cancelled',
            params: orderParams,
            headers: [opsHeader],
            upstream: true,
            responses: {
              '200': opsAnswer,
              ...errors(['401', 'UNAUTHORIZED'], ['404', 'ORDER_NOT_FOUND'], ['409', 'ORDER_STATE_CONFLICT']),
            },
          },
        },
      }
    : {}),
});

/**
 * Orders (SPEC §2, §7, §9; docs/adr/0014): placing an order once per Idempotency-Key, the
 * placing session's confirmation, and the back office's fulfil and cancel (mounted only where
 * OPS_API_KEY is set; development and test have a default).
 */
export function ordersModule({
  config,
  catalog,
  commerce,
  sessions,
  cartQueue,
  cartStats,
  logger,
  vendors,
  mailer,
  jobs,
  origins,
  flags,
  throttle,
  captcha,
}: OrdersDeps): GatewayModule {
  const ttlMs = Math.max(config.catalogCacheTtlSeconds, 1) * 1000;
  const write = createCartWriter(cartQueue, cartStats, logger);
  const checkout = checkoutUseCases({
    commerce,
    vendors,
    write,
    logger,
    treeOf: perStore(ttlMs, (storeKey, correlationId) => loadCategoryTree(commerce, storeKey, correlationId)),
    channelsOf: perStore(ttlMs, (storeKey, correlationId) => commerce.storeChannels(storeKey, { correlationId })),
    shippingMethodsOf: perStore(ttlMs, (_storeKey, correlationId) => commerce.shippingMethods({ correlationId })),
  });
  const records = idempotencyRecords(commerce);
  const declines = declineLimits(throttle.limiter);
  const placeOrder = placeOrderUseCase({
    commerce,
    vendors,
    checkout,
    records,
    write,
    mailer,
    jobs,
    logger,
    declines,
    captcha,
  });

  /** Rebuilt from the order itself, with the points the placement recorded. */
  const readConfirmation = async (_req: Request, res: Response, orderNumber: string) => {
    const { id, brand } = brandOf(res, catalog);
    const correlationId = res.locals.correlationId;
    const order = await commerce.orderByNumber(id, orderNumber, { correlationId });
    if (!order) return undefined;
    const key = order.custom[FIELDS.idempotencyKey];
    const record = typeof key === 'string' ? await records.get(key, correlationId) : undefined;
    const scope = { storeKey: id, productBasePath: brand.publicConfig.routing.productBasePath, correlationId };
    const bag = await checkout.bagOf(scope, { ...order, state: 'Ordered' });
    return confirmationOf(order, bag, record?.record.earned);
  };

  const ops = config.opsApiKey;
  return {
    name: 'orders',
    api: [
      {
        path: '/orders',
        router: orderRoutes({ catalog, sessions, placeOrder, confirmation: readConfirmation }),
        body: { limit: '2kb' },
      },
      ...(ops
        ? [
            {
              path: '/ops',
              router: opsRoutes(
                ops,
                orderOperations({
                  commerce,
                  vendors,
                  catalog,
                  mailer,
                  logger,
                  originOf: (storeKey) => origins.canonical(storeKey as BrandId),
                  returnsOn: (storeKey, orderNumber) =>
                    flags.flags.evaluate(storeKey, 'returns', { targetingKey: orderNumber }).value === true,
                }),
              ),
              // Shared with the flags' back-office routes (a targeting rule is the largest body).
              body: { limit: '16kb' },
            },
            { path: '/ops', router: jobOpsRoutes(ops, jobs), body: { limit: '16kb' } },
          ]
        : []),
    ],
    openapi: openapi(Boolean(ops)),
  };
}
