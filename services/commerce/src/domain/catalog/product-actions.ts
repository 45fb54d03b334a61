import { randomUUID } from 'node:crypto';
import { CommerceError, invalidField, invalidInput } from '../../errors';
import { unknownAction } from '../platform/update';
import type { Product, Variant } from './catalog-types';

type MoneyInput = { centPrecision?: { centAmount?: unknown; currencyCode?: unknown } | null };
interface PriceDraft {
  value?: MoneyInput | null;
  discounted?: { value?: MoneyInput | null } | null;
}

const MAX_CENTS = 100_000_000;

function money(input: MoneyInput | null | undefined, field: string) {
  const cents = input?.centPrecision?.centAmount;
  if (input?.centPrecision?.currencyCode !== 'USD')
    throw invalidField(`${field}.currencyCode`, input?.centPrecision?.currencyCode ?? null, 'Prices are in USD.');
  if (typeof cents !== 'number' || !Number.isInteger(cents) || cents < 0 || cents > MAX_CENTS)
    throw invalidField(`${field}.centAmount`, cents ?? null, 'centAmount must be a whole number of cents.');
  return {
    type: 'centPrecision' as const,
    currencyCode: 'USD' as const,
    centAmount: cents,
    fractionDigits: 2 as const,
  };
}

function priceOf(draft: PriceDraft | undefined, id: string): Variant['prices'][number] {
  if (!draft) throw invalidInput('A price draft is required.');
  const value = money(draft.value, 'price.value');
  const discounted = draft.discounted ? { value: money(draft.discounted.value, 'price.discounted.value') } : undefined;
  if (discounted && discounted.value.centAmount > value.centAmount)
    throw invalidField('price.discounted', discounted.value.centAmount, 'A discounted price cannot exceed the price.');
  return { id, value, ...(discounted ? { discounted } : {}) };
}

/** The variant an action names by sku or by variantId (1 is the master variant). */
function variantIndex(product: Product, p: Record<string, unknown>): number {
  const all = [product.masterVariant, ...product.variants];
  const index = all.findIndex((v) => (p.sku ? v.sku === p.sku : v.id === p.variantId));
  if (index < 0)
    throw invalidInput(`The product has no variant ${p.sku ? `with sku '${String(p.sku)}'` : String(p.variantId)}.`);
  return index;
}

function withVariant(product: Product, index: number, variant: Variant): Product {
  return index === 0
    ? { ...product, masterVariant: variant }
    : { ...product, variants: product.variants.map((v, i) => (i === index - 1 ? variant : v)) };
}

/**
 * The product update actions this service supports, as commercetools names them: `changePrice`
 * (a price by its id, or the first price of a variant named by sku or variantId), `setPrices`
 * (all prices of a variant), `unpublish` (the product leaves current projections and searches:
 * shoppers no longer find it, while staged ones still hold it) and `publish` (back again). Only
 * current data is kept (no staged edits), so `staged: true` is refused rather than ignored, and
 * `publish` takes only the scope `All`.
 */
export function applyProductAction(product: Product, name: string, p: Record<string, unknown>): Product {
  if (p.staged === true) throw new CommerceError(400, 'InvalidOperation', 'This project keeps no staged product data.');
  const all = [product.masterVariant, ...product.variants];
  switch (name) {
    case 'publish': {
      if (p.scope != null && p.scope !== 'All')
        throw invalidField('scope', p.scope, 'This project publishes all of a product (scope All).');
      return { ...product, published: true };
    }
    case 'unpublish':
      return { ...product, published: false };
    case 'changePrice': {
      const index = p.priceId
        ? all.findIndex((v) => v.prices.some((price) => price.id === p.priceId))
        : variantIndex(product, p);
      if (index < 0) throw invalidInput(`The product has no price with id '${String(p.priceId)}'.`);
      const variant = all[index];
      const at = p.priceId ? variant.prices.findIndex((price) => price.id === p.priceId) : 0;
      const prices = [...variant.prices];
      prices[at] = priceOf(p.price as PriceDraft, variant.prices[at]?.id ?? randomUUID());
      return withVariant(product, index, { ...variant, prices });
    }
    case 'setPrices': {
      const index = variantIndex(product, p);
      const drafts = (p.prices ?? []) as PriceDraft[];
      if (drafts.length > 100) throw invalidInput('A variant holds at most 100 prices.');
      return withVariant(product, index, { ...all[index], prices: drafts.map((d) => priceOf(d, randomUUID())) });
    }
    default:
      throw unknownAction(name);
  }
}
