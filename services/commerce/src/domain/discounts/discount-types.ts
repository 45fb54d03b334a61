/** Cart discounts and discount codes, in the commercetools shapes the service stores. */
export type LocalizedString = Record<string, string>;

type StoreKeyReference = { typeId: 'store'; key: string };

/** Only `relative` values exist here: a percentage off every line. */
export interface CartDiscountValue {
  type: 'relative';
  /** Hundredths of a percent: 1500 is 15 % off. */
  permyriad: number;
}

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
  stackingMode: 'Stacking';
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
