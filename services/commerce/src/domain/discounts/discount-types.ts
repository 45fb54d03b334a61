/** Cart discounts and discount codes, in the commercetools shapes the service stores. */
export type LocalizedString = Record<string, string>;

type StoreKeyReference = { typeId: 'store'; key: string };

/** Only `relative` values exist here: a percentage off every line. */
export interface CartDiscountValue {
  type: 'relative';
  /** Hundredths of a percent: 1500 is 15 % off. */
  permyriad: number;
}

export type StackingMode = 'Stacking' | 'StopAfterThisDiscount';

export interface CartDiscount {
  id: string;
  version: number;
  key: string;
  name: LocalizedString;
  value: CartDiscountValue;
  cartPredicate: string;
  target: { type: 'lineItems'; predicate: string };
  sortOrder: string;
  stores: StoreKeyReference[];
  isActive: boolean;
  validFrom?: string;
  validUntil?: string;
  requiresDiscountCode: boolean;
  /**
   * commercetools' stacking: a code-only discount here is StopAfterThisDiscount, so once it
   * applies no discount of a lower sortOrder does (the seed ranks sortOrder by percent, so a
   * bag gets the best of its codes); Stacking lets the next one apply too.
   */
  stackingMode: StackingMode;
  references: [];
  createdAt: string;
  lastModifiedAt: string;
}

export interface DiscountCode {
  id: string;
  version: number;
  key?: string;
  code: string;
  name?: LocalizedString;
  description?: LocalizedString;
  cartDiscounts: Array<{ typeId: 'cart-discount'; id: string }>;
  /** The stores of the cart discounts it grants (a code itself belongs to no store). */
  stores: StoreKeyReference[];
  isActive: boolean;
  references: [];
  /** commercetools' free-form code groups; two of them carry rules here (CODE_GROUPS). */
  groups: string[];
  maxApplications?: number;
  maxApplicationsPerCustomer?: number;
  /** commercetools' cart predicate the cart must match (here `1 = 1` or `customerId = "<id>"`). */
  cartPredicate?: string;
  validFrom?: string;
  validUntil?: string;
  createdAt: string;
  lastModifiedAt: string;
}

/** Why a code cannot be used (commercetools DiscountCodeState names), or DoesNotExist. */
export type NonApplicableReason =
  'DoesNotExist' | 'NotActive' | 'NotValid' | 'MaxApplicationReached' | 'DoesNotMatchCart';

/**
 * Code groups with a rule the platform enforces when the code is added, on every recalculation
 * and when the order is placed:
 * - `first-order`: only on a cart whose customer and e-mail have no earlier order in the store
 *   (the welcome codes an e-mail signup hands out);
 * - `one-per-customer`: a customer redeems one code of each such group of theirs, ever (the
 *   ID-verification codes: one per customer whatever the verified group).
 */
export const CODE_GROUPS = { firstOrder: 'first-order', onePerCustomer: 'one-per-customer' } as const;
