import { type BrandId, type ProductDetail, productQuerySchema, safeText, type ProductQuery } from '@shop/contracts';
import { type BrandCatalog, sizeGuideOfCategories } from '@shop/brands';
import type { ContentSource } from '../../clients/content';
import { type Request, type Response, Router } from 'express';
import type { CommerceClient } from '../../clients/commercetools';
import type { ResponseCache } from '../../data-access/response-cache';
import { type CategoryTree, loadCategoryTree, publicTree } from '../../shared/category-tree';
import { productDetail, productRef, suggest } from './product-detail';
import { listProducts } from './product-listing';
import { DomainError } from '../../shared/domain-error';
import { z } from 'zod';
import { brandOf } from '../../entry-points/http/middleware/brand';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';
import type { BrowseLimit } from '../../shared/browse-limit';

const LISTING_MAX_AGE = 60;
/** What the product cache holds for a product the brand has withdrawn from sale. */
const WITHDRAWN = 'withdrawn';
/** Where a brand's answer for a product (by sku or style number, as asked) is cached. */
export const productCacheKey = (storeKey: string, id: string) => `product:${storeKey}:${id}`;
export const suggestQuery = z.object({ q: safeText().trim().min(2).max(100) });
export const productParams = z.object({
  id: z
    .string()
    .regex(/^[A-Za-z0-9-]{2,80}$/)
    .describe('A sku or a style number'),
});

export interface CatalogRouters {
  categories: Router;
  products: Router;
  search: Router;
}

/** The brand's size guide for the product's nearest category (brand content says which sizes what). */
async function sizeGuideOf(content: ContentSource, brand: BrandId, product: ProductDetail, correlationId: string) {
  // Content that cannot be read costs the page its size-guide link, not the product.
  const sizeGuides = await content
    .brandContent(brand, correlationId)
    .then((found) => found.sizeGuides)
    .catch(() => []);
  const guide = sizeGuideOfCategories(sizeGuides, product.breadcrumb.map((crumb) => crumb.slug).reverse());
  return guide ? { sizeGuide: { slug: guide.slug, title: guide.title } } : {};
}

/**
 * Catalog reads for the browser: categories (/api/categories), listings with facets and product
 * detail (/api/products), quick search (/api/search); one cache and category tree behind all three.
 * A listing or quick search the cache does not hold counts against the caller's address (`limit`):
 * made-up queries, each a fresh search of the catalog, stop at a 429.
 */
export function catalogRoutes(
  catalog: BrandCatalog,
  commerce: CommerceClient,
  cache: ResponseCache,
  cacheTtlSeconds = LISTING_MAX_AGE,
  content?: ContentSource,
  limit?: Pick<BrowseLimit, 'query'>,
): CatalogRouters {
  const [categories, products, search] = [Router(), Router(), Router()];
  const { context, cached, product } = catalogReader(catalog, commerce, cache, cacheTtlSeconds);
  const labelled = serviceLabel('The catalog');
  const publicCache = (res: Response) =>
    res.set({ 'cache-control': `public, max-age=${LISTING_MAX_AGE}`, vary: 'Host' });

  categories.get('/', labelled, async (_req, res) => {
    const { tree } = await context(res);
    publicCache(res).json({ categories: publicTree(tree.roots) });
  });

  products.get('/', labelled, async (req, res) => {
    const query = parseQuery(req);
    const ctx = await context(res);
    const key = `products:${ctx.storeKey}:${JSON.stringify(query)}`;
    const listing = await cached(key, async () => {
      await limit?.query(req, res);
      return listProducts(query, ctx);
    });
    publicCache(res).json(listing);
  });

  products.get('/:id', labelled, async (req, res) => {
    const parsed = productParams.safeParse(req.params);
    if (!parsed.success) throw new DomainError('INVALID_PARAMETER', 'id: must be a sku or a style number');
    const { id } = parsed.data;
    const found = await product(res, id);
    if (found === WITHDRAWN) throw new DomainError('PRODUCT_WITHDRAWN', `Product "${id}" is no longer sold here.`);
    if (!found) throw new DomainError('PRODUCT_NOT_FOUND', `There is no product "${id}".`);
    const guide = content ? await sizeGuideOf(content, brandOf(res, catalog).id, found, res.locals.correlationId) : {};
    publicCache(res).json({ ...found, ...guide });
  });

  search.get('/suggest', labelled, async (req, res) => {
    const parsed = suggestQuery.shape.q.safeParse(req.query.q);
    if (!parsed.success) throw new DomainError('INVALID_PARAMETER', 'q: must be 2 to 100 characters of plain text');
    const q = parsed.data;
    const ctx = await context(res);
    const found = await cached(`suggest:${ctx.storeKey}:${q.toLowerCase()}`, async () => {
      await limit?.query(req, res);
      return suggest(q, ctx);
    });
    publicCache(res).json(found);
  });
  return { categories, products, search };
}

