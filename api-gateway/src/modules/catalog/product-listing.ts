import { FILTER_NAMES, type Facet, type FilterName, type ProductListResponse, type ProductQuery } from '@shop/contracts';
import type { CommerceClient } from '../../clients/commerce/commerce-client';
import { DomainError } from '../../shared/domain-error';
import { type CategoryTree, breadcrumbOf } from './category-tree';
import { type RawProduct, toSummary } from './product-shapes';
import { predicateLiteral } from '../../clients/commerce/predicate-literal';

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

const SORT: Record<string, string[]> = {
  'price-asc': ['price asc'],
  'price-desc': ['price desc'],
  newest: ['createdAt desc'],
  name: ['name.en-US asc'],
};

/** Only what a product card needs: the master variant's image, every variant's colour and price. */
export const PRODUCT_FIELDS = `key masterStyle name(locale: "en-US") categoriesRef { id } masterVariant { images { url label } }
  allVariants { attributesRaw(includeNames: ["color", "colorFamily"]) { name value } price(currency: "USD") { value { centAmount } discounted { value { centAmount } } } }`;

// Search filters quote strings like query predicates do: one escaping helper for both.
const quote = (values: string[]) => values.map(predicateLiteral).join(',');

interface RawFacet {
  facet: string;
  value: { terms?: Array<{ term: string; count: number; productCount: number | null }> };
}

/**
 * A listing in one GraphQL request: the page of results with every selected filter, facets
 * for unselected attributes over the full selection, and, per selected attribute, its facet
 * over the selection without itself (so its other values stay visible to multi-select).
 */
export async function listProducts(
  query: ProductQuery,
  context: { commerce: CommerceClient; tree: CategoryTree; storeKey: string; productBasePath: string; correlationId: string },
): Promise<ProductListResponse> {
  const { tree } = context;
  const category = query.category ? tree.bySlug.get(query.category) : undefined;
  if (query.category && !category) throw new DomainError('CATEGORY_NOT_FOUND', `There is no category "${query.category}".`);
  const selected: FilterName[] = FILTER_NAMES.filter((name) => (query[name]?.length ?? 0) > 0);
  const attributeFilter = (name: FilterName) => `variants.attributes.${name}:${quote(query[name] ?? [])}`;
  const priceFilter =
    query.priceMin !== undefined || query.priceMax !== undefined
      ? [`variants.price.centAmount:range (${query.priceMin ?? '*'} to ${query.priceMax !== undefined ? query.priceMax + 1 : '*'})`]
      : [];
  const all = [...selected.map(attributeFilter), ...priceFilter];
  const toInput = (list: string[]) => list.map((string) => ({ string }));
  const variables: Record<string, unknown> = {
    store: context.storeKey,
    text: query.q || null,
    queryFilters: toInput(category ? [`categories.id: subtree(${predicateLiteral(category.id)})`] : []),
    filters: toInput(all),
    facets: toInput(['categories.id counting products', ...FACETED.filter((n) => !selected.includes(n)).map((n) => `variants.attributes.${n} counting products`)]),
    sorts: query.sort && SORT[query.sort] ? SORT[query.sort] : query.q ? ['score desc'] : ['createdAt desc'],
    limit: query.limit,
    offset: query.offset,
  };
  const own = selected.filter((name) => name !== 'masterStyle');
  own.forEach((name, i) => {
    variables[`f${i}`] = toInput(all.filter((filter) => filter !== attributeFilter(name)));
    variables[`facet${i}`] = toInput([`variants.attributes.${name} counting products`]);
  });
  const search = (alias: string, args: string, fields: string) =>
    `${alias}: productProjectionSearch(storeProjection: $store, text: $text, queryFilters: $queryFilters, ${args}) { ${fields} }`;
  const declarations = ['$store: String', '$text: String', '$queryFilters: [SearchFilterInput!]', '$filters: [SearchFilterInput!]', '$facets: [SearchFacetInput!]', '$sorts: [String!]', '$limit: Int', '$offset: Int', ...own.flatMap((_, i) => [`$f${i}: [SearchFilterInput!]`, `$facet${i}: [SearchFacetInput!]`])];
  const facetFields = 'facets { facet value { ... on TermsFacetResult { terms { term count productCount } } } }';
  const document = `query ProductListing(${declarations.join(', ')}) {
    main: productProjectionSearch(storeProjection: $store, text: $text, queryFilters: $queryFilters, filters: $filters, facetFilters: $filters, facets: $facets, sorts: $sorts, limit: $limit, offset: $offset) {
      total results { ${PRODUCT_FIELDS} } ${facetFields} }
    ${own.map((_, i) => search(`own${i}`, `facetFilters: $f${i}, facets: $facet${i}, limit: 0`, facetFields)).join('\n    ')}
  }`;
  const data = await context.commerce.graphql<Record<string, { total?: number; results?: RawProduct[]; facets: RawFacet[] }>>('ProductListing', document, variables, {
    correlationId: context.correlationId,
  });
  const rawFacets = [...data.main.facets, ...own.flatMap((_, i) => data[`own${i}`].facets)];
  return {
    results: (data.main.results ?? []).map((product) => toSummary(tree, product, context.productBasePath)),
    total: data.main.total ?? 0,
    offset: query.offset,
    limit: query.limit,
    facets: buildFacets(rawFacets, query, tree, category?.id),
    applied: {
      ...Object.fromEntries(selected.map((name) => [name, query[name]])),
      ...(query.priceMin !== undefined ? { priceMin: query.priceMin } : {}),
      ...(query.priceMax !== undefined ? { priceMax: query.priceMax } : {}),
    },
    ...(category ? { category: { slug: category.slug, name: category.name, breadcrumb: breadcrumbOf(tree, category.id) } } : {}),
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
export function buildFacets(raw: RawFacet[], query: ProductQuery, tree: CategoryTree, categoryId: string | undefined): Facet[] {
  const facets: Facet[] = [];
  const categoryFacet = raw.find((f) => f.facet === 'categories.id');
  if (categoryFacet) {
    const children = categoryId ? (tree.byId.get(categoryId)?.children ?? []) : tree.roots;
    const counts = new Map((categoryFacet.value.terms ?? []).map((t) => [t.term, t.productCount ?? t.count]));
    const values = children
      .map((child) => ({ value: child.slug, label: child.name, count: countSubtree(tree, child.id, counts), selected: false }))
      .filter((v) => v.count > 0);
    if (values.length) facets.push({ name: 'category', label: FACET_LABELS.category, values });
  }
  for (const name of FACETED) {
    const facet = raw.find((f) => f.facet === `variants.attributes.${name}`);
    if (!facet) continue;
    const chosen = new Set(query[name] ?? []);
    const values = (facet.value.terms ?? [])
      .map((t) => ({ value: t.term, count: t.productCount ?? t.count, selected: chosen.has(t.term) }))
      .sort((a, b) => (name === 'size' ? sizeRank(a.value) - sizeRank(b.value) : 0) || (name === 'color' || name === 'colorFamily' ? b.count - a.count : 0) || NATURAL.compare(a.value, b.value));
    // A selected value with no results left still shows, so it can be cleared.
    for (const value of chosen) if (!values.some((v) => v.value === value)) values.push({ value, count: 0, selected: true });
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
