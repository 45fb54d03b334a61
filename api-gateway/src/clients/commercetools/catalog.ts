import type {
  RawBagProduct,
  RawCategories,
  RawDetailProduct,
  RawDetailVariant,
  RawFacet,
  RawListingProduct,
  RawRootCategory,
  RawSearch,
  RawVariantImagesProduct,
} from './ctp-types';
import {
  BAG_VARIANTS,
  BRAND_CATEGORIES,
  PRODUCT_DETAIL,
  PRODUCT_FOR_CHANGE,
  PRODUCT_WITHDRAWN,
  SET_PRODUCT_PUBLISHED,
  ROOT_CATEGORY,
  SUGGEST,
  VARIANT_IMAGES,
  productListingDocument,
} from './documents';
import { CommerceRequestError } from './commerce-request-error';
import { predicateLiteral } from './predicate-literal';
import type { Graphql } from './transport';

/** A category of a brand's tree; `parentId` is unset for the tree's top level. */
export interface CommerceCategory {
  id: string;
  key: string;
  slug: string;
  name: string;
  orderHint: string;
  parentId?: string;
}

export interface CommercePrice {
  centAmount: number;
  /** What the shopper pays while a product discount applies. */
  discountedCentAmount?: number;
}

export interface CommerceVariant {
  sku: string;
  /** Text attributes by name (colour, size, style, ...). */
  attributes: Record<string, string>;
  price?: CommercePrice;
  images: Array<{ url: string; label?: string }>;
  /** Units available to sell; undefined when the listing did not ask. */
  available?: number;
}

export interface RetailerLink {
  retailer: string;
  domain: string;
  url: string;
}

export interface CommerceProduct {
  key: string;
  /** The style number (the `masterStyle` product attribute). */
  style: string;
  name: string;
  description?: string;
  categoryIds: string[];
  image?: { url: string; label?: string };
  variants: CommerceVariant[];
  retailerLinks: RetailerLink[];
}

/** A variant in a bag: its current price and stock, and what its product page link needs. */
export interface BagVariant {
  sku: string;
  productKey: string;
  /** The style number (the `masterStyle` product attribute). */
  style: string;
  name: string;
  categoryIds: string[];
  /** Undefined when the variant has no price in USD. */
  price?: CommercePrice;
  /** Units available to sell. */
  available: number;
  /** The key of the product's tax category (`clothing`, `general`); undefined when it has none. */
  taxCategory?: string;
}

/** Skus per bag-variant search: the largest page the gateway asks for. */
export const BAG_PAGE = 48;

/** The variables of one bag-variant search: these skus (at most BAG_PAGE) in the store's assortment. */
export const bagVariantsSearch = (storeKey: string, page: string[]) => ({
  store: storeKey,
  filters: [{ string: `variants.sku:${page.map(predicateLiteral).join(',')}` }],
  limit: page.length,
});

/** Adds the page's skus a bag-variant search found to `found`, by sku. */
export function collectBagVariants(
  results: RawBagProduct[] | undefined,
  page: string[],
  found: Map<string, BagVariant>,
) {
  for (const product of results ?? []) {
    for (const variant of product.allVariants) {
      if (!variant.sku || !page.includes(variant.sku)) continue;
      found.set(variant.sku, {
        sku: variant.sku,
        productKey: product.key ?? '',
        style: text(attribute(product.masterVariant.attributesRaw, 'masterStyle')) ?? '',
        name: product.name ?? '',
        categoryIds: product.categoriesRef.map((c) => c.id),
        ...(variant.price ? { price: reshapePrice(variant.price) } : {}),
        available: variant.availability?.noChannel?.availableQuantity ?? 0,
        ...(product.taxCategory?.key ? { taxCategory: product.taxCategory.key } : {}),
      });
    }
  }
  return found;
}

export type ProductSort = 'price-asc' | 'price-desc' | 'newest' | 'name';

export interface ProductSearch {
  storeKey: string;
  text?: string;
  /** Typo tolerance for the text: a word of five letters or more also finds words one edit away. */
  fuzzy?: boolean;
  /** Only products in this category or below it. */
  categoryId?: string;
  /** Selected values per attribute. */
  filters: Record<string, string[]>;
  /** Price range in cents, both ends included. */
  priceMin?: number;
  priceMax?: number;
  /** Attributes to count over the whole selection. */
  facets: string[];
  /** Selected attributes to count over the selection without their own filter. */
  ownFacets: string[];
  /** Unset: best match for a text search, else newest first. */
  sort?: ProductSort;
  limit: number;
  offset: number;
}

