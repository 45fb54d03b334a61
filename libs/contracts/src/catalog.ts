import { z } from 'zod';

import { FILTER_NAMES, MAX_PAGE_SIZE, PAGE_SIZE, SORTS } from './catalog-constants';
import { safeText } from './text';

export { FILTER_NAMES, MAX_PAGE_SIZE, PAGE_SIZE, QUICK_SEARCH_SIZE, SORTS } from './catalog-constants';
export type FilterName = (typeof FILTER_NAMES)[number];
export type Sort = (typeof SORTS)[number];

const value = safeText().trim().min(1).max(60);
const many = z.union([value, z.array(value).max(30)]).transform((v) => (Array.isArray(v) ? v : [v]));
const cents = z.coerce.number().int().min(0).max(10_000_000);

/** GET /api/products query: every filter repeatable (?size=M&size=L). */
export const productQuerySchema = z.strictObject({
  category: safeText()
    .trim()
    .regex(/^[a-z0-9-]{1,80}$/, { message: 'must be a category slug' })
    .optional(),
  q: safeText().trim().max(100).optional(),
  sort: z.enum(SORTS).optional(),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  priceMin: cents.optional(),
  priceMax: cents.optional(),
  ...Object.fromEntries(FILTER_NAMES.map((name) => [name, many.optional()])),
} as Record<string, z.ZodType>);
export type ProductQuery = {
  category?: string;
  q?: string;
  sort?: Sort;
  offset: number;
  limit: number;
  priceMin?: number;
  priceMax?: number;
} & Partial<Record<FilterName, string[]>>;

export interface Money {
  centAmount: number;
  currencyCode: 'USD';
  fractionDigits: 2;
}

export interface ProductSummary {
  key: string;
  masterStyle: string;
  name: string;
  url: string;
  image: { url: string; alt: string };
  /** The lowest price a shopper pays now (`salePrice` when that variant is on sale, `price` its regular one). */
  price: Money;
  salePrice?: Money;
  /** The variants' prices differ: the price shown is where they start ("from $46.99"). */
  priceFrom?: boolean;
  colors: Array<{ name: string; family: string }>;
  /**
   * The product's colours as the card's swatches, in the product's order: the colour's name, its
   * `#rrggbb` when known, its front picture and the product page on that colour (on the variant a
   * filtered listing matched, when it has one). The card opens with `image`, one of these pictures.
   */
  swatches?: ProductSwatch[];
}

export interface ProductSwatch {
  name: string;
  hex?: string;
  image: string;
  url: string;
}

export interface FacetValue {
  value: string;
  count: number;
  selected: boolean;
  label?: string;
}

export interface Facet {
  name: FilterName | 'category';
  label: string;
  values: FacetValue[];
}

export interface CategoryNode {
  key: string;
  slug: string;
  name: string;
  path: string;
  children: CategoryNode[];
}

export interface ProductListResponse {
  results: ProductSummary[];
  total: number;
  offset: number;
  limit: number;
  facets: Facet[];
  applied: Partial<Record<FilterName, string[]>> & { priceMin?: number; priceMax?: number };
  category?: { slug: string; name: string; breadcrumb: Array<{ slug: string; name: string; path: string }> };
  query?: string;
}

export interface VariantDetail {
  sku: string;
  attributes: Record<string, string>;
  price: Money;
  salePrice?: Money;
  images: Array<{ url: string; alt: string }>;
  available: number;
  inStock: boolean;
}

export interface ProductDetail {
  key: string;
  masterStyle: string;
  name: string;
  description: string;
  url: string;
  categorySlug: string;
  breadcrumb: Array<{ slug: string; name: string; path: string }>;
  variants: VariantDetail[];
  retailerLinks: Array<{ retailer: string; domain: string; url: string }>;
  /** The attributes shoppers choose between, in display order. */
  options: Array<{ name: string; label: string; values: string[] }>;
  /** The brand's size guide for the product's category (brand content decides); none when it has none. */
  sizeGuide?: { slug: string; title: string };
}

export interface SuggestResponse {
  products: Array<Pick<ProductSummary, 'key' | 'name' | 'url' | 'image' | 'price' | 'salePrice' | 'priceFrom'>>;
  categories: Array<{ name: string; path: string }>;
}
