import type { Money, ProductDetail, ProductSummary, VariantDetail } from '@shop/contracts';
import type { CommerceProduct, CommerceVariant } from '../../clients/commercetools';
import type { CategoryTree } from '../../shared/category-tree';
import { breadcrumbOf } from '../../shared/category-tree';
import {
  OPTION_LABELS,
  OPTION_ORDER,
  leafCategory as leafOf,
  mediaUrl,
  productPagePath,
} from '../../shared/product-links';

const leafCategory = (tree: CategoryTree, product: CommerceProduct) => leafOf(tree, product.categoryIds);

const usd = (centAmount: number): Money => ({ centAmount, currencyCode: 'USD', fractionDigits: 2 });

export function productUrl(tree: CategoryTree, product: CommerceProduct, productBasePath: string): string {
  return productPagePath(tree, product, product.style, productBasePath);
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
