import type { BrandId } from '@shop/contracts';
import { createReturnSchema } from '@shop/contracts';
import { z } from 'zod';
import type { PathsFragment } from '../../openapi/operation';
import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { createOrderAccess } from '../orders/order-access';
import { returnsOpsRoutes } from './returns-ops-routes';
import { returnsRoutes } from './returns-routes';
import { returnsUseCases } from './returns-use-cases';

export type ReturnsDeps = Pick<
  AppDeps,
  'config' | 'catalog' | 'commerce' | 'sessions' | 'vendors' | 'logger' | 'mailer' | 'origins'
>;

const errors = (...entries: Array<[string, string]>) =>
  Object.fromEntries(entries.map(([status, description]) => [status, { description, schema: 'error' as const }]));
const orderParams = z.object({ orderNumber: z.string().describe('the order number') });
const labelParams = orderParams.extend({ returnId: z.string().describe('{orderNumber}-R{n}') });

const fragment = (prefix: string, who: string): PathsFragment => ({
  [`${prefix}/{orderNumber}/returns`]: {
    get: {
      summary: `Returns of ${who}: eligibility (30 days from delivery), returnable quantities, returns made, the offer`,
      params: orderParams,
      upstream: true,
      responses: {
        '200': { description: 'ReturnsView in @shop/contracts' },
        ...errors(
          ['401', 'SessionRequired'],
          ['404', 'ORDER_NOT_FOUND (not yours, another brand’s, or no lookup grant), RETURNS_UNAVAILABLE'],
        ),
      },
    },
    post: {
      summary: `Return lines of ${who}: recorded on the order (addReturnInfo) with a label from the label service`,
      params: orderParams,
      body: createReturnSchema,
      upstream: true,
      responses: {
        '201': { description: 'ReturnRecord in @shop/contracts, with labelUrl' },
        ...errors(
          ['400', 'INVALID_PARAMETER (error.fields)'],
          ['401', 'SessionRequired'],
          ['404', 'ORDER_NOT_FOUND, RETURNS_UNAVAILABLE'],
          [
            '409',
            'NOT_DELIVERED, RETURN_WINDOW_CLOSED, ORDER_NOT_RETURNABLE, RETURN_QUANTITY_EXCEEDED, RETURN_CONFLICT (submitted twice at once)',
          ],
        ),
      },
    },
  },
  [`${prefix}/{orderNumber}/returns/{returnId}/label`]: {
    get: {
      summary: `The return label of ${who} as a PDF (attachment)`,
      params: labelParams,
      upstream: true,
      responses: {
        '200': { description: 'application/pdf' },
        ...errors(['401', 'SessionRequired'], ['404', 'ORDER_NOT_FOUND, RETURN_NOT_FOUND, RETURNS_UNAVAILABLE']),
      },
    },
  },
});

/**
 * Returns (SPEC §9, issue 14): the rules in @shop/contracts `returns-rules`, recorded on the
 * commerce order, labels from the label vendor. Every read goes through the order-access rule.
 */
export function returnsModule({
  config,
  catalog,
  commerce,
  sessions,
  vendors,
  logger,
  mailer,
  origins,
}: ReturnsDeps): GatewayModule {
  const access = createOrderAccess(commerce);
  const returns = returnsUseCases({
    commerce,
    labels: vendors.labels,
    loyalty: { client: vendors.loyalty, logger },
    mail: { mailer, originOf: (storeKey) => origins.canonical(storeKey as BrandId), logger },
    payment: vendors.payment,
  });
  const body = { limit: '8kb', urlencoded: true } as const;
  return {
    name: 'returns',
    api: [
      {
        path: '/account',
        router: returnsRoutes({ catalog, sessions, access, returns, who: 'customer' }),
        body,
      },
      // Shared with the order lookup (order-history), parsed as it parses.
      {
        path: '/order',
        router: returnsRoutes({ catalog, sessions, access, returns, who: 'guest' }),
        body: { limit: '2kb' },
      },
      ...(config.opsApiKey
        ? [
            {
              path: '/ops',
              router: returnsOpsRoutes(config.opsApiKey, catalog, commerce, returns),
              body: { limit: '16kb' },
            },
          ]
        : []),
    ],
    openapi: {
      ...fragment('/api/account/orders', 'a signed-in customer’s order'),
      ...fragment('/api/order', 'an order this session looked up (number and e-mail)'),
      ...(config.opsApiKey
        ? {
            '/api/ops/returns/{returnId}/refund': {
              post: {
                summary:
                  'Back office: the return is back; refund its value to the card and mail the shopper (safe to repeat)',
                params: z.object({ returnId: z.string().describe('{orderNumber}-R{n}') }),
                upstream: true,
                responses: {
                  '200': { description: '{ orderNumber, returnId, refundCents, items }' },
                  ...errors(
                    ['401', 'UNAUTHORIZED'],
                    ['404', 'RETURN_NOT_FOUND'],
                    ['409', 'ORDER_STATE_CONFLICT (never charged), RETURN_CONFLICT (try again)'],
                  ),
                },
              },
            },
          }
        : {}),
    },
  };
}
