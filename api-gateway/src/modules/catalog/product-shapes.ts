import type { Money, ProductDetail, ProductSummary, ProductSwatch, VariantDetail } from '@shop/contracts';
import type { CommerceProduct, CommerceVariant } from '../../clients/commercetools';
import type { CategoryTree } from '../../shared/category-tree';
import { breadcrumbOf } from '../../shared/category-tree';
import {
  OPTION_LABELS,
  OPTION_ORDER,
  imageColour,
  leafCategory as leafOf,
  mediaUrl,
  productPagePath,
} from '../../shared/product-links';

const leafCategory = (tree: CategoryTree, product: CommerceProduct) => leafOf(tree, product.categoryIds);

const usd = (centAmount: number): Money => ({ centAmount, currencyCode: 'USD', fractionDigits: 2 });

export function productUrl(tree: CategoryTree, product: CommerceProduct, productBasePath: string): string {
  return productPagePath(tree, product, product.style, productBasePath);
}

/** What a variant sells for now: its sale price when it has one. */
const currentPrice = (variant: CommerceVariant) => variant.price?.discountedCentAmount ?? variant.price?.centAmount;

/**
 * The price a card shows: the lowest a shopper can pay now, with that same variant's regular
 * price as "was" when it is on sale (never one variant's sale beside another's regular price),
 * and `priceFrom` when the variants do not all cost the same.
 */
function cardPrices(variants: CommerceVariant[]): Pick<ProductSummary, 'price' | 'salePrice' | 'priceFrom'> {
  const priced = variants.filter((v) => v.price);
  if (priced.length === 0) return { price: usd(0) };
  const cheapest = priced.reduce((best, v) => ((currentPrice(v) ?? 0) < (currentPrice(best) ?? 0) ? v : best));
  const differ = new Set(priced.map(currentPrice)).size > 1;
  return { ...variantPrices(cheapest), ...(differ ? { priceFrom: true } : {}) };
}

/** One variant's price, as its product page shows it. */
function variantPrices(variant: CommerceVariant) {
  const price = variant.price;
  if (!price) return { price: usd(0) };
  return {
    price: usd(price.centAmount),
    ...(price.discountedCentAmount !== undefined ? { salePrice: usd(price.discountedCentAmount) } : {}),
  };
}

/** The listing's filters that pick variants (size, colour, ...), as attribute name -> accepted values. */
export type VariantFilters = Partial<Record<string, readonly string[]>>;
/** The listing's price range in cents, both ends included, on what a variant sells for now. */
export interface PriceRange {
  min?: number;
  max?: number;
}

const matches = (variant: CommerceVariant, filters: VariantFilters, range: PriceRange) => {
  const now = currentPrice(variant);
  if (range.min !== undefined && (now === undefined || now < range.min)) return false;
  if (range.max !== undefined && (now === undefined || now > range.max)) return false;
  return Object.entries(filters).every(
    ([name, accepted]) => !accepted?.length || accepted.includes(variant.attributes[name] ?? ''),
  );
};

/** Each colour's variants, in the product's order (the master variant's colour first). */
export function variantsByColour(variants: CommerceVariant[]): Map<string, CommerceVariant[]> {
  const byColour = new Map<string, CommerceVariant[]>();
  for (const variant of variants) {
    const colour = variant.attributes.color;
    if (colour) byColour.set(colour, [...(byColour.get(colour) ?? []), variant]);
  }
  return byColour;
}

/** Filters that are the shopper's choice of size (not of colour or price). */
const choosesSize = (filters: VariantFilters) =>
  Object.entries(filters).some(([name, values]) => name !== 'color' && name !== 'colorFamily' && values?.length);

/**
 * The product page a card or swatch opens: on the variant itself when the listing was filtered by
 * a size (the size the shopper filtered by is the one the page opens on), else on the product in
 * that variant's colour, with the size left for the shopper to choose (also when the variant
 * is only its colour's stand-in, none of that colour having matched).
 */
function pageOf(
  tree: CategoryTree,
  product: CommerceProduct,
  productBasePath: string,
  variant: CommerceVariant,
  filters: VariantFilters,
  matched: boolean,
): string {
  if (matched && choosesSize(filters)) return productPagePath(tree, product, variant.sku, productBasePath);
  const colour = variant.attributes.color;
  return `${productUrl(tree, product, productBasePath)}${colour ? `?${new URLSearchParams({ color: colour })}` : ''}`;
}

