import { invalidInput } from '../../errors';
import { type Category, type Product, type Variant, isPublished } from './catalog-types';
import { type SearchFacet, type SearchFilter, parseFacet, parseFilter } from './search-filters';
import { TextIndex, stem, tokenize } from './search-text';

interface IndexedVariant {
  variant: Variant;
  attributes: Map<string, string>;
  /** What the shopper pays now: the discounted price when there is one. */
  price: number;
}

interface IndexedProduct {
  product: Product;
  /** Variants per attribute term, for facets over all of a product's variants. */
  termCounts: Map<string, Map<string, number>>;
  /** Stemmed words of the name, and of the rest (description, style, skus, colours). */
  nameTokens: Set<string>;
  otherTokens: Set<string>;
  categoryIds: Set<string>;
  createdAt: number;
  /** Position in name order and in load order, so sorting never compares strings per query. */
  nameRank: number;
  ordinal: number;
  minPrice: number;
  variants: IndexedVariant[];
}

export interface SearchRequest {
  storeProjection?: string | null;
  text?: string | null;
  /** Typo tolerance: a word of five letters or more also matches words one edit away. */
  fuzzy?: boolean | null;
  queryFilters?: string[];
  filters?: string[];
  facetFilters?: string[];
  facets?: string[];
  sorts?: string[];
  limit?: number | null;
  offset?: number | null;
  /** Staged projections: withdrawn (unpublished) products too, as commercetools has them. */
  staged?: boolean | null;
}

export interface TermsFacetResult {
  facet: string;
  value: {
    type: 'terms';
    dataType: 'text';
    missing: number;
    total: number;
    other: number;
    terms: Array<{ term: string; count: number; productCount: number }>;
  };
}
export interface RangeFacetResult {
  facet: string;
  value: {
    type: 'range';
    ranges: Array<{
      type: 'double';
      from: number | null;
      to: number | null;
      count: number;
      productCount: number;
      min: number;
      max: number;
      mean: number;
      total: number;
    }>;
  };
}

export interface SearchResult {
  offset: number;
  count: number;
  total: number;
  results: Array<{ product: Product; matchingSkus: Set<string> }>;
  facets: Array<TermsFacetResult | RangeFacetResult>;
}

const inRanges = (value: number, ranges: Array<[number | null, number | null]>) =>
  ranges.some(([from, to]) => (from === null || value >= from) && (to === null || value < to));

/**
 * The product search read model: products held in memory per store with their variant
 * attributes, text tokens and category ancestry, answering Product Projection Search
 * (full text, filters, facets, sorts, paging) without touching the database.
 */
const CACHE_SIZE = 1000;
const PART_CACHE_SIZE = 300;

interface Match {
  product: IndexedProduct;
  variants: IndexedVariant[];
  /** True while no variant filter has narrowed the variants. */
  full: boolean;
}

