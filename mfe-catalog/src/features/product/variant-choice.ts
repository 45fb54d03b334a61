import type { ProductDetail, VariantDetail } from '@shop/contracts/browser';

/** What the shopper has chosen so far, option name -> value; a complete one names one variant. */
export type Selection = Record<string, string>;

/** The variants that agree with every choice made so far. */
export const variantsMatching = (product: ProductDetail, selection: Selection): VariantDetail[] =>
  product.variants.filter((v) => Object.entries(selection).every(([name, value]) => v.attributes[name] === value));

/** The variant for a selection: an exact match, preferring one in stock. */
export function variantFor(product: ProductDetail, selection: Selection): VariantDetail | undefined {
  const matches = variantsMatching(product, selection);
  return matches.find((v) => v.inStock) ?? matches[0];
}

/** Whether choosing `value` for `option`, keeping the other choices, reaches a variant in stock. */
export function isAvailable(product: ProductDetail, selection: Selection, option: string, value: string): boolean {
  return variantsMatching(product, { ...selection, [option]: value }).some((v) => v.inStock);
}

/** The selection a variant stands for, over the product's options. */
export function selectionOf(product: ProductDetail, variant: VariantDetail): Selection {
  return Object.fromEntries(
    product.options.map((o) => [o.name, variant.attributes[o.name]]).filter(([, v]) => v !== undefined),
  );
}

/** The options still to choose, in the page's order. */
export const missingOptions = (product: ProductDetail, selection: Selection) =>
  product.options.filter((option) => selection[option.name] === undefined);

/**
 * The choices a product page opens with. A variant's own address (a sku: the shopper chose it, or
 * filtered a listing by its size) stands for all of its options. The product's address chooses
 * only what is not the shopper's to choose: an option with one value, and the colour (from the
 * address's `color`, else the first colour in stock) so the pictures show one. Sizes, cups,
 * lengths and packs wait for the shopper; an address's other choices are kept when the product
 * has them.
 */
export function openingSelection(product: ProductDetail, id: string, params: URLSearchParams): Selection {
  const exact = product.variants.find((v) => v.sku === id);
  if (exact) return selectionOf(product, exact);
  const selection: Selection = {};
  for (const option of product.options) {
    const asked = params.get(option.name);
    if (asked !== null && option.values.includes(asked)) selection[option.name] = asked;
    else if (option.values.length === 1) selection[option.name] = option.values[0];
  }
  const colour = product.options.find((o) => o.name === 'color');
  if (colour && selection.color === undefined) {
    const shown = product.variants.find((v) => v.inStock && v.attributes.color) ?? product.variants[0];
    if (shown?.attributes.color) selection.color = shown.attributes.color;
  }
  // Choices that no variant has together (an edited address) give way, the later ones first.
  const kept: Selection = {};
  for (const [name, value] of Object.entries(selection)) {
    if (variantsMatching(product, { ...kept, [name]: value }).length > 0) kept[name] = value;
  }
  return kept;
}

/**
 * Choosing `value` for `option`: the other choices stay where some variant has them with it; one
 * that no variant has with it is cleared, for the shopper to choose again (never chosen for them).
 */
export function choose(product: ProductDetail, current: Selection, option: string, value: string): Selection {
  const next: Selection = { [option]: value };
  for (const other of product.options) {
    const kept = current[other.name];
    if (other.name === option || kept === undefined) continue;
    if (variantsMatching(product, { ...next, [other.name]: kept }).length > 0) next[other.name] = kept;
  }
  // The product's options in their order, so addresses built from it read the same way.
  return Object.fromEntries(
    product.options.filter((o) => next[o.name] !== undefined).map((o) => [o.name, next[o.name]]),
  );
}
