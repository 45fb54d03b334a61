import type { Money, ProductDetail, ProductSummary, VariantDetail } from '@shop/contracts';
import type { CommerceProduct, CommerceVariant } from '../../clients/commercetools';
import type { CategoryTree } from './category-tree';
import { breadcrumbOf } from './category-tree';

const usd = (centAmount: number): Money => ({ centAmount, currencyCode: 'USD', fractionDigits: 2 });
const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Images come from the commerce platform's asset host; the browser loads them through /media. */
export function mediaUrl(url: string): string {
  const match = /\/images\/([a-z-]+)\/([0-9a-f]{6})\.svg$/.exec(url);
  return match ? `/media/${match[1]}/${match[2]}.svg` : url;
}

function leafCategory(tree: CategoryTree, product: CommerceProduct) {
  // The deepest of the product's categories that belongs to the brand's tree.
  const nodes = product.categoryIds
    .map((id) => tree.byId.get(id))
    .filter((n): n is NonNullable<typeof n> => Boolean(n));
  return nodes.sort((a, b) => b.path.split('/').length - a.path.split('/').length)[0];
}

export function productUrl(tree: CategoryTree, product: CommerceProduct, productBasePath: string): string {
  const leaf = leafCategory(tree, product);
  return `${productBasePath.replace(/\/$/, '')}/${leaf?.slug ?? 'shop'}/${slugify(product.name)}/${product.style}`;
}

function prices(variants: CommerceVariant[]) {
  const list = variants.map((v) => v.price).filter((p): p is NonNullable<CommerceVariant['price']> => Boolean(p));
  const regular = Math.min(...list.map((p) => p.centAmount));
  const sale = list.flatMap((p) => (p.discountedCentAmount !== undefined ? [p.discountedCentAmount] : []));
  return { price: usd(regular), ...(sale.length ? { salePrice: usd(Math.min(...sale)) } : {}) };
}

export function toSummary(tree: CategoryTree, product: CommerceProduct, productBasePath: string): ProductSummary {
  const colors = new Map<string, string>();
  for (const variant of product.variants) {
    const a = variant.attributes;
    if (a.color) colors.set(a.color, a.colorFamily ?? '');
  }
  const image = product.image;
  return {
    key: product.key,
    masterStyle: product.style,
    name: product.name,
    url: productUrl(tree, product, productBasePath),
    image: { url: image ? mediaUrl(image.url) : '', alt: image?.label ?? product.name },
    ...prices(product.variants),
    colors: [...colors].map(([name, family]) => ({ name, family })),
  };
}

const OPTION_LABELS: Record<string, string> = {
  color: 'Colour',
  size: 'Size',
  bandSize: 'Band',
  cupSize: 'Cup',
  waist: 'Waist',
  length: 'Length',
  bust: 'Bust',
};
const OPTION_ORDER = ['color', 'bandSize', 'cupSize', 'size', 'waist', 'length', 'bust'];

export function toDetail(tree: CategoryTree, product: CommerceProduct, productBasePath: string): ProductDetail {
  const variants: VariantDetail[] = product.variants.map((variant) => {
    const available = variant.available ?? 0;
    return {
      sku: variant.sku,
      attributes: variant.attributes,
      ...prices([variant]),
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
