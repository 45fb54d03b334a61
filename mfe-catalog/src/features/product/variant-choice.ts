import type { ProductDetail, VariantDetail } from '@shop/contracts/browser';

export type Selection = Record<string, string>;

/** The variant for a selection: an exact match, preferring one in stock. */
export function variantFor(product: ProductDetail, selection: Selection): VariantDetail | undefined {
  const matches = product.variants.filter((v) =>
    Object.entries(selection).every(([name, value]) => v.attributes[name] === value),
  );
  return matches.find((v) => v.inStock) ?? matches[0];
}

/** Whether choosing `value` for `option`, keeping the other choices, reaches a variant in stock. */
export function isAvailable(product: ProductDetail, selection: Selection, option: string, value: string): boolean {
  const wanted = { ...selection, [option]: value };
  return product.variants.some(
    (v) => v.inStock && Object.entries(wanted).every(([name, val]) => v.attributes[name] === val),
  );
}

/** The selection a variant stands for, over the product's options. */
export function selectionOf(product: ProductDetail, variant: VariantDetail): Selection {
  return Object.fromEntries(
    product.options.map((o) => [o.name, variant.attributes[o.name]]).filter(([, v]) => v !== undefined),
  );
}

/** Changing one option: keep the others when that combination exists, else take the closest one in stock. */
export function choose(
  product: ProductDetail,
  current: Selection,
  option: string,
  value: string,
): VariantDetail | undefined {
  return (
    variantFor(product, { ...current, [option]: value }) ??
    product.variants.find((v) => v.attributes[option] === value && v.inStock) ??
    product.variants.find((v) => v.attributes[option] === value)
  );
}