/**
 * A card's swatches: per colour, its front picture (the first picture of a variant of that colour;
 * a listing has the master variant's as the product's) and its product page in that colour, on
 * the variant the filters matched when one of that colour did.
 */
function swatchesOf(
  tree: CategoryTree,
  product: CommerceProduct,
  productBasePath: string,
  matching: CommerceVariant[],
  filters: VariantFilters,
): ProductSwatch[] {
  return [...variantsByColour(product.variants)].map(([name, variants]) => {
    const image = variants.find((v) => v.images.length > 0)?.images[0] ?? product.image;
    const matched = variants.find((v) => matching.includes(v));
    const hex = image && imageColour(image.url);
    return {
      name,
      ...(hex ? { hex } : {}),
      image: image ? mediaUrl(image.url) : '',
      url: pageOf(tree, product, productBasePath, matched ?? variants[0], filters, Boolean(matched)),
    };
  });
}

/**
 * A listing card. With filters that pick variants (size M, colour Teal, a price range), the price
 * is that of the matching variants (the one commerce sorts by) and the card opens the product
 * page on the first of them, showing its colour; otherwise the product's lowest price and its page.
 */
export function toSummary(
  tree: CategoryTree,
  product: CommerceProduct,
  productBasePath: string,
  filters: VariantFilters = {},
  range: PriceRange = {},
): ProductSummary {
  const colors = new Map<string, string>();
  for (const variant of product.variants) {
    const a = variant.attributes;
    if (a.color) colors.set(a.color, a.colorFamily ?? '');
  }
  const image = product.image;
  const filtering =
    Object.values(filters).some((values) => (values?.length ?? 0) > 0) ||
    range.min !== undefined ||
    range.max !== undefined;
  const matching = filtering ? product.variants.filter((variant) => matches(variant, filters, range)) : [];
  const opened = matching.find((variant) => variant.sku);
  const swatches = swatchesOf(tree, product, productBasePath, matching, filters);
  const openedColour = opened && swatches.find((swatch) => swatch.name === opened.attributes.color);
  return {
    key: product.key,
    masterStyle: product.style,
    name: product.name,
    url: opened
      ? pageOf(tree, product, productBasePath, opened, filters, true)
      : productUrl(tree, product, productBasePath),
    image: {
      url: openedColour?.image || (image ? mediaUrl(image.url) : ''),
      alt: openedColour ? `${product.name} in ${openedColour.name}` : (image?.label ?? product.name),
    },
    ...cardPrices(matching.length ? matching : product.variants),
    colors: [...colors].map(([name, family]) => ({ name, family })),
    swatches,
  };
}

export function toDetail(tree: CategoryTree, product: CommerceProduct, productBasePath: string): ProductDetail {
  const variants: VariantDetail[] = product.variants.map((variant) => {
    const available = variant.available ?? 0;
    return {
      sku: variant.sku,
      attributes: variant.attributes,
      ...variantPrices(variant),
      images: variant.images.map((image) => ({ url: mediaUrl(image.url), alt: image.label ?? product.name })),
      available,
      inStock: available > 0,
    };
  });
  const leaf = leafCategory(tree, product);
  // Options shoppers choose: attributes that differ between variants. A bra's size is its band and cup.
  const differing = OPTION_ORDER.filter(
    (name) => new Set(variants.map((v) => v.attributes[name]).filter(Boolean)).size > 0,
  );
  const hasBandCup = differing.includes('bandSize') && differing.includes('cupSize');
  const options = differing
    .filter((name) => !(hasBandCup && name === 'size'))
    .map((name) => ({
      name,
      label: OPTION_LABELS[name] ?? name,
      values: [...new Set(variants.map((v) => v.attributes[name]).filter(Boolean))],
    }));
  return {
    key: product.key,
    masterStyle: product.style,
    name: product.name,
    description: product.description ?? '',
    url: productUrl(tree, product, productBasePath),
    categorySlug: leaf?.slug ?? '',
    breadcrumb: leaf ? breadcrumbOf(tree, leaf.id) : [],
    variants,
    retailerLinks: product.retailerLinks,
    options,
  };
}
