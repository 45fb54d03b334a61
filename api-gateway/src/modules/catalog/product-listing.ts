import {
  FILTER_NAMES,
  type Facet,
  type FilterName,
  type ProductListResponse,
  type ProductQuery,
} from '@shop/contracts';
import type { CommerceClient, ProductSearchResult, ProductSort } from '../../clients/commercetools';
import { DomainError } from '../../shared/domain-error';
import { type CategoryTree, breadcrumbOf } from '../../shared/category-tree';
import { toSummary } from './product-shapes';
import { withSwatchImages } from './swatch-images';
import { searchWithSynonyms } from './synonyms';

const FACET_LABELS: Record<FilterName | 'category', string> = {
  category: 'Category',
  size: 'Size',
  color: 'Colour',
  colorFamily: 'Colour family',
  bandSize: 'Band size',
  cupSize: 'Cup size',
  bust: 'Bust',
  waist: 'Waist',
  length: 'Length',
  masterStyle: 'Style',
};
/** Facets shown to shoppers (a style number filter exists, but nobody browses by it). */
const FACETED: FilterName[] = FILTER_NAMES.filter((name) => name !== 'masterStyle');

const SORTS: readonly string[] = ['price-asc', 'price-desc', 'newest', 'name'] satisfies ProductSort[];

/**
 * A listing in one commerce request: the page of results with every selected filter, facets
 * for unselected attributes over the full selection, and, per selected attribute, its facet
 * over the selection without itself (so its other values stay visible to multi-select).
 */
export async function listProducts(
  query: ProductQuery,
  context: {
    commerce: CommerceClient;
    tree: CategoryTree;
    storeKey: string;
    productBasePath: string;
    synonyms?: string[][];
    correlationId: string;
  },
): Promise<ProductListResponse> {
  const { tree } = context;
  const category = query.category ? tree.bySlug.get(query.category) : undefined;
  if (query.category && !category)
    throw new DomainError('CATEGORY_NOT_FOUND', `There is no category "${query.category}".`);
  const selected: FilterName[] = FILTER_NAMES.filter((name) => (query[name]?.length ?? 0) > 0);
  const search = (text: string | undefined, fuzzy = false) =>
    context.commerce.getProducts(
      {
        storeKey: context.storeKey,
        ...(text ? { text, fuzzy } : {}),
        ...(category ? { categoryId: category.id } : {}),
        filters: Object.fromEntries(selected.map((name) => [name, query[name] ?? []])),
        ...(query.priceMin !== undefined ? { priceMin: query.priceMin } : {}),
        ...(query.priceMax !== undefined ? { priceMax: query.priceMax } : {}),
        facets: FACETED.filter((name) => !selected.includes(name)),
        ownFacets: selected.filter((name) => name !== 'masterStyle'),
        ...(query.sort && SORTS.includes(query.sort) ? { sort: query.sort as ProductSort } : {}),
        limit: query.limit,
        offset: query.offset,
      },
      { correlationId: context.correlationId },
    );
  // Only a text search that found nothing is asked again with the brand's synonyms.
  const result = query.q
    ? await searchWithSynonyms(query.q, context.synonyms ?? [], search, (found) => found.total > 0)
    : await search(undefined);
  const products = await withSwatchImages(result.products, context);
  return {
    // A filtered listing's cards show, and open on, the variants that match (SPEC: the size a
    // shopper filtered by is the size the product page opens on).
    results: products.map((product) =>
      toSummary(
        tree,
        product,
        context.productBasePath,
        Object.fromEntries(selected.filter((name) => name !== 'masterStyle').map((name) => [name, query[name] ?? []])),
        { min: query.priceMin, max: query.priceMax },
      ),
    ),
    total: result.total,
    offset: query.offset,
    limit: query.limit,
    facets: buildFacets(result, query, tree, category?.id),
    applied: {
      ...Object.fromEntries(selected.map((name) => [name, query[name]])),
      ...(query.priceMin !== undefined ? { priceMin: query.priceMin } : {}),
      ...(query.priceMax !== undefined ? { priceMax: query.priceMax } : {}),
    },
    ...(category
      ? { category: { slug: category.slug, name: category.name, breadcrumb: breadcrumbOf(tree, category.id) } }
      : {}),
    ...(query.q ? { query: query.q } : {}),
  };
}

const NATURAL = new Intl.Collator('en-US', { numeric: true });
const SIZE_ORDER = ['XS', 'S', 'M', 'L', 'XL', '2X', '3X'];
const sizeRank = (value: string) => {
  const letter = SIZE_ORDER.indexOf(value.split(' ')[0]);
  return letter >= 0 ? letter : 100;
};

/** Facets in the default order (category, size, colour, then the rest); values sorted for shoppers. */
export function buildFacets(
  counted: Pick<ProductSearchResult, 'categoryCounts' | 'facets'>,
  query: ProductQuery,
  tree: CategoryTree,
  categoryId: string | undefined,
): Facet[] {
  const facets: Facet[] = [];
  const children = categoryId ? (tree.byId.get(categoryId)?.children ?? []) : tree.roots;
  const categoryValues = children
    .map((child) => ({
      value: child.slug,
      label: child.name,
      count: countSubtree(tree, child.id, counted.categoryCounts),
      selected: false,
    }))
    .filter((v) => v.count > 0);
  if (categoryValues.length) facets.push({ name: 'category', label: FACET_LABELS.category, values: categoryValues });
  for (const name of FACETED) {
    const terms = counted.facets[name];
    if (!terms) continue;
    const chosen = new Set(query[name] ?? []);
    const values = terms
      .map((t) => ({ value: t.term, count: t.count, selected: chosen.has(t.term) }))
      .sort(
        (a, b) =>
          (name === 'size' ? sizeRank(a.value) - sizeRank(b.value) : 0) ||
          (name === 'color' || name === 'colorFamily' ? b.count - a.count : 0) ||
          NATURAL.compare(a.value, b.value),
      );
    // A selected value with no results left still shows, so it can be cleared.
    for (const value of chosen)
      if (!values.some((v) => v.value === value)) values.push({ value, count: 0, selected: true });
    if (values.length) facets.push({ name, label: FACET_LABELS[name], values });
  }
  return facets;
}

/** Products counted in a category's subtree; a product in two subcategories can count twice. */
function countSubtree(tree: CategoryTree, id: string, counts: Map<string, number>): number {
  const node = tree.byId.get(id);
  if (!node) return 0;
  return (counts.get(id) ?? 0) + node.children.reduce((sum, child) => sum + countSubtree(tree, child.id, counts), 0);
}
