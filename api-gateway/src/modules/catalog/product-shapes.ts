import type { Money, ProductDetail, ProductSummary, VariantDetail } from '@shop/contracts';
import type { CategoryTree } from './category-tree';
import { breadcrumbOf } from './category-tree';

export interface RawVariant {
  sku?: string;
  attributesRaw: Array<{ name: string; value: unknown }>;
  price: { value: { centAmount: number }; discounted: { value: { centAmount: number } } | null } | null;
  images: Array<{ url: string; label: string | null }>;
  availability?: { noChannel: { isOnStock: boolean; availableQuantity: number | null } | null } | null;
}

export interface RawProduct {
  key: string;
  masterVariant?: { images: RawVariant['images'] };
  masterStyle: string;
  name: string;
  description?: string;
  categoriesRef: Array<{ id: string }>;
  retailerLinks?: Array<{ retailer: string; domain: string; url: string }>;
  allVariants: RawVariant[];
}

const usd = (centAmount: number): Money => ({ centAmount, currencyCode: 'USD', fractionDigits: 2 });
const slugify = (text: string) => text.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const attributes = (variant: RawVariant) =>
  Object.fromEntries(variant.attributesRaw.filter((a) => typeof a.value === 'string').map((a) => [a.name, a.value as string]));

/** Images come from the commerce platform's asset host; the browser loads them through /media. */
export function mediaUrl(url: string): string {
  const match = /\/images\/([a-z-]+)\/([0-9a-f]{6})\.svg$/.exec(url);
  return match ? `/media/${match[1]}/${match[2]}.svg` : url;
}

function leafCategory(tree: CategoryTree, product: RawProduct) {
  // The deepest of the product's categories that belongs to the brand's tree.
  const nodes = product.categoriesRef.map((c) => tree.byId.get(c.id)).filter((n): n is NonNullable<typeof n> => Boolean(n));
  return nodes.sort((a, b) => b.path.split('/').length - a.path.split('/').length)[0];
}

export function productUrl(tree: CategoryTree, product: RawProduct, productBasePath: string): string {
  const leaf = leafCategory(tree, product);
  return `${productBasePath.replace(/\/$/, '')}/${leaf?.slug ?? 'shop'}/${slugify(product.name)}/${product.masterStyle}`;
}

function prices(variants: RawVariant[]) {
  const list = variants.map((v) => v.price).filter((p): p is NonNullable<RawVariant['price']> => Boolean(p));
  const regular = Math.min(...list.map((p) => p.value.centAmount));
  const sale = list.filter((p) => p.discounted).map((p) => p.discounted!.value.centAmount);
  return { price: usd(regular), ...(sale.length ? { salePrice: usd(Math.min(...sale)) } : {}) };
}

export function toSummary(tree: CategoryTree, product: RawProduct, productBasePath: string): ProductSummary {
  const colors = new Map<string, string>();
  for (const variant of product.allVariants) {
    const a = attributes(variant);
    if (a.color) colors.set(a.color, a.colorFamily ?? '');
  }
  const image = (product.masterVariant ?? product.allVariants[0])?.images?.[0];
  return {
    key: product.key,
    masterStyle: product.masterStyle,
    name: product.name,
    url: productUrl(tree, product, productBasePath),
    image: { url: image ? mediaUrl(image.url) : '', alt: image?.label ?? product.name },
    ...prices(product.allVariants),
    colors: [...colors].map(([name, family]) => ({ name, family })),
  };
}

const OPTION_LABELS: Record<string, string> = { color: 'Colour', size: 'Size', bandSize: 'Band', cupSize: 'Cup', waist: 'Waist', length: 'Length', bust: 'Bust' };
const OPTION_ORDER = ['color', 'bandSize', 'cupSize', 'size', 'waist', 'length', 'bust'];

export function toDetail(tree: CategoryTree, product: RawProduct, productBasePath: string): ProductDetail {
  const variants: VariantDetail[] = product.allVariants.map((variant) => {
    const available = variant.availability?.noChannel?.availableQuantity ?? 0;
    return {
      sku: variant.sku ?? '',
      attributes: attributes(variant),
      ...prices([variant]),
      images: variant.images.map((image) => ({ url: mediaUrl(image.url), alt: image.label ?? product.name })),
      available,
      inStock: available > 0,
    };
  });
  const leaf = leafCategory(tree, product);
  // Options shoppers choose: attributes that differ between variants. A bra's size is its band and cup.
  const differing = OPTION_ORDER.filter((name) => new Set(variants.map((v) => v.attributes[name]).filter(Boolean)).size > 0);
  const hasBandCup = differing.includes('bandSize') && differing.includes('cupSize');
  const options = differing
    .filter((name) => !(hasBandCup && name === 'size'))
    .map((name) => ({ name, label: OPTION_LABELS[name] ?? name, values: [...new Set(variants.map((v) => v.attributes[name]).filter(Boolean))] }));
  return {
    key: product.key,
    masterStyle: product.masterStyle,
    name: product.name,
    description: product.description ?? '',
    url: productUrl(tree, product, productBasePath),
    categorySlug: leaf?.slug ?? '',
    breadcrumb: leaf ? breadcrumbOf(tree, leaf.id) : [],
    variants,
    retailerLinks: product.retailerLinks ?? [],
    options,
  };
}
