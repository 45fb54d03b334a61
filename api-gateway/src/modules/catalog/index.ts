import { productQuerySchema } from '@shop/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { catalogRoutes, productParams, suggestQuery } from './catalog-routes';
import { mediaRoutes } from './media-routes';

export type CatalogDeps = Pick<AppDeps, 'config' | 'catalog' | 'commerce' | 'cache' | 'content'>;

/** Categories, listings, product detail, quick search and the product images served from our origin. */
export function catalogModule({ config, catalog, commerce, cache, content }: CatalogDeps): GatewayModule {
  const { categories, products, search } = catalogRoutes(
    catalog,
    commerce,
    cache,
    config.catalogCacheTtlSeconds,
    content,
  );
  return {
    name: 'catalog',
    api: [
      { path: '/categories', router: categories },
      { path: '/products', router: products },
      { path: '/search', router: search },
    ],
    site: [mediaRoutes(commerce)],
    openapi: {
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
          },
        },
      },
      '/api/search/suggest': {
        get: {
          summary: 'Quick search: five products and matching categories',
          query: suggestQuery,
          upstream: true,
          responses: { '200': { description: 'Suggestions' } },
        },
      },
    },
  };
}
