import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { loyaltyRoutes } from './loyalty-routes';
import { loyaltyUseCases } from './loyalty-use-cases';

export type LoyaltyDeps = Pick<AppDeps, 'catalog' | 'sessions' | 'vendors'>;

const refusals = {
  '401': { description: 'SessionRequired', schema: 'error' as const },
  '404': { description: 'FEATURE_DISABLED: the brand has no rewards programme', schema: 'error' as const },
  '503': { description: 'UPSTREAM_UNAVAILABLE: the loyalty service is not answering', schema: 'error' as const },
};

/** SPEC §2 /loyalty (flag `loyalty`): the signed-in customer's rewards, and joining the programme. */
export function loyaltyModule({ catalog, sessions, vendors }: LoyaltyDeps): GatewayModule {
  return {
    name: 'loyalty',
    api: [
      {
        path: '/loyalty',
        router: loyaltyRoutes({ catalog, sessions, useCases: loyaltyUseCases(vendors.loyalty) }),
        // Joining takes no fields: no body, or an empty JSON object.
        body: { limit: '4kb' },
      },
    ],
    openapi: {
      '/api/loyalty': {
        get: {
          summary:
            "The brand's programme (points per dollar, a point's worth, the welcome bonus), the member (null before joining: balance, held, available, pending until the order ships, owed) and the last 50 ledger lines (welcome, earned, pending, posted, reversed, redeemed, refunded, each with its order and, for a return, its return id)",
          upstream: true,
          responses: { '200': { description: 'LoyaltyResponse in @shop/contracts' }, ...refusals },
        },
      },
      '/api/loyalty/join': {
        post: {
          summary:
            'Join the programme: the welcome bonus once, however often or concurrently the shopper asks. No body, or {}',
          upstream: true,
          responses: {
            '201': { description: 'LoyaltyJoinResponse with joined: true' },
            '200': { description: 'Already a member: LoyaltyJoinResponse with joined: false' },
            '400': { description: 'VALIDATION_FAILED: the body has fields', schema: 'error' },
            ...refusals,
          },
        },
      },
    },
  };
}
