import { RELAXED_ENVIRONMENTS } from '@shop/node-kit';
import { z } from 'zod';
import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { crmDevPage, devApiRoutes, limitSchema } from './dev-crm-routes';

export type DevToolsDeps = Pick<AppDeps, 'config' | 'crm' | 'cartStats'>;

const limitQuery = z.object({ limit: limitSchema });

/** The CRM's records and the cart write figures, for developers (mail: the mail catcher's page): only in development and test, never on a shared site such as staging. */
export function devToolsModule({ config, crm, cartStats }: DevToolsDeps): GatewayModule | undefined {
  if (!RELAXED_ENVIRONMENTS.includes(config.environment)) return undefined;
  return {
    name: 'dev-tools',
    api: [{ path: '/dev', router: devApiRoutes(crm, cartStats) }],
    site: [crmDevPage(crm)],
    openapi: {
      '/api/dev/cases': {
        get: {
          summary: 'Cases in the CRM, newest first (not in production)',
          query: limitQuery,
          upstream: true,
          responses: { '200': { description: '{ total, cases }' } },
        },
      },
      '/api/dev/cart-stats': {
        get: {
          summary: 'Cart writes of this gateway process and their ConcurrentModification retries (not in production)',
          responses: { '200': { description: '{ writes, conflicts, repeats }' } },
        },
      },
      '/api/dev/leads': {
        get: {
          summary: 'Leads (e-mail signups) in the CRM, newest first (not in production)',
          query: limitQuery,
          upstream: true,
          responses: { '200': { description: '{ total, leads }' } },
        },
      },
    },
  };
}
