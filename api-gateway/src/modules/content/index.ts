import { articleQuerySchema } from '@shop/contracts';
import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { contentParams, contentRoutes } from './content-routes';

export type ContentDeps = Pick<AppDeps, 'catalog' | 'content'>;

/** The brand's content documents (home, nav, footer, articles, customer service), whichever source holds them. */
export function contentModule({ catalog, content }: ContentDeps): GatewayModule {
  return {
    name: 'content',
    api: [{ path: '/content', router: contentRoutes(catalog, content) }],
    openapi: {
      '/api/content/{path}': {
        get: {
          summary:
            "The brand's content: home, home/{variant}, nav, footer, email, cart, p, find-your-fit, size-guide, learn (articles, newest first; q, tag and offset filter and page them, 6 a page), learn/{article}, customer-service/{topic}, size-guides (the brand's size guides), size-guide/{slug or alias} (a guide's tables, how to measure and fit finders), fit-finder (every finder with its tables)",
          params: contentParams,
          query: articleQuerySchema,
          upstream: true,
          responses: {
            '200': { description: 'A content document with a type member' },
            '404': { description: 'CONTENT_NOT_FOUND', schema: 'error' },
          },
        },
      },
    },
  };
}
