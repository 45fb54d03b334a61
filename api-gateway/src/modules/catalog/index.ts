import { productQuerySchema } from '@shop/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { browseLimit } from '../../shared/browse-limit';
import { catalogRoutes, productParams, suggestQuery } from './catalog-routes';
import { mediaRoutes } from './media-routes';
import { productOpsRoutes, styleParams } from './product-ops-routes';
import { opsHeader } from '../orders/ops-routes';

const productOps = (summary: string) => ({
  post: {
    summary,
    params: styleParams,
    headers: [opsHeader],
    upstream: true,
    responses: {
      '200': { description: '{ style, onSale, changed }: changed is false when it already was so' },
      '401': { description: 'UNAUTHORIZED', schema: 'error' as const },
      '404': { description: 'PRODUCT_NOT_FOUND', schema: 'error' as const },
    },
  },
});

const tooManyQueries = {
  description:
    'TOO_MANY_REQUESTS: too many listings or searches the cache does not hold from this address (Retry-After)',
  schema: 'error' as const,
};

export type CatalogDeps = Pick<AppDeps, 'config' | 'catalog' | 'commerce' | 'cache' | 'content' | 'throttle'>;

/**
 * Categories, listings, product detail, quick search, the product images served from our origin,
 * and the back office's withdrawal of a product from sale.
 */
export function catalogModule({ config, catalog, commerce, cache, content, throttle }: CatalogDeps): GatewayModule {
  const { categories, products, search } = catalogRoutes(
    catalog,
    commerce,
    cache,
    config.catalogCacheTtlSeconds,
    content,
    browseLimit(throttle),
  );
  return {
    name: 'catalog',
    api: [
      { path: '/categories', router: categories },
      { path: '/products', router: products },
      { path: '/search', router: search },
      ...(config.opsApiKey
        ? [
            {
              path: '/ops',
              router: productOpsRoutes(config.opsApiKey, catalog, commerce, cache),
              body: { limit: '16kb' },
            },
          ]
        : []),
    ],
    site: [mediaRoutes(commerce)],
    openapi: {
      ...(config.opsApiKey
        ? {
            '/api/ops/products/{style}/withdraw': productOps(
              'Back office: take a product off sale on every brand (out of listings, search and bags; its page answers 410)',
            ),
            '/api/ops/products/{style}/restore': productOps('Back office: put a withdrawn product back on sale'),
          }
        : {}),
      '/api/categories': {
        get: {
          summary: "The brand's category tree",
          upstream: true,
          responses: { '200': { description: 'Categories with their URL paths' } },
        },
      },
      '/api/products': {
        get: {
          summary:
            'A product listing: category, full text, SPEC §3 filters (repeatable), price range (cents), sort and paging, with facets',
          query: productQuerySchema as z.ZodObject,
          upstream: true,
          responses: {
            '200': { description: 'results, total, facets, applied filters' },
            '404': { description: 'CATEGORY_NOT_FOUND', schema: 'error' },
            '429': tooManyQueries,
          },
        },
      },
      '/api/products/{id}': {
        get: {
          summary: 'A product by sku or style number, with variants, stock and retailer links',
          params: productParams,
          upstream: true,
          responses: {
            '200': { description: 'Product' },
            '404': { description: 'PRODUCT_NOT_FOUND: not sold on this brand', schema: 'error' },
            '410': { description: 'PRODUCT_WITHDRAWN: sold on this brand once, withdrawn from sale', schema: 'error' },
          },
        },
      },
      '/api/search/suggest': {
        get: {
          summary: 'Quick search: five products and matching categories',
          query: suggestQuery,
          upstream: true,
          responses: { '200': { description: 'Suggestions' }, '429': tooManyQueries },
        },
      },
    },
  };
}
