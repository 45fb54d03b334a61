import type { Money, SeedShippingMethod } from '@shop/catalog-seed';
import type { Address } from '../platform/address';
import type { CustomFields } from '../platform/custom-types';
import type { RoundingMode } from './tax-rounding';

export type { RoundingMode } from './tax-rounding';

/** commercetools TaxMode. This service implements External and Disabled and refuses the others. */
export type TaxMode = 'Platform' | 'External' | 'ExternalAmount' | 'Disabled';
export type TaxCalculationMode = 'LineItemLevel' | 'UnitPriceLevel';

export interface ExternalTaxRate {
  name: string;
  amount: number;
  country: string;
  state?: string;
  includedInPrice: boolean;
}

/** The tax of one rate within a taxed price (commercetools TaxPortion). */
export interface TaxPortion {
  name?: string;
  rate: number;
  amount: Money;
}

export interface TaxedPrice {
  totalNet: Money;
  totalGross: Money;
  totalTax: Money;
  /** Absent on documents stored before taxes had portions; read as []. */
  taxPortions?: TaxPortion[];
}

export interface LineItem {
  id: string;
  productId: string;
  productKey: string;
  name: Record<string, string>;
  variant: {
    id: number;
    sku: string;
    attributes: Array<{ name: string; value: unknown }>;
    images: Array<{ url: string; label: string }>;
  };
  price: { id: string; value: Money; discounted?: { value: Money } };
  quantity: number;
  /** The inventory (commercetools supply channel) the line draws on, by key. */
  supplyChannel?: ChannelReference;
  /** The channel whose prices the line uses; none here, kept so lines compare as commercetools compares them. */
  distributionChannel?: ChannelReference;
  /** What each unit costs once discount codes apply, grouped by equal discounted unit prices. */
  discountedPricePerQuantity?: DiscountedPriceForQuantity[];
  totalPrice: Money;
  taxRate?: ExternalTaxRate;
  taxedPrice?: TaxedPrice;
  custom?: CustomFields;
  addedAt: string;
  lineItemMode: 'Standard';
  priceMode: 'Platform';
}

export interface ChannelReference {
  typeId: 'channel';
  key: string;
}

/** commercetools DiscountedLineItemPriceForQuantity: `quantity` units at this discounted unit price. */
export interface DiscountedPriceForQuantity {
  quantity: number;
  discountedPrice: {
    value: Money;
    /** Each cart discount's part of the unit's discount. */
    includedDiscounts: Array<{ discount: { typeId: 'cart-discount'; id: string }; discountedAmount: Money }>;
  };
}

/** commercetools DiscountCodeState. */
export type DiscountCodeState =
  | 'MatchesCart'
  | 'DoesNotMatchCart'
  | 'NotActive'
  | 'NotValid'
  | 'MaxApplicationReached'
  | 'ApplicationStoppedByPreviousDiscount';

/** A code on a cart: its state when the cart was last recalculated and what it granted then. */
export interface CartDiscountCodeEntry {
  discountCode: { typeId: 'discount-code'; id: string; code: string };
  state: DiscountCodeState;
  /** The sum of the cart discounts it grants here; 0 unless the state is MatchesCart. */
  percentOff: number;
  /** The cart discounts behind percentOff (hundredths of a percent each), for per-line portions. */
  cartDiscounts?: Array<{ id: string; permyriad: number; sortOrder?: string; stackingMode?: string }>;
}

/**
 * commercetools CustomLineItem: a line not bound to a product (a fee, a voucher, a loyalty
 * redemption), priced by the caller; its money may be negative.
 */
export interface CustomLineItem {
  id: string;
  key?: string;
  name: Record<string, string>;
  /** The unit price. */
  money: Money;
  slug: string;
  quantity: number;
  totalPrice: Money;
  taxRate?: ExternalTaxRate;
  taxedPrice?: TaxedPrice;
  /** Cart discounts here target product line items only, so this stays empty. */
  discountedPricePerQuantity: DiscountedPriceForQuantity[];
  custom?: CustomFields;
  priceMode: 'Standard' | 'External';
}

export interface PaymentReference {
  typeId: 'payment';
  id: string;
}

export interface ShippingInfo {
  shippingMethodName: string;
  shippingMethod: { typeId: 'shipping-method'; id: string; key: string };
  description: string;
  price: Money;
  shippingRate: { price: Money; freeAbove?: Money };
  taxRate?: ExternalTaxRate;
  taxedPrice?: TaxedPrice;
  /** Orders only (commercetools ShippingInfo.deliveries): what was sent, in which parcels. */
  deliveries?: import('../orders/order-deliveries').Delivery[];
}

export interface Cart {
  id: string;
  version: number;
  /** Unique across the project when set (commercetools Cart.key). */
  key?: string;
  store: { typeId: 'store'; key: string };
  customerId?: string;
  customerEmail?: string;
  anonymousId?: string;
  cartState: 'Active' | 'Merged' | 'Ordered';
  lineItems: LineItem[];
  /** Absent on carts stored before custom line items; the repository reads it as []. */
  customLineItems: CustomLineItem[];
  totalPrice: Money;
  taxedPrice?: TaxedPrice;
  /** The shipping's part of taxedPrice (commercetools Cart.taxedShippingPrice). */
  taxedShippingPrice?: TaxedPrice;
  taxMode: TaxMode;
  taxRoundingMode: RoundingMode;
  taxCalculationMode: TaxCalculationMode;
  paymentInfo?: { payments: PaymentReference[] };
  inventoryMode: 'None';
  country: string;
  shippingAddress?: Address;
  billingAddress?: Address;
  shippingInfo?: ShippingInfo;
  discountCodes: CartDiscountCodeEntry[];
  custom?: CustomFields;
  createdAt: string;
  lastModifiedAt: string;
}

export type ShippingMethod = SeedShippingMethod;
