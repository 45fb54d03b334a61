import { checkoutUpdateSchema, customerEmailSchema, loyaltyRedemptionSchema } from '@shop/contracts';
import type { PathsFragment } from '../../openapi/operation';
import { loadCategoryTree } from '../../shared/category-tree';
import { perStore } from '../../shared/per-store';
import type { AppDeps } from '../app-deps';
import { createCartWriter } from '../cart/cart-writer';
import type { GatewayModule } from '../gateway-module';
import { checkoutRoutes, emptyBodySchema } from './checkout-routes';
import { checkoutUseCases } from './checkout-use-cases';

export type CheckoutDeps = Pick<
  AppDeps,
  'config' | 'catalog' | 'commerce' | 'sessions' | 'cartQueue' | 'cartStats' | 'logger' | 'vendors'
>;

const answer = { description: 'The bag and the checkout (CheckoutResponse in @shop/contracts)' };
const errors = (...entries: Array<[string, string]>) =>
  Object.fromEntries(entries.map(([status, description]) => [status, { description, schema: 'error' as const }]));
const session = ['401', 'SessionRequired'] as [string, string];
const empty = ['400', 'CART_EMPTY: nothing to check out'] as [string, string];

const openapi: PathsFragment = {
  '/api/checkout': {
    get: {
      summary:
        "The session's bag and checkout: addresses, shipping methods, card, loyalty, totals, what is missing, the vendors' public settings",
      upstream: true,
      responses: { '200': answer, ...errors(session) },
    },
  },
  '/api/cart': {
    post: {
      summary:
        'Set checkout data (SPEC §7): e-mail, addresses (verified; a suggestion is never applied unasked), shipping method, card token',
      body: checkoutUpdateSchema,
      upstream: true,
      responses: {
        '200': answer,
        ...errors(
          [
            '400',
            'ADDRESS_INVALID (error.fields, error.verification), PAYMENT_TOKEN_INVALID, INVALID_PARAMETER, CART_EMPTY',
          ],
          session,
          [
            '422',
            'ADDRESS_SUGGESTION: deliverable but written otherwise; nothing saved (error.verification.suggestion)',
          ],
        ),
      },
    },
    put: {
      summary:
        'Reset the checkout (SPEC §7): addresses, e-mail, method, card, loyalty redemption (hold released) and tax rates',
      body: emptyBodySchema,
      upstream: true,
      responses: { '200': answer, ...errors(empty, session) },
    },
  },
  '/api/cart/customerEmail': {
    post: {
      summary: "The shopper's contact e-mail for the order",
      body: customerEmailSchema,
      upstream: true,
      responses: { '200': answer, ...errors(['400', 'INVALID_PARAMETER, CART_EMPTY'], session) },
    },
  },
  '/api/cart/taxes': {
    post: {
      summary:
        'Tax for the shipping address (SPEC §9: external, half-up, unit price level) on every line and the shipping',
      body: emptyBodySchema,
      upstream: true,
      responses: {
        '200': answer,
        ...errors(['400', 'CHECKOUT_INCOMPLETE (error.missing), ADDRESS_INVALID, CART_EMPTY'], session),
      },
    },
  },
  '/api/cart/loyalty/redemption': {
    post: {
      summary: "Redeem points as a discount (the brand's loyalty flag, signed in); never more than the goods",
      body: loyaltyRedemptionSchema,
      upstream: true,
      responses: {
        '200': answer,
        ...errors(['400', 'LOYALTY_POINTS_INVALID, CART_EMPTY'], session, ['404', 'FEATURE_DISABLED']),
      },
    },
    delete: {
      summary: 'Remove the points redemption; the points are released',
      upstream: true,
      responses: { '200': answer, ...errors(empty, session, ['404', 'FEATURE_DISABLED']) },
    },
  },
};

/**
 * Checkout (SPEC §2, §3, §7, §9): `GET /api/checkout` at its own mount, and the checkout writes
 * SPEC §7 puts under /api/cart, which share the bag's mount (their routes are distinct from the
 * bag's, checked at start).
 */
export function checkoutModule({
  config,
  catalog,
  commerce,
  sessions,
  cartQueue,
  cartStats,
  logger,
  vendors,
}: CheckoutDeps): GatewayModule {
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
  const { view, writes } = checkoutRoutes({ catalog, sessions, checkout });
  return {
    name: 'checkout',
    api: [
      { path: '/checkout', router: view },
      { path: '/cart', router: writes, body: { limit: '8kb' } },
    ],
    openapi,
  };
}
