import { orderLookupSchema } from '@shop/contracts';
import type { Response } from 'express';
import { z } from 'zod';
import type { CommerceOrder } from '../../clients/commercetools';
import { brandOf } from '../../entry-points/http/middleware/brand';
import type { PathsFragment } from '../../openapi/operation';
import { loadCategoryTree } from '../../shared/category-tree';
import { perStore } from '../../shared/per-store';
import type { AppDeps } from '../app-deps';
import { createCartWriter } from '../cart/cart-writer';
import { checkoutUseCases } from '../checkout/checkout-use-cases';
import type { GatewayModule } from '../gateway-module';
import { createOrderAccess } from '../orders/order-access';
import { accountOrderRoutes, orderLookupRoutes } from './order-history-routes';
import { detailOf } from './order-view';

export type OrderHistoryDeps = Pick<
  AppDeps,
  'config' | 'catalog' | 'commerce' | 'sessions' | 'throttle' | 'cartQueue' | 'cartStats' | 'logger' | 'vendors'
>;

const errors = (...entries: Array<[string, string]>) =>
  Object.fromEntries(entries.map(([status, description]) => [status, { description, schema: 'error' as const }]));
const orderParams = z.object({ orderNumber: z.string().describe('VF and 10 digits') });
const detailAnswer = { description: 'OrderDetail in @shop/contracts' };

const openapi: PathsFragment = {
  '/api/account/orders': {
    get: {
      summary: "The signed-in customer's orders in this brand, newest first, 12 a page (OrderHistoryPage)",
      query: z.object({ offset: z.string().optional().describe('0 to 10000') }),
      upstream: true,
      responses: {
        '200': { description: '{ results: OrderSummary[], offset, total, pageSize: 12 }' },
        ...errors(['400', 'INVALID_PARAMETER (offset)'], ['401', 'SessionRequired']),
      },
    },
  },
  '/api/account/orders/{orderNumber}': {
    get: {
      summary: "One of the signed-in customer's orders (another's, another brand's or none: 404)",
      params: orderParams,
      upstream: true,
      responses: { '200': detailAnswer, ...errors(['401', 'SessionRequired'], ['404', 'ORDER_NOT_FOUND']) },
    },
  },
  '/api/order/lookup': {
    post: {
      summary: 'Look an order up by number and the e-mail it was placed with; this session may read it for an hour',
      body: orderLookupSchema,
      upstream: true,
      responses: {
        '200': detailAnswer,
        ...errors(
          ['400', 'INVALID_PARAMETER'],
          ['401', 'SessionRequired'],
          ['404', 'ORDER_NOT_FOUND: the same answer for a wrong number and a wrong e-mail'],
          ['429', 'TOO_MANY_REQUESTS (per address and per order number)'],
        ),
      },
    },
  },
  '/api/order/{orderNumber}': {
    get: {
      summary: 'An order this session looked up in the last hour',
      params: orderParams,
      upstream: true,
      responses: { '200': detailAnswer, ...errors(['404', 'ORDER_NOT_FOUND']) },
    },
  },
};

/**
 * Order history and tracking (issue 14): a customer's orders and their details under
 * /api/account/orders, and anyone's lookup by number and e-mail under /api/order. Every read
 * goes through the one order-access rule.
 */
export function orderHistoryModule({
  config,
  catalog,
  commerce,
  sessions,
  throttle,
  cartQueue,
  cartStats,
  logger,
  vendors,
}: OrderHistoryDeps): GatewayModule {
  const ttlMs = Math.max(config.catalogCacheTtlSeconds, 1) * 1000;
  const checkout = checkoutUseCases({
    commerce,
    vendors,
    write: createCartWriter(cartQueue, cartStats, logger),
    logger,
    treeOf: perStore(ttlMs, (storeKey, correlationId) => loadCategoryTree(commerce, storeKey, correlationId)),
    channelsOf: perStore(ttlMs, (storeKey, correlationId) => commerce.storeChannels(storeKey, { correlationId })),
    shippingMethodsOf: perStore(ttlMs, (_storeKey, correlationId) => commerce.shippingMethods({ correlationId })),
  });
  const detail = async (res: Response, order: CommerceOrder) => {
    const { id, brand } = brandOf(res, catalog);
    const scope = {
      storeKey: id,
      productBasePath: brand.publicConfig.routing.productBasePath,
      correlationId: res.locals.correlationId,
    };
    return detailOf(order, await checkout.bagOf(scope, { ...order, state: 'Ordered' }));
  };
  const deps = { catalog, commerce, sessions, throttle, access: createOrderAccess(commerce), detail };
  return {
    name: 'order-history',
    api: [
      // Shares /api/account with the account module (the same body parsing).
      { path: '/account', router: accountOrderRoutes(deps), body: { limit: '8kb', urlencoded: true } },
      { path: '/order', router: orderLookupRoutes(deps), body: { limit: '2kb' } },
    ],
    openapi,
  };
}
