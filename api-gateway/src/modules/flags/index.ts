import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { clientContextSchema } from './flag-context';
import {
  auditNumberParams,
  brandParams,
  flagAuditResponses,
  flagChangeResponses,
  flagKeyParams,
  flagListingResponses,
  flagNotFound,
  flagRollbackResponses,
} from './flag-openapi';
import { flagChangeSchema, flagOpsRoutes, flagRollbackSchema } from './flag-ops-routes';
import { ofrepRoutes } from './ofrep-routes';
import { opsHeader } from '../orders/ops-routes';
import { z } from 'zod';

const body = z.strictObject({ context: clientContextSchema.optional() });
const params = z.object({ key: z.string() });
const opsErrors = { '401': { description: 'UNAUTHORIZED', schema: 'error' as const }, ...flagNotFound };

export type FlagsDeps = Pick<AppDeps, 'catalog' | 'sessions' | 'config' | 'flags'>;

/** Feature flags for the browser over OpenFeature's remote evaluation protocol (OFREP). */
export function flagsModule({ catalog, sessions, config, flags }: FlagsDeps): GatewayModule {
  return {
    name: 'flags',
    api: [
      {
        path: '/ofrep',
        router: ofrepRoutes({ catalog, sessions, flags: flags.flags, environment: config.environment }),
        body: { limit: '8kb' },
      },
      ...(config.opsApiKey
        ? [{ path: '/ops', router: flagOpsRoutes(config.opsApiKey, catalog, flags.admin), body: { limit: '16kb' } }]
        : []),
    ],
    openapi: {
      ...(config.opsApiKey
        ? {
            '/api/ops/flags/{brand}': {
              get: {
                summary:
                  "Back office: the brand's flags (flags.json, overrides in force, last change) and the overrides' version",
                params: brandParams,
                headers: [opsHeader],
                upstream: true,
                responses: { ...flagListingResponses, ...opsErrors },
              },
            },
            '/api/ops/flags/{brand}/{key}': {
              put: {
                summary:
                  'Back office: change a flag (state, defaultVariant, flagd targeting) at the version read, with a reason; in force on this gateway at once, on the others within 2 s',
                params: flagKeyParams,
                headers: [opsHeader],
                body: flagChangeSchema,
                upstream: true,
                responses: { ...flagChangeResponses, ...opsErrors },
              },
            },
            '/api/ops/flags/{brand}/audit': {
              get: {
                summary:
                  'Back office: every change, newest first (who, when, flag, old, new, reason); nothing edits it',
                params: brandParams,
                headers: [opsHeader],
                upstream: true,
                responses: { ...flagAuditResponses, ...opsErrors },
              },
            },
            '/api/ops/flags/{brand}/audit/{number}/rollback': {
              post: {
                summary: 'Back office: put the flag back as it was before that change, as a change of its own',
                params: auditNumberParams,
                headers: [opsHeader],
                body: flagRollbackSchema,
                upstream: true,
                responses: { ...flagRollbackResponses, ...opsErrors },
              },
            },
          }
        : {}),
      '/api/ofrep/v1/evaluate/flags': {
        post: {
          summary:
            "OFREP bulk evaluation: every flag of the brand for this shopper ({ flags: [{ key, value, variant, reason, metadata }] }; a disabled flag has no value). ETag; If-None-Match answers 304 when nothing changed. The context's brand, environment, userType and targetingKey are the server's",
          body,
          responses: {
            '200': { description: '{ flags }' },
            '304': { description: 'Not modified: the answer behind If-None-Match still holds' },
            '400': { description: 'INVALID_CONTEXT (also as OFREP errorCode / errorDetails)', schema: 'error' },
          },
        },
      },
      '/api/ofrep/v1/evaluate/flags/{key}': {
        post: {
          summary: 'OFREP evaluation of one flag: { key, value, variant, reason, metadata }',
          params,
          body,
          responses: {
            '200': { description: '{ key, value, variant, reason, metadata }' },
            '400': { description: 'INVALID_CONTEXT (also as OFREP errorCode / errorDetails)', schema: 'error' },
            '404': { description: 'FLAG_NOT_FOUND (also as OFREP key / errorCode / errorDetails)', schema: 'error' },
          },
        },
      },
    },
  };
}
