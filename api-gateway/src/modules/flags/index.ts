import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { clientContextSchema } from './flag-context';
import { flagChangeSchema, flagOpsRoutes, flagRollbackSchema } from './flag-ops-routes';
import { ofrepRoutes } from './ofrep-routes';
import { z } from 'zod';

const body = z.strictObject({ context: clientContextSchema.optional() });
const params = z.object({ key: z.string() });
const opsHeader = {
  name: 'Authorization',
  in: 'header' as const,
  schema: z.string(),
  description: 'Bearer OPS_API_KEY (server to server; no cookie, no CSRF token)',
};
const brandParams = z.object({ brand: z.string().describe('A brand id') });
const opsErrors = {
  '401': { description: 'UNAUTHORIZED', schema: 'error' as const },
  '404': { description: 'NOT_FOUND (brand), FLAG_NOT_FOUND', schema: 'error' as const },
};
const listing = {
  description:
    '{ version, flags: [{ key, state, defaultVariant, variants, targeting?, file: { state, defaultVariant }, lastChange? }] }',
};

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
                responses: { '200': listing, ...opsErrors },
              },
            },
            '/api/ops/flags/{brand}/{key}': {
              put: {
                summary:
                  'Back office: change a flag (state, defaultVariant, flagd targeting) at the version read, with a reason; in force on this gateway at once, on the others within 2 s',
                params: brandParams.extend({ key: z.string() }),
                headers: [opsHeader],
                body: flagChangeSchema,
                upstream: true,
                responses: {
                  '200': { description: '{ change, version, flags }' },
                  '400': {
                    description: 'VALIDATION_FAILED (a variant the flag lacks, a rule flagd cannot read)',
                    schema: 'error',
                  },
                  '409': { description: 'FLAG_CONFLICT: changed since that version; nothing saved', schema: 'error' },
                  ...opsErrors,
                },
              },
            },
            '/api/ops/flags/{brand}/audit': {
              get: {
                summary:
                  'Back office: every change, newest first (who, when, flag, old, new, reason); nothing edits it',
                params: brandParams,
                headers: [opsHeader],
                upstream: true,
                responses: { '200': { description: '{ changes }' }, ...opsErrors },
              },
            },
            '/api/ops/flags/{brand}/audit/{number}/rollback': {
              post: {
                summary: 'Back office: put the flag back as it was before that change, as a change of its own',
                params: brandParams.extend({ number: z.string() }),
                headers: [opsHeader],
                body: flagRollbackSchema,
                upstream: true,
                responses: {
                  '200': { description: '{ change, version, flags }' },
                  '409': { description: 'FLAG_CONFLICT', schema: 'error' },
                  ...opsErrors,
                },
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
