import { leadRequestSchema } from '@shop/contracts';
import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { leadRoutes } from './leads-routes';

export type LeadsDeps = Pick<AppDeps, 'catalog' | 'crm' | 'commerce' | 'mailer' | 'throttle' | 'logger'>;

/** E-mail signup (web-to-lead) with a welcome discount code. */
export function leadsModule({ catalog, crm, commerce, mailer, throttle, logger }: LeadsDeps): GatewayModule {
  return {
    name: 'leads',
    api: [
      {
        path: '/leads',
        router: leadRoutes({ catalog, crm, codes: commerce, mailer, throttle, logger }),
        body: { limit: '8kb' },
      },
    ],
    openapi: {
      '/api/leads': {
        post: {
          summary:
            'E-mail signup (web-to-lead): a welcome code valid 30 days, or already-subscribed (the code is e-mailed again)',
          body: leadRequestSchema,
          upstream: true,
          responses: {
            '201': { description: '{ status: subscribed, code, validUntil }' },
            '200': { description: '{ status: already-subscribed }' },
            '404': { description: 'E-mail signup is off for this brand', schema: 'error' },
            '429': { description: 'Too many signups from this address', schema: 'error' },
            '502': { description: 'The CRM refused the lead', schema: 'error' },
          },
        },
      },
    },
  };
}
