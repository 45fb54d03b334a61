import type { SeedCartDiscount, SeedCatalog, SeedDiscountCode } from '@shop/catalog-seed';
import type { CartDiscount, DiscountCode } from '../domain/discounts/discount-types';

/** Rows for the cart_discounts and discount_codes tables, each code pointing at its cart discount's id. */
export function discountRows(catalog: Pick<SeedCatalog, 'cartDiscounts' | 'discountCodes'>, at: string) {
  const idOf = (key: string) => {
    const found = catalog.cartDiscounts.find((d) => d.key === key);
    if (!found) throw new Error(`The seed has no cart discount ${key}`);
    return found.id;
  };
  return {
    cartDiscounts: catalog.cartDiscounts.map((d) => [d.id, d.key, cartDiscountDocument(d, at)]),
    discountCodes: catalog.discountCodes.map((d) => [
      d.id,
      d.code,
      discountCodeDocument(d, idOf(d.cartDiscountKey), at),
      at,
    ]),
  };
}

/** The seed's cart discounts as commercetools CartDiscounts: a percentage off every line, code only. */
export function cartDiscountDocument(seed: SeedCartDiscount, at: string): CartDiscount {
  return {
    id: seed.id,
    version: 1,
    key: seed.key,
    name: { 'en-US': seed.name },
    value: { type: 'relative', permyriad: seed.permyriad },
    cartPredicate: '1 = 1',
    target: { type: 'lineItems', predicate: '1 = 1' },
    sortOrder: seed.sortOrder,
    stores: [{ typeId: 'store', key: seed.storeKey }],
    isActive: true,
    requiresDiscountCode: true,
    stackingMode: 'StopAfterThisDiscount',
    references: [],
    createdAt: at,
    lastModifiedAt: at,
  };
}

/** The seed's codes: always active, no window, no limit. */
export function discountCodeDocument(seed: SeedDiscountCode, cartDiscountId: string, at: string): DiscountCode {
  return {
    id: seed.id,
    version: 1,
    code: seed.code,
    name: { 'en-US': seed.name },
    cartDiscounts: [{ typeId: 'cart-discount', id: cartDiscountId }],
    stores: [{ typeId: 'store', key: seed.storeKey }],
    isActive: true,
    references: [],
    groups: [],
    createdAt: at,
    lastModifiedAt: at,
  };
}
