import { type BrandId, type RouteEntry, buildRouteTable, matchRoute } from '@shop/contracts';
import type { BrandContent } from '@shop/brands';
import type { Logger } from '@shop/node-kit';
import type { Response } from 'express';
import type { CatalogReader } from '../catalog/catalog-routes';
import type { ContentSource } from '../../clients/content';
import { fitFinder, sizeGuide, sizeGuideList } from '../content/size-guide-documents';

export interface FoundPage {
  entry: RouteEntry;
  params: Record<string, string>;
  /** 410 for the page of a product the brand has withdrawn from sale: it shows why, and is gone. */
  status?: 410;
  /** The page's own address, to redirect to (301) when it was asked for at another. */
  movedTo?: string;
}

/**
 * Which page of the shell's route table a path opens, or none (a 404): an unknown path, a
 * category slug the brand does not have, a product it never sold (one it withdrew from sale is
 * found, with the status 410; one asked for under other category or name slugs is found with
 * its own address to move to), a size guide or fit finder its content does not hold. While the
 * catalog or the content cannot be read the page is served as found, for the browser to
 * explain: never a 404 that may be untrue.
 */
export function pageFinder(
  reader: Pick<CatalogReader, 'categoryExists' | 'productState'>,
  content: ContentSource,
  logger: Logger,
) {
  return async function findPage(
    res: Response,
    brand: {
      id: BrandId;
      routing: Parameters<typeof buildRouteTable>[0]['routing'];
      landingPages: readonly string[];
      categoryLandingPages?: readonly string[];
    },
    pathname: string,
  ): Promise<FoundPage | undefined> {
    const match = matchRoute(buildRouteTable(brand), pathname);
    if (!match) return undefined;
    try {
      if (match.entry.page === 'category') {
        const slug = match.params['*'].split('/').at(-1) ?? '';
        if (!(await reader.categoryExists(res, slug))) return undefined;
      }
      if (match.entry.page === 'product') {
        const product = await reader.productState(res, match.params.id);
        if (product.state === 'missing') return undefined;
        if (product.state === 'withdrawn') return { ...match, status: 410 };
        // The product's category and name as the catalog has them now, for the sku asked for:
        // an old link (a renamed or moved product) or a trailing slash leads there.
        const own = `${product.url.slice(0, product.url.lastIndexOf('/') + 1)}${match.params.id}`;
        if (own !== pathname) return { ...match, movedTo: own };
      }
      const shows = FIT_PAGES.get(match.entry.page);
      if (shows && !shows(await content.brandContent(brand.id, res.locals.correlationId), match.params))
        return undefined;
    } catch (error) {
      logger.warn('Page served without knowing whether its catalog item or content exists', {
        correlationId: res.locals.correlationId,
        page: match.entry.page,
        reason: (error as Error).message,
      });
    }
    return match;
  };
}
export type PageFinder = ReturnType<typeof pageFinder>;

/** Pages that exist only when the brand's content has what they show. */
const FIT_PAGES = new Map<string, (content: BrandContent, params: Record<string, string>) => unknown>([
  ['size-guides', (content) => sizeGuideList(content)],
  ['size-guide', (content, params) => sizeGuide(content, params.item)],
  ['find-your-fit', (content) => fitFinder(content)],
]);
