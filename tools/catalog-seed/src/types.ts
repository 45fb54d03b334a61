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

export type Retailer = 'amazon' | 'belk' | 'jcpenney' | 'kohls' | 'macys' | 'target' | 'walmart';

/**
 * One value of the `retailerLinks` product attribute: commercetools' raw value of a `set` of
 * `nested` attributes, each element the attributes of the `retailer-link` product type.
 */
export type RetailerLinkAttributeValue = Array<
  [{ name: 'retailer'; value: { key: Retailer; label: string } }, { name: 'url'; value: string }]
>;

/**
 * A commercetools TaxCategory. The shop taxes in the External mode (a tax service quotes each
 * line), so a category carries no rates: its key tells the tax service what kind of goods it is.
 */
export interface SeedTaxCategory {
  id: string;
  key: TaxCategoryKey;
  name: string;
  description: string;
  rates: [];
}

/** `clothing`: clothing and footwear, which some states exempt; `general`: everything else, taxed in full. */
export type TaxCategoryKey = 'clothing' | 'general';

export interface SeedProduct {
  id: string;
  key: string;
  storeKey: string;
  masterStyle: string;
  productType: string;
  /** commercetools `Product.taxCategory`. */
  taxCategory: { typeId: 'tax-category'; id: string };
  name: Record<string, string>;
  description: Record<string, string>;
  slug: Record<string, string>;
  categories: Array<{ typeId: 'category'; id: string }>;
  createdAt: string;
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
  /** The inventory list line items of this store draw on (its supply channel's key). */
  inventoryListKey: string;
  /** The product selections that make up the store's assortment (commercetools `Store.productSelections`). */
  productSelections: Array<{ productSelection: { typeId: 'product-selection'; key: string }; active: boolean }>;
}

/** A commercetools ProductSelection: the products one store sells. */
export interface SeedProductSelection {
  id: string;
  key: string;
  name: Record<string, string>;
  mode: 'Individual';
  productIds: string[];
}

/** A commercetools Zone: the countries a shipping rate applies to. */
export interface SeedZone {
  id: string;
  key: string;
  name: string;
  description: string;
  locations: Array<{ country: string }>;
}

/** A commercetools ShippingMethod: its rates are per zone (`zoneRates[].shippingRates[]`). */
export interface SeedShippingMethod {
  id: string;
  key: string;
  storeKey: string;
  name: string;
  localizedDescription: Record<string, string>;
  isDefault: boolean;
  active: boolean;
  zoneRates: Array<{
    zone: { typeId: 'zone'; id: string };
    /** `freeAbove`: free when the cart subtotal reaches it. */
    shippingRates: Array<{ price: Money; freeAbove?: Money }>;
  }>;
}

/** A percentage off every line, granted only through a discount code (commercetools `relative` value). */
export interface SeedCartDiscount {
  id: string;
  /** Unique across the project (`{store}-welcome-15`); callers name the discount a new code grants by this key. */
  key: string;
  storeKey: string;
  name: string;
  /** Hundredths of a percent: 1500 is 15 % off. */
  permyriad: number;
  sortOrder: string;
}

export interface SeedDiscountCode {
  id: string;
  /** Unique across the project, as commercetools requires. */
  code: string;
  /** The store of the cart discount it grants (a code itself belongs to no store). */
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
  taxCategories: SeedTaxCategory[];
  productSelections: SeedProductSelection[];
  categories: SeedCategory[];
  products: SeedProduct[];
  inventory: Array<{ sku: string; inventoryListKey: string; available: number }>;
  zones: SeedZone[];
  shippingMethods: SeedShippingMethod[];
  cartDiscounts: SeedCartDiscount[];
  discountCodes: SeedDiscountCode[];
  customers: SeedCustomer[];
}
