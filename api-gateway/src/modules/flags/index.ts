import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { clientContextSchema } from './flag-context';
import { ofrepRoutes } from './ofrep-routes';
import { z } from 'zod';

const body = z.strictObject({ context: clientContextSchema.optional() });
const params = z.object({ key: z.string() });

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
    ],
    openapi: {
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
