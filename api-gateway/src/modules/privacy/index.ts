import { privacyPreferencesRequestSchema, privacyPreferencesSchema } from '@shop/contracts';
import { z } from 'zod';
import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { privacyRoutes } from './privacy-routes';

export type PrivacyDeps = Pick<AppDeps, 'sessions'>;

const gpcHeader = {
  name: 'Sec-GPC',
  in: 'header' as const,
  schema: z.enum(['1']),
  description: 'Global Privacy Control: with it analytics and marketing are off, whatever was stored',
};

/** SPEC §2 /privacy/preferences: consent categories kept in the session, with Global Privacy Control honoured. */
export function privacyModule({ sessions }: PrivacyDeps): GatewayModule {
  return {
    name: 'privacy',
    api: [{ path: '/privacy', router: privacyRoutes(sessions), body: { limit: '4kb' } }],
    openapi: {
      '/api/privacy/preferences': {
        get: {
          summary:
            'The effective consent of this request: Sec-GPC: 1 turns analytics and marketing off (source gpc); else the session choice; else the default (both on)',
          headers: [gpcHeader],
          responses: { '200': { description: 'Effective consent', schema: privacyPreferencesSchema } },
        },
        put: {
          summary: 'Keep the analytics and marketing choice in the session (a guest without one gets a session)',
          headers: [gpcHeader],
          body: privacyPreferencesRequestSchema,
          responses: {
            '200': { description: 'Effective consent after the change', schema: privacyPreferencesSchema },
            '400': { description: 'VALIDATION_FAILED', schema: 'error' },
          },
        },
      },
    },
  };
}