export type TermCounts = Array<{ term: string; count: number }>;

export interface ProductSearchResult {
  total: number;
  products: CommerceProduct[];
  /** Products per category id (each directly in it). */
  categoryCounts: Map<string, number>;
  /** Products per value of each faceted attribute. */
  facets: Record<string, TermCounts>;
}

const SORTS: Record<ProductSort, string[]> = {
  'price-asc': ['price asc'],
  'price-desc': ['price desc'],
  newest: ['createdAt desc'],
  name: ['name.en-US asc'],
};

type Call = { correlationId: string };
/** Catalog reads are the same for every shopper: identical ones in flight at once share one request. */
const shared = (call: Call) => ({ ...call, shared: true });

/** One product by a sku or by its style number: the product key is the style number in lower case (docs/adr/0010). */
const productFilter = (by: { sku: string } | { style: string }) =>
  'sku' in by ? `variants.sku:${predicateLiteral(by.sku)}` : `key:${predicateLiteral(by.style.toLowerCase())}`;

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
const textAttributes = (attributes: Array<{ name: string; value: unknown }>) =>
  Object.fromEntries(attributes.flatMap((a) => (typeof a.value === 'string' ? [[a.name, a.value]] : [])));
const attribute = (attributes: Array<{ name: string; value: unknown }>, name: string): unknown =>
  attributes.find((a) => a.name === name)?.value;

/** The `retailerLinks` attribute: a set of nested values, each a `retailer` enum and a `url`. */
function reshapeRetailerLinks(value: unknown): RetailerLink[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((nested: unknown) => {
    if (!Array.isArray(nested)) return [];
    const fields = nested as Array<{ name: string; value: unknown }>;
    const retailer = attribute(fields, 'retailer') as { key?: unknown } | string | undefined;
    const key = typeof retailer === 'string' ? retailer : text(retailer?.key);
    const url = text(attribute(fields, 'url'));
    if (!key || !url) return [];
    try {
      return [{ retailer: key, domain: new URL(url).hostname.replace(/^www\./, ''), url }];
    } catch {
      return [];
    }
  });
}

function reshapePrice(raw: RawDetailVariant['price']): CommercePrice | undefined {
  if (!raw) return undefined;
  return {
    centAmount: raw.value.centAmount,
    ...(raw.discounted ? { discountedCentAmount: raw.discounted.value.centAmount } : {}),
  };
}

const reshapeImage = (image: { url: string; label?: string | null }) => ({
  url: image.url,
  ...(image.label ? { label: image.label } : {}),
});

function reshapeListingProduct(raw: RawListingProduct): CommerceProduct {
  const image = raw.masterVariant.images[0];
  return {
    key: raw.key ?? '',
    style: text(attribute(raw.masterVariant.attributesRaw, 'masterStyle')) ?? '',
    name: raw.name ?? '',
    categoryIds: raw.categoriesRef.map((c) => c.id),
    ...(image ? { image: reshapeImage(image) } : {}),
    variants: raw.allVariants.map((v) => ({
      sku: v.sku ?? '',
      attributes: textAttributes(v.attributesRaw),
      price: reshapePrice(v.price),
      images: [],
    })),
    retailerLinks: [],
  };
}

function reshapeDetailProduct(raw: RawDetailProduct): CommerceProduct {
  const variants = raw.allVariants.map((v) => ({
    sku: v.sku ?? '',
    attributes: textAttributes(v.attributesRaw),
    price: reshapePrice(v.price),
    images: v.images.map(reshapeImage),
    available: v.availability?.noChannel?.availableQuantity ?? 0,
  }));
  return {
    key: raw.key ?? '',
    style: text(attribute(raw.masterVariant.attributesRaw, 'masterStyle')) ?? '',
    name: raw.name ?? '',
    description: raw.description ?? '',
    categoryIds: raw.categoriesRef.map((c) => c.id),
    ...(variants[0]?.images[0] ? { image: variants[0].images[0] } : {}),
    variants,
    retailerLinks: reshapeRetailerLinks(attribute(raw.masterVariant.attributesRaw, 'retailerLinks')),
  };
}

const terms = (facet: RawFacet | undefined): TermCounts =>
  (facet?.value.terms ?? []).map((t) => ({ term: t.term, count: t.productCount ?? t.count }));