/**
 * The brand's category tree and products, read through one cache: the catalog API answers from
 * it, and the page routes ask it whether a category or product page exists (a real 404).
 */
export function catalogReader(
  catalog: BrandCatalog,
  commerce: CommerceClient,
  cache: ResponseCache,
  cacheTtlSeconds = LISTING_MAX_AGE,
) {
  const cached = async <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (cacheTtlSeconds === 0) return load();
    const hit = await cache.get<T>(key);
    if (hit !== undefined) return revive(hit);
    const value = await load();
    await cache.set(key, serialize(value), cacheTtlSeconds);
    return value;
  };
  const context = async (res: Response) => {
    const { id, brand } = brandOf(res, catalog);
    const correlationId = res.locals.correlationId;
    const tree = await cached(`categories:${id}`, () => loadCategoryTree(commerce, id, correlationId));
    return {
      commerce,
      tree,
      storeKey: id,
      productBasePath: brand.publicConfig.routing.productBasePath,
      synonyms: brand.config.search?.synonyms ?? [],
      correlationId,
    };
  };
  /**
   * A product of this brand by sku or style number; WITHDRAWN when the brand sold it and has
   * withdrawn it from sale; null when there is none.
   */
  const product = async (res: Response, id: string): Promise<ProductDetail | typeof WITHDRAWN | null> => {
    const ctx = await context(res);
    return cached(productCacheKey(ctx.storeKey, id), async () => {
      const found = await productDetail(id, ctx);
      if (found) return found;
      const withdrawn = await ctx.commerce.isWithdrawn(ctx.storeKey, productRef(id), {
        correlationId: ctx.correlationId,
      });
      return withdrawn ? WITHDRAWN : null;
    });
  };
  return {
    cached,
    context,
    product,
    async categoryExists(res: Response, slug: string): Promise<boolean> {
      return (await context(res)).tree.bySlug.has(slug);
    },
    /**
     * Whether a product page shows a product (with the product's own address), one withdrawn
     * from sale (410), or nothing (404).
     */
    async productState(
      res: Response,
      id: string,
    ): Promise<{ state: 'sold'; url: string } | { state: 'withdrawn' } | { state: 'missing' }> {
      if (!productParams.safeParse({ id }).success) return { state: 'missing' };
      const found = await product(res, id);
      if (found === WITHDRAWN) return { state: 'withdrawn' };
      return found ? { state: 'sold', url: found.url } : { state: 'missing' };
    },
  };
}
export type CatalogReader = ReturnType<typeof catalogReader>;

/** Query string -> validated listing query; a bad parameter is a 400 that names it. */
function parseQuery(req: Request): ProductQuery {
  const result = productQuerySchema.safeParse(req.query);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path.join('.');
    throw new DomainError(
      'INVALID_PARAMETER',
      `${name}: ${issue.code === 'unrecognized_keys' ? 'is not a known parameter' : issue.message}`,
    );
  }
  const query = result.data as ProductQuery;
  if (query.priceMin !== undefined && query.priceMax !== undefined && query.priceMin > query.priceMax) {
    throw new DomainError('INVALID_PARAMETER', 'priceMin: must not be above priceMax');
  }
  return query;
}

/** Category trees hold Maps: store them as plain data and rebuild the lookups on the way out. */
function serialize(value: unknown): unknown {
  if (value && typeof value === 'object' && 'byId' in value) {
    const tree = value as CategoryTree;
    return {
      __tree: true,
      nodes: [...tree.byId.values()].map(({ children: _c, ...node }) => node),
      roots: tree.roots.map((n) => n.id),
    };
  }
  return value;
}

function revive<T>(value: T): T {
  const stored = value as unknown as { __tree?: boolean; nodes: Array<CategoryTree['roots'][number]>; roots: string[] };
  if (!stored || typeof stored !== 'object' || !stored.__tree) return value;
  const byId = new Map(stored.nodes.map((node) => [node.id, { ...node, children: [] as CategoryTree['roots'] }]));
  for (const node of byId.values()) if (node.parentId) byId.get(node.parentId)?.children.push(node);
  const order = new Map(stored.nodes.map((node, i) => [node.id, i]));
  for (const node of byId.values()) node.children.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
  const tree: CategoryTree = {
    roots: stored.roots.map((id) => byId.get(id)!).filter(Boolean),
    byId,
    bySlug: new Map([...byId.values()].map((n) => [n.slug, n])),
  };
  return tree as unknown as T;
}
