import type { Money, SeedShippingMethod } from '@shop/catalog-seed';
import type { Address } from '../platform/address';
import type { CustomFields } from '../platform/custom-types';

export interface ExternalTaxRate {
  name: string;
  amount: number;
  country: string;
  state?: string;
  includedInPrice: boolean;
}

export interface TaxedPrice {
  totalNet: Money;
  totalGross: Money;
  totalTax: Money;
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
  totalPrice: Money;
  taxRate?: ExternalTaxRate;
  taxedPrice?: TaxedPrice;
  custom?: CustomFields;
  addedAt: string;
  lineItemMode: 'Standard';
  priceMode: 'Platform';
}

export interface ShippingInfo {
  shippingMethodName: string;
  shippingMethod: { typeId: 'shipping-method'; id: string; key: string };
  description: string;
  price: Money;
  shippingRate: { price: Money; freeAbove?: Money };
  taxRate?: ExternalTaxRate;
  taxedPrice?: TaxedPrice;
}

export interface Cart {
  id: string;
  version: number;
  store: { typeId: 'store'; key: string };
  customerId?: string;
  customerEmail?: string;
  anonymousId?: string;
  cartState: 'Active' | 'Merged' | 'Ordered';
  lineItems: LineItem[];
  totalPrice: Money;
  taxedPrice?: TaxedPrice;
  taxMode: 'External';
  taxRoundingMode: 'HalfUp';
  taxCalculationMode: 'UnitPriceLevel';
  inventoryMode: 'None';
  country: string;
  shippingAddress?: Address;
  billingAddress?: Address;
  shippingInfo?: ShippingInfo;
  discountCodes: Array<{
    discountCode: { typeId: 'discount-code'; id: string; code: string };
    state: 'MatchesCart';
    percentOff: number;
  }>;
  custom?: CustomFields;
  createdAt: string;
  lastModifiedAt: string;
}

export type ShippingMethod = SeedShippingMethod;