/** Catalog reads: the brand's categories and products, through its store's assortment. */
export function catalogOperations(graphql: Graphql) {
  return {
    /**
     * The brand's categories below its root category, whose key is the store's key. Two
     * requests: commercetools categories belong to no store, so the tree is found by ancestry.
     */
    async getCategories(storeKey: string, call: Call): Promise<CommerceCategory[]> {
      const { category: root } = await graphql<RawRootCategory>(
        'RootCategory',
        ROOT_CATEGORY,
        { key: storeKey },
        shared(call),
      );
      if (!root) return [];
      const data = await graphql<RawCategories>(
        'BrandCategories',
        BRAND_CATEGORIES,
        { where: `ancestors(id=${predicateLiteral(root.id)})` },
        shared(call),
      );
      return data.categories.results.map((c) => ({
        id: c.id,
        key: c.key ?? '',
        slug: c.slug ?? '',
        name: c.name ?? '',
        orderHint: c.orderHint,
        ...(c.parentRef && c.parentRef.id !== root.id ? { parentId: c.parentRef.id } : {}),
      }));
    },

    /** A listing page with its facets, in one request (see productListingDocument). */
    async getProducts(search: ProductSearch, call: Call): Promise<ProductSearchResult> {
      const toInput = (list: string[]) => list.map((string) => ({ string }));
      // Search filters quote strings like query predicates do: one escaping helper for both.
      const attributeFilter = (name: string) =>
        `variants.attributes.${name}:${(search.filters[name] ?? []).map(predicateLiteral).join(',')}`;
      const selected = Object.keys(search.filters).filter((name) => search.filters[name].length > 0);
      const priceFilter =
        search.priceMin !== undefined || search.priceMax !== undefined
          ? [
              `variants.price.centAmount:range (${search.priceMin ?? '*'} to ${search.priceMax !== undefined ? search.priceMax + 1 : '*'})`,
            ]
          : [];
      const all = [...selected.map(attributeFilter), ...priceFilter];
      const variables: Record<string, unknown> = {
        store: search.storeKey,
        text: search.text || null,
        fuzzy: Boolean(search.text && search.fuzzy),
        queryFilters: toInput(
          search.categoryId ? [`categories.id: subtree(${predicateLiteral(search.categoryId)})`] : [],
        ),
        filters: toInput(all),
        facets: toInput([
          'categories.id counting products',
          ...search.facets.map((n) => `variants.attributes.${n} counting products`),
        ]),
        sorts: search.sort ? SORTS[search.sort] : search.text ? ['score desc'] : ['createdAt desc'],
        limit: search.limit,
        offset: search.offset,
      };
      search.ownFacets.forEach((name, i) => {
        variables[`f${i}`] = toInput(all.filter((filter) => filter !== attributeFilter(name)));
        variables[`facet${i}`] = toInput([`variants.attributes.${name} counting products`]);
      });
      const data = await graphql<Record<string, RawSearch<RawListingProduct>>>(
        'ProductListing',
        productListingDocument(search.ownFacets.length),
        variables,
        shared(call),
      );
      const rawFacets = [
        ...(data.main.facets ?? []),
        ...search.ownFacets.flatMap((_, i) => data[`own${i}`].facets ?? []),
      ];
      const facetOf = (name: string) => rawFacets.find((f) => f.facet === `variants.attributes.${name}`);
      return {
        total: data.main.total ?? 0,
        products: (data.main.results ?? []).map(reshapeListingProduct),
        categoryCounts: new Map(
          terms(rawFacets.find((f) => f.facet === 'categories.id')).map((t) => [t.term, t.count]),
        ),
        facets: Object.fromEntries(
          [...search.facets, ...search.ownFacets]
            .filter((name) => facetOf(name))
            .map((name) => [name, terms(facetOf(name))]),
        ),
      };
    },

    /** A product of the store's assortment by one of its skus or by its style number; undefined if it has none. */
    async getProduct(
      storeKey: string,
      by: { sku: string } | { style: string },
      call: Call,
    ): Promise<CommerceProduct | undefined> {
      const data = await graphql<{ productProjectionSearch: RawSearch<RawDetailProduct> }>(
        'ProductDetail',
        PRODUCT_DETAIL,
        { store: storeKey, filters: [{ string: productFilter(by) }] },
        shared(call),
      );
      const [product] = data.productProjectionSearch.results ?? [];
      return product ? reshapeDetailProduct(product) : undefined;
    },

    /**
     * Withdraws a product from sale in every store (commercetools `unpublish`) or puts it back
     * (`publish`), by style number; another write in between is retried on the new version.
     * Undefined when there is no such product; else its skus and whether it changed now.
     */
    async setProductOnSale(
      style: string,
      onSale: boolean,
      call: Call,
    ): Promise<{ skus: string[]; changed: boolean } | undefined> {
      for (let attempt = 1; ; attempt += 1) {
        const { product } = await graphql<{
          product: {
            id: string;
            version: number;
            masterData: { published: boolean; current: { allVariants: Array<{ sku: string | null }> } | null };
          } | null;
        }>('ProductForChange', PRODUCT_FOR_CHANGE, { key: style.toLowerCase() }, call);
        if (!product) return undefined;
        const skus = (product.masterData.current?.allVariants ?? []).flatMap((v) => (v.sku ? [v.sku] : []));
        if (product.masterData.published === onSale) return { skus, changed: false };
        try {
          await graphql(
            'SetProductPublished',
            SET_PRODUCT_PUBLISHED,
            {
              id: product.id,
              version: product.version,
              actions: [onSale ? { publish: { scope: 'All' } } : { unpublish: {} }],
            },
            { ...call, expected: ['ConcurrentModification'] },
          );
          return { skus, changed: true };
        } catch (error) {
          const conflict = error instanceof CommerceRequestError && error.code === 'ConcurrentModification';
          if (!conflict || attempt >= 3) throw error;
        }
      }
    },

    /** Whether the store sold this product and it has been withdrawn from sale (unpublished). */
    async isWithdrawn(storeKey: string, by: { sku: string } | { style: string }, call: Call): Promise<boolean> {
      const data = await graphql<{ productProjectionSearch: { results?: Array<{ published?: unknown }> } }>(
        'ProductWithdrawn',
        PRODUCT_WITHDRAWN,
        { store: storeKey, filters: [{ string: productFilter(by) }] },
        shared(call),
      );
      const [product] = data.productProjectionSearch.results ?? [];
      return product?.published === false;
    },

    /**
     * The current price and stock of these skus in the store's assortment, by sku; a sku the
     * store does not sell (another brand's, or none at all) is absent.
     */
    async getBagVariants(storeKey: string, skus: string[], call: Call): Promise<Map<string, BagVariant>> {
      const unique = [...new Set(skus)];
      const found = new Map<string, BagVariant>();
      for (let at = 0; at < unique.length; at += BAG_PAGE) {
        const page = unique.slice(at, at + BAG_PAGE);
        const data = await graphql<{ productProjectionSearch: RawSearch<RawBagProduct> }>(
          'BagVariants',
          BAG_VARIANTS,
          bagVariantsSearch(storeKey, page),
          call,
        );
        collectBagVariants(data.productProjectionSearch.results, page, found);
      }
      return found;
    },

    /**
     * The pictures of these skus (a listing's swatches: one sku per colour), by sku; a sku the
     * store does not sell is absent.
     */
    async getVariantImages(
      storeKey: string,
      skus: string[],
      call: Call,
    ): Promise<Map<string, Array<{ url: string; label?: string }>>> {
      const unique = [...new Set(skus)];
      const pages = Array.from({ length: Math.ceil(unique.length / BAG_PAGE) }, (_, i) =>
        unique.slice(i * BAG_PAGE, (i + 1) * BAG_PAGE),
      );
      const found = new Map<string, Array<{ url: string; label?: string }>>();
      const answers = await Promise.all(
        pages.map((page) =>
          graphql<{ productProjectionSearch: RawSearch<RawVariantImagesProduct> }>(
            'VariantImages',
            VARIANT_IMAGES,
            {
              store: storeKey,
              filters: [{ string: `variants.sku:${page.map(predicateLiteral).join(',')}` }],
              limit: page.length,
            },
            shared(call),
          ),
        ),
      );
      const wanted = new Set(unique);
      for (const data of answers)
        for (const product of data.productProjectionSearch.results ?? [])
          for (const variant of product.allVariants)
            if (variant.sku && wanted.has(variant.sku)) found.set(variant.sku, variant.images.map(reshapeImage));
      return found;
    },

    /** Quick search: the best five matches of the store's assortment. */
    async suggestProducts(storeKey: string, text: string, call: Call, fuzzy = false): Promise<CommerceProduct[]> {
      const data = await graphql<{ productProjectionSearch: RawSearch<RawListingProduct> }>(
        'Suggest',
        SUGGEST,
        { store: storeKey, text, fuzzy },
        shared(call),
      );
      return (data.productProjectionSearch.results ?? []).map(reshapeListingProduct);
    },
  };
}