function remember<T>(cache: Map<string, T>, key: string, build: () => T): T {
  const hit = cache.get(key);
  if (hit !== undefined) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const value = build();
  cache.set(key, value);
  if (cache.size > PART_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return value;
}

export class SearchIndex {
  /** Recent results by request, dropped whenever a product changes (load, replace), so they never go stale. */
  private cache = new Map<string, SearchResult>();
  private baseCache = new Map<string, { matches: Match[]; scores: Map<IndexedProduct, number> }>();
  private sortedCache = new Map<string, Match[]>();
  private facetCache = new Map<string, SearchResult['facets']>();
  /** Published products, per store and in all; the staged pools also hold withdrawn ones. */
  private matchesByStore = new Map<string, Match[]>();
  private allMatches: Match[] = [];
  private stagedByStore = new Map<string, Match[]>();
  private stagedMatches: Match[] = [];
  private assortments = new Map<string, Set<string>>();
  private byStore = new Map<string, IndexedProduct[]>();
  private byId = new Map<string, IndexedProduct>();
  private byKey = new Map<string, IndexedProduct>();
  private bySku = new Map<string, IndexedProduct>();
  private categoryAncestors = new Map<string, string[]>();
  private text = new TextIndex<IndexedProduct>();
  /** Category names by id: a product's categories (and their parents) are words it is found by. */
  private categoryNames = new Map<string, string>();

  /**
   * `assortments` is each store's assortment: the products of its active product selections,
   * which is what a commercetools `storeProjection` searches.
   */
  load(products: Product[], categories: Category[], assortments: Map<string, Set<string>>) {
    const parents = new Map(categories.map((c) => [c.id, c.parentId]));
    // A root category is the store itself ("Hoopcraft"): every product of the store sits under it,
    // so its name would match every product ("hoop" finding all of Hoopcraft) and tell nothing.
    this.categoryNames = new Map(categories.filter((c) => c.parentId).map((c) => [c.id, c.name['en-US'] ?? '']));
    this.categoryAncestors = new Map(
      categories.map((c) => {
        const ancestors: string[] = [];
        for (let at = c.parentId; at; at = parents.get(at) ?? null) ancestors.push(at);
        return [c.id, ancestors];
      }),
    );
    this.cache = new Map();
    this.baseCache = new Map();
    this.sortedCache = new Map();
    this.facetCache = new Map();
    this.byStore = new Map();
    this.byId = new Map();
    this.byKey = new Map();
    this.bySku = new Map();
    this.text = new TextIndex();
    for (const product of products) this.add(product);
    this.assortments = assortments;
    for (const [store, ids] of assortments) {
      this.byStore.set(
        store,
        [...ids]
          .map((id) => this.byId.get(id))
          .filter((p): p is IndexedProduct => Boolean(p))
          .sort((a, b) => a.ordinal - b.ordinal),
      );
    }
    this.rankNames();
    this.rebuildMatches();
  }

  /**
   * Takes changed products (a price, a name) in place: each keeps its position, so listings
   * and stores hold the new data at once, and every cached result is dropped. A product the
   * index does not hold yet is left for the next full load (it needs its store assortments).
   */
  replace(products: Product[]) {
    let renamed = false;
    let changed = false;
    for (const product of products) {
      const existing = this.byId.get(product.id);
      if (!existing) continue;
      changed = true;
      const fresh = this.build(product, existing.ordinal);
      for (const v of existing.variants)
        if (this.bySku.get(v.variant.sku) === existing) this.bySku.delete(v.variant.sku);
      if (this.byKey.get(existing.product.key) === existing) this.byKey.delete(existing.product.key);
      renamed ||= existing.product.name['en-US'] !== product.name['en-US'];
      this.text.remove(existing, 'name', existing.nameTokens);
      this.text.remove(existing, 'other', existing.otherTokens);
      Object.assign(existing, { ...fresh, nameRank: existing.nameRank });
      this.text.add(existing, 'name', existing.nameTokens);
      this.text.add(existing, 'other', existing.otherTokens);
      this.byKey.set(product.key, existing);
      for (const v of existing.variants) this.bySku.set(v.variant.sku, existing);
    }
    if (!changed) return;
    if (renamed) this.rankNames();
    this.rebuildMatches();
  }

  /** The version of the product the index holds, to tell whether a stored one is newer. */
  versionOf(id: string): number | undefined {
    return this.byId.get(id)?.product.version;
  }

  private rankNames() {
    const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });
    const all = [...this.byId.values()];
    all.sort(
      (a, b) =>
        collator.compare(a.product.name['en-US'] ?? '', b.product.name['en-US'] ?? '') ||
        (a.product.id < b.product.id ? -1 : 1),
    );
    all.forEach((p, rank) => (p.nameRank = rank));
  }

  /** The unfiltered match lists per store and overall, and empty result caches. */
  private rebuildMatches() {
    this.cache = new Map();
    this.baseCache = new Map();
    this.sortedCache = new Map();
    this.facetCache = new Map();
    const matchOf = (product: IndexedProduct): Match => ({ product, variants: product.variants, full: true });
    const published = (match: Match) => isPublished(match.product.product);
    this.stagedByStore = new Map([...this.byStore].map(([store, list]) => [store, list.map(matchOf)]));
    this.stagedMatches = [...this.byId.values()].sort((a, b) => a.ordinal - b.ordinal).map(matchOf);
    this.matchesByStore = new Map([...this.stagedByStore].map(([store, list]) => [store, list.filter(published)]));
    this.allMatches = this.stagedMatches.filter(published);
  }

  private add(product: Product) {
    const indexed = this.build(product, this.byId.size);
    this.byId.set(product.id, indexed);
    this.byKey.set(product.key, indexed);
    for (const v of indexed.variants) this.bySku.set(v.variant.sku, indexed);
    this.text.add(indexed, 'name', indexed.nameTokens);
    this.text.add(indexed, 'other', indexed.otherTokens);
  }

  private build(product: Product, ordinal: number): IndexedProduct {
    const variants = [product.masterVariant, ...product.variants].map((variant) => ({
      variant,
      attributes: new Map(
        variant.attributes.filter((a) => typeof a.value === 'string').map((a) => [a.name, a.value as string]),
      ),
      price: variant.prices[0]?.discounted?.value.centAmount ?? variant.prices[0]?.value.centAmount ?? 0,
    }));
    const name = product.name['en-US'] ?? '';
    const categoryIds = new Set(product.categories.flatMap((c) => [c.id, ...(this.categoryAncestors.get(c.id) ?? [])]));
    const other = [
      product.description['en-US'] ?? '',
      ...[...categoryIds].map((id) => this.categoryNames.get(id) ?? ''),
      product.masterStyle,
      ...variants.flatMap((v) => [v.variant.sku, v.attributes.get('color') ?? '']),
    ];
    const nameTokens = new Set(tokenize(name).map(stem));
    const otherTokens = new Set(other.flatMap(tokenize).map(stem));
    const termCounts = new Map<string, Map<string, number>>();
    for (const v of variants) {
      for (const [attribute, term] of v.attributes) {
        const counts = termCounts.get(attribute) ?? new Map<string, number>();
        counts.set(term, (counts.get(term) ?? 0) + 1);
        termCounts.set(attribute, counts);
      }
    }
    return {
      product,
      termCounts,
      nameRank: 0,
      ordinal,
      nameTokens,
      otherTokens,
      categoryIds,
      createdAt: Date.parse(product.createdAt),
      minPrice: Math.min(...variants.map((v) => v.price)),
      variants,
    };
  }

  get size() {
    return this.byId.size;
  }

  product(by: { id?: string | null; key?: string | null; sku?: string | null }): Product | undefined {
    return (
      by.id ? this.byId.get(by.id) : by.key ? this.byKey.get(by.key) : by.sku ? this.bySku.get(by.sku) : undefined
    )?.product;
  }

  /** Whether the store's assortment (its active product selections) holds the product. */
  inStore(storeKey: string, productId: string): boolean {
    return this.assortments.get(storeKey)?.has(productId) ?? false;
  }

  variantBySku(sku: string): { product: Product; variant: Variant } | undefined {
    const indexed = this.bySku.get(sku);
    const variant = indexed?.variants.find((v) => v.variant.sku === sku)?.variant;
    return indexed && variant ? { product: indexed.product, variant } : undefined;
  }

  search(request: SearchRequest): SearchResult {
    const key = JSON.stringify([
      request.staged === true,
      request.storeProjection,
      request.text,
      request.fuzzy,
      request.queryFilters,
      request.filters,
      request.facetFilters,
      request.facets,
      request.sorts,
      request.limit,
      request.offset,
    ]);
    const cached = this.cache.get(key);
    if (cached) {
      // Refresh its place in the LRU order.
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const result = this.compute(request);
    this.cache.set(key, result);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
    return result;
  }

  private compute(request: SearchRequest): SearchResult {
    const limit = request.limit ?? 20;
    const offset = request.offset ?? 0;
    if (!Number.isInteger(limit) || limit < 0 || limit > 500) throw invalidInput('limit must be between 0 and 500.');
    if (!Number.isInteger(offset) || offset < 0 || offset > 10000)
      throw invalidInput('offset must be between 0 and 10000.');
    for (const list of [request.queryFilters, request.filters, request.facetFilters, request.facets, request.sorts]) {
      if ((list?.length ?? 0) > 50) throw invalidInput('At most 50 filters, facets or sorts are allowed.');
    }
    const text = request.text?.trim() ?? '';
    if (text.length > 200) throw invalidInput('text must be at most 200 characters.');
    const queryFilters = (request.queryFilters ?? []).map(parseFilter);
    const postFilters = (request.filters ?? []).map(parseFilter);
    const facetFilters = (request.facetFilters ?? []).map(parseFilter);
    const facets = (request.facets ?? []).map(parseFacet);
    const sort = this.sorter(request.sorts ?? []);
    const fuzzy = request.fuzzy === true;
    const staged = request.staged === true;
    const scope = [staged, request.storeProjection, text, fuzzy, request.queryFilters];

    // Facets do not depend on sorting or paging, and the sorted list not on paging: each is
    // cached on its own, so paging through or re-sorting a listing costs a slice.
    const base = remember(this.baseCache, JSON.stringify(scope), () =>
      this.base(request.storeProjection, staged, { text, fuzzy }, queryFilters),
    );
    const sorted = remember(this.sortedCache, JSON.stringify([...scope, request.filters, request.sorts]), () =>
      this.apply(base.matches, postFilters).sort((a, b) => sort(a, b, base.scores)),
    );
    const facetResults = remember(
      this.facetCache,
      JSON.stringify([...scope, request.facetFilters, request.facets]),
      () => {
        const pool = this.apply(base.matches, facetFilters);
        return facets.map((facet) => this.facet(facet, pool));
      },
    );
    return {
      offset,
      count: Math.max(0, Math.min(limit, sorted.length - offset)),
      total: sorted.length,
      results: sorted
        .slice(offset, offset + limit)
        .map((m) => ({ product: m.product.product, matchingSkus: new Set(m.variants.map((v) => v.variant.sku)) })),
      facets: facetResults,
    };
  }

  /** The store's products (withdrawn ones too when staged) matching the text and the query filters, with text scores. */
  private base(
    store: string | null | undefined,
    staged: boolean,
    query: { text: string; fuzzy: boolean },
    queryFilters: SearchFilter[],
  ) {
    const [byStore, all] = staged ? [this.stagedByStore, this.stagedMatches] : [this.matchesByStore, this.allMatches];
    let matches = store ? (byStore.get(store) ?? []) : all;
    const scores = new Map<IndexedProduct, number>();
    // A lone letter ("t" of "t-shirt") is noise beside longer words.
    const words = [...new Set(tokenize(query.text).map(stem))];
    const terms = words.some((w) => w.length > 1) ? words.filter((w) => w.length > 1) : words;
    if (terms.length) {
      // Every word must match; the rarest first, so the others are only asked about its products.
      const perTerm = terms.map((term) => this.text.score(term, query.fuzzy)).sort((a, b) => a.size - b.size);
      matches = matches.filter(({ product }) => {
        let score = 0;
        for (const termScores of perTerm) {
          const value = termScores.get(product);
          if (value === undefined) return false;
          score += value;
        }
        scores.set(product, score);
        return true;
      });
    }
    return { matches: this.apply(matches, queryFilters), scores };
  }

  /** Products that pass every filter; variant filters must hold together on one variant. */
  private apply(pool: Match[], filters: SearchFilter[]): Match[] {
    if (filters.length === 0) return pool.slice();
    const productFilters = filters.filter((f) => f.kind === 'categories' || f.kind === 'key');
    const variantFilters = filters.filter((f) => f.kind === 'attribute' || f.kind === 'sku' || f.kind === 'price');
    const out: Match[] = [];
    for (const match of pool) {
      if (!productFilters.every((f) => this.productMatches(match.product, f))) continue;
      if (variantFilters.length === 0) {
        out.push(match);
        continue;
      }
      const variants = match.variants.filter((v) => variantFilters.every((f) => variantMatches(v, f)));
      if (variants.length > 0) out.push({ product: match.product, variants, full: false });
    }
    return out;
  }

  private productMatches(product: IndexedProduct, filter: SearchFilter): boolean {
    if (filter.kind === 'key') return filter.values.includes(product.product.key);
    if (filter.kind !== 'categories') return true;
    return filter.subtree
      ? filter.ids.some((id) => product.categoryIds.has(id))
      : product.product.categories.some((c) => filter.ids.includes(c.id));
  }

  private facet(facet: SearchFacet, pool: Match[]): TermsFacetResult | RangeFacetResult {
    if (facet.kind === 'price-range') {
      return {
        facet: facet.alias,
        value: {
          type: 'range',
          ranges: facet.ranges.map(([from, to]) => {
            const prices: number[] = [];
            let productCount = 0;
            for (const m of pool) {
              const hits = m.variants.filter((v) => inRanges(v.price, [[from, to]]));
              if (hits.length) productCount += 1;
              for (const v of hits) prices.push(v.price);
            }
            const total = prices.reduce((sum, p) => sum + p, 0);
            return {
              type: 'double' as const,
              from,
              to,
              count: prices.length,
              productCount,
              min: prices.length ? Math.min(...prices) : 0,
              max: prices.length ? Math.max(...prices) : 0,
              mean: prices.length ? total / prices.length : 0,
              total,
            };
          }),
        },
      };
    }
    const counts = new Map<string, { count: number; products: number }>();
    let missing = 0;
    for (const m of pool) {
      const seen = new Set<string>();
      if (facet.attribute === 'categories.id') {
        for (const c of m.product.product.categories) seen.add(c.id);
        for (const term of seen)
          counts.set(term, {
            count: (counts.get(term)?.count ?? 0) + 1,
            products: (counts.get(term)?.products ?? 0) + 1,
          });
        continue;
      }
      const precomputed = m.full ? m.product.termCounts.get(facet.attribute) : undefined;
      if (m.full) {
        missing += m.product.variants.length - (precomputed ? [...precomputed.values()].reduce((a, b) => a + b, 0) : 0);
        for (const [term, count] of precomputed ?? []) {
          const entry = counts.get(term) ?? { count: 0, products: 0 };
          entry.count += count;
          entry.products += 1;
          counts.set(term, entry);
        }
        continue;
      }
      for (const v of m.variants) {
        const term = v.attributes.get(facet.attribute);
        if (term === undefined) {
          missing += 1;
          continue;
        }
        const entry = counts.get(term) ?? { count: 0, products: 0 };
        entry.count += 1;
        if (!seen.has(term)) {
          entry.products += 1;
          seen.add(term);
        }
        counts.set(term, entry);
      }
    }
    const terms = [...counts.entries()]
      .map(([term, c]) => ({ term, count: facet.countingProducts ? c.products : c.count, productCount: c.products }))
      .sort((a, b) => b.count - a.count || a.term.localeCompare(b.term, 'en', { numeric: true }));
    const total = terms.reduce((sum, t) => sum + t.count, 0);
    return { facet: facet.alias, value: { type: 'terms', dataType: 'text', missing, total, other: 0, terms } };
  }

  private sorter(sorts: string[]) {
    const rules = sorts.map((sort) => {
      const match = /^\s*(score|price|createdAt|name\.en-US|name\.en|id)\s+(asc|desc)\s*$/.exec(sort);
      if (!match)
        throw invalidInput(`Unsupported sort "${sort}": use score, price, createdAt or name.en-US with asc or desc.`);
      return { field: match[1], direction: match[2] === 'asc' ? 1 : -1 };
    });
    return (first: Match, second: Match, scores: Map<IndexedProduct, number>) => {
      const [a, b] = [first.product, second.product];
      for (const { field, direction } of rules) {
        const difference =
          field === 'score'
            ? (scores.get(a) ?? 0) - (scores.get(b) ?? 0)
            : field === 'price'
              ? matchPrice(first) - matchPrice(second)
              : field === 'createdAt'
                ? a.createdAt - b.createdAt
                : field === 'id'
                  ? a.product.id < b.product.id
                    ? -1
                    : a.product.id > b.product.id
                      ? 1
                      : 0
                  : a.nameRank - b.nameRank;
        if (difference !== 0) return difference * direction;
      }
      // Default order: relevance when searching by text, then newest first, then id for stability.
      return (scores.get(b) ?? 0) - (scores.get(a) ?? 0) || b.createdAt - a.createdAt || a.ordinal - b.ordinal;
    };
  }
}

/**
 * The price a product sorts by: the lowest a shopper pays now among the variants that matched the
 * filters (all of them when none narrowed it), the one a listing card shows, so a sort by price
 * is in the order of the prices on the cards.
 */
function matchPrice(match: Match): number {
  if (match.full) return match.product.minPrice;
  let lowest = Infinity;
  for (const v of match.variants) if (v.price < lowest) lowest = v.price;
  return lowest;
}

function variantMatches(v: IndexedVariant, filter: SearchFilter): boolean {
  if (filter.kind === 'attribute') return filter.values.includes(v.attributes.get(filter.name) ?? '\u0000');
  if (filter.kind === 'sku') return filter.values.includes(v.variant.sku);
  if (filter.kind === 'price') return inRanges(v.price, filter.ranges);
  return true;
}
