import { storeQuerySchema } from '@shop/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { storesRoutes } from './stores-routes';

export type StoresDeps = Pick<AppDeps, 'catalog'>;

/** The store locator, on brands whose storeLocator flag is on. */
export function storesModule({ catalog }: StoresDeps): GatewayModule {
  const disabled = {
    '404': { description: 'FEATURE_DISABLED when the brand has no store locator', schema: 'error' as const },
  };
  return {
    name: 'stores',
    api: [{ path: '/stores', router: storesRoutes(catalog) }],
    openapi: {
      '/api/stores': {
        get: {
          summary:
            "The brand's stores within a radius (miles) of a 5-digit US ZIP code or a position, nearest first, with map positions (975 x 610, like /api/stores/map.svg)",
          query: storeQuerySchema as unknown as z.ZodObject,
          responses: {
            '200': {
              description:
                '{ origin, radius, total, stores }: each store with address, phone, hours, distanceMiles, directionsUrl and map {x, y}',
            },
            '404': {
              description: 'ZIP_NOT_FOUND, or FEATURE_DISABLED when the brand has no store locator',
              schema: 'error',
            },
          },
        },
      },
      '/api/stores/map.svg': {
        get: {
          summary: 'US land and state borders in the 975 x 610 map space (ETag, cached)',
          responses: { '200': { description: 'image/svg+xml' }, ...disabled },
        },
      },
    },
  };
}
