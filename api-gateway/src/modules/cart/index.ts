import {
  addDiscountCodeSchema,
  addLineItemSchema,
  changeLineItemSchema,
  createCartSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
} from '@shop/contracts';
import { z } from 'zod';
import type { PathsFragment } from '../../openapi/operation';
import { type CategoryTree, loadCategoryTree } from '../../shared/category-tree';
import { perStore } from '../../shared/per-store';
import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { cartRoutes } from './cart-routes';
import { cartUseCases } from './cart-use-cases';
import { createCartWriter } from './cart-writer';

export type CartDeps = Pick<
  AppDeps,
  'config' | 'catalog' | 'commerce' | 'sessions' | 'cartQueue' | 'cartStats' | 'logger'
>;

const lineItemParams = z.object({ lineItemId: z.string().describe('A line of the bag (from the cart answer)') });
const codeParams = z.object({ id: z.string().describe('A code on the bag (discountCodes[].id)') });
const cartAnswer = { description: 'The bag (CartResponse in @shop/contracts)' };
const errors = (...entries: Array<[string, string]>) =>
  Object.fromEntries(entries.map(([status, description]) => [status, { description, schema: 'error' as const }]));

const changeLine = (method: 'patch' | 'put') => ({
  [method]: {
    summary: `Change a line's quantity (1 to 99, no more than the stock)${method === 'put' ? '; the same as PATCH' : ''}`,
    params: lineItemParams,
    body: changeLineItemSchema,
    upstream: true,
    responses: {
      '200': cartAnswer,
      ...errors(
        ['400', 'INVALID_QUANTITY'],
        ['401', 'SessionRequired'],
        ['404', 'LINE_ITEM_NOT_FOUND'],
        ['409', 'INVALID_PRICE (error.cart)'],
      ),
    },
  },
});

const openapi: PathsFragment = {
  '/api/cart': {
    get: {
      summary: "The session's bag in this brand; empty (no cart made) before the first add",
      upstream: true,
      responses: { '200': cartAnswer },
    },
  },
  '/api/cart/lineItem': {
    post: {
      summary:
        'Add a sku, or raise its line: a line holds 1 to 99 and no more than the stock; a repeated Idempotency-Key adds nothing twice',
      headers: [
        {
          name: IDEMPOTENCY_KEY_HEADER,
          in: 'header',
          schema: z.string().regex(IDEMPOTENCY_KEY_PATTERN),
          description:
            'Optional, one per tap: the bag notes it with the write, so a retry (an answer lost to a restart) answers the bag without adding again',
        },
      ],
      body: addLineItemSchema,
      upstream: true,
      responses: {
        '200': cartAnswer,
        ...errors(
          ['400', 'INVALID_QUANTITY (the message says the limit), INVALID_PARAMETER, IDEMPOTENCY_KEY_INVALID'],
          ['401', 'SessionRequired'],
          ['404', 'PRODUCT_NOT_FOUND: no such sku in this brand'],
          ['409', "INVALID_PRICE: the line's price changed (error.cart holds the bag at the new prices, priceChanges)"],
        ),
      },
    },
  },
  '/api/cart/lineItem/{lineItemId}': {
    ...changeLine('patch'),
    ...changeLine('put'),
    delete: {
      summary: 'Remove a line',
      params: lineItemParams,
      upstream: true,
      responses: { '200': cartAnswer, ...errors(['401', 'SessionRequired'], ['404', 'LINE_ITEM_NOT_FOUND']) },
    },
  },
  '/api/cart/discountCode': {
    post: {
      summary: "Apply a promo code (the brand's discounts flag); one per bag unless the brand combines them",
      body: addDiscountCodeSchema,
      upstream: true,
      responses: {
        '200': cartAnswer,
        ...errors(
          [
            '400',
            'DISCOUNT_CODE_INVALID (unknown, expired, used, another brand’s, a first-order code after an order), CART_EMPTY',
          ],
          ['401', 'SessionRequired'],
          ['404', 'FEATURE_DISABLED'],
          ['409', 'DISCOUNT_CODE_NOT_COMBINABLE (the bag has another code: remove it to use this one)'],
        ),
      },
    },
  },
  '/api/cart/discountCode/{id}': {
    delete: {
      summary: 'Remove a promo code',
      params: codeParams,
      upstream: true,
      responses: {
        '200': cartAnswer,
        ...errors(['401', 'SessionRequired'], ['404', 'DISCOUNT_CODE_NOT_FOUND, FEATURE_DISABLED']),
      },
    },
  },
  '/api/cart/create': {
    post: {
      summary:
        "A signed-in shopper's cart from the brand's template, once per session; next is /checkout when it has lines",
      body: createCartSchema,
      upstream: true,
      responses: {
        '200': { description: 'CreateCartResponse: { cart, next }' },
        ...errors(['401', 'SessionRequired: sign in first'], ['404', 'CART_TEMPLATE_NOT_FOUND']),
      },
    },
  },
  '/api/cart/previousBag': {
    post: {
      summary: 'Add the earlier bag a sign-in set aside back into the bag (1 to 99 per line, within stock)',
      upstream: true,
      responses: { '200': cartAnswer, ...errors(['401', 'SessionRequired']) },
    },
    delete: {
      summary: 'Dismiss the offer of the earlier bag',
      upstream: true,
      responses: { '200': cartAnswer, ...errors(['401', 'SessionRequired']) },
    },
  },
};

/** The bag (SPEC §2, §3, §5, §7, §8): lines, promo codes, cart templates and the earlier bag a sign-in set aside. */
export function cartModule({
  config,
  catalog,
  commerce,
  sessions,
  cartQueue,
  cartStats,
  logger,
}: CartDeps): GatewayModule {
  const ttlMs = Math.max(config.catalogCacheTtlSeconds, 1) * 1000;
  const treeOf = perStore<CategoryTree>(ttlMs, (storeKey, correlationId) =>
    loadCategoryTree(commerce, storeKey, correlationId),
  );
  const channelsOf = perStore(ttlMs, (storeKey, correlationId) => commerce.storeChannels(storeKey, { correlationId }));
  const cart = cartUseCases({
    commerce,
    write: createCartWriter(cartQueue, cartStats, logger),
    stats: cartStats,
    treeOf,
    channelsOf,
  });
  return {
    name: 'cart',
    api: [{ path: '/cart', router: cartRoutes({ catalog, sessions, cart, channelsOf }), body: { limit: '8kb' } }],
    openapi,
  };
}
