/** The seed catalog, in the commercetools-like shapes the commerce service stores. */
export interface Money {
  type: 'centPrecision';
  currencyCode: 'USD';
  centAmount: number;
  fractionDigits: 2;
}

export interface SeedVariant {
  id: number;
  sku: string;
  key: string;
  prices: Array<{ id: string; value: Money; discounted?: { value: Money } }>;
  attributes: Array<{ name: string; value: unknown }>;
  images: Array<{ url: string; label: string; dimensions: { w: number; h: number } }>;
}

export interface RetailerLink {
  retailer: 'amazon' | 'belk' | 'jcpenney' | 'kohls' | 'macys' | 'target' | 'walmart';
  domain: string;
  url: string;
}

export interface SeedProduct {
  id: string;
  key: string;
  storeKey: string;
  masterStyle: string;
  productType: string;
  name: Record<string, string>;
  description: Record<string, string>;
  slug: Record<string, string>;
  categories: Array<{ typeId: 'category'; id: string }>;
  createdAt: string;
  retailerLinks: RetailerLink[];
  masterVariant: SeedVariant;
  variants: SeedVariant[];
}

export interface SeedCategory {
  id: string;
  key: string;
  storeKey: string;
  name: Record<string, string>;
  slug: Record<string, string>;
  parentId: string | null;
  orderHint: string;
}

export interface SeedStore {
  key: string;
  name: Record<string, string>;
  /** The inventory list line items of this store draw on. */
  inventoryListKey: string;
}

export interface SeedShippingMethod {
  id: string;
  key: string;
  storeKey: string;
  name: string;
  description: string;
  isDefault: boolean;
  price: Money;
  /** Free when the cart subtotal reaches this many cents. */
  freeAboveCentAmount: number | null;
}

/** A percentage off every line, granted only through a discount code (commercetools `relative` value). */
export interface SeedCartDiscount {
  id: string;
  /** Unique within its store; callers name the discount a new code grants by this key. */
  key: string;
  storeKey: string;
  name: string;
  /** Hundredths of a percent: 1500 is 15 % off. */
  permyriad: number;
  sortOrder: string;
}

export interface SeedDiscountCode {
  id: string;
  code: string;
  storeKey: string;
  name: string;
  cartDiscountKey: string;
}

export interface SeedCustomer {
  id: string;
  storeKey: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  /** A password hash from the old platform, for the legacy migration flow. */
  legacyPassword?: string;
}

export interface SeedCatalog {
  stores: SeedStore[];
  categories: SeedCategory[];
  products: SeedProduct[];
  inventory: Array<{ sku: string; inventoryListKey: string; available: number }>;
  shippingMethods: SeedShippingMethod[];
  cartDiscounts: SeedCartDiscount[];
  discountCodes: SeedDiscountCode[];
  customers: SeedCustomer[];
}
