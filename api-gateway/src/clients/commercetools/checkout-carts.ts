import { type CartLookup, type CommerceCartDetail, reshapeCartDetail, whereOf } from './carts';
import type {
  RawAddress,
  RawCheckoutCart,
  RawCustomLine,
  RawShippingInfo,
  RawShippingMethod,
  RawTaxRate,
  RawTaxedPrice,
} from './ctp-types';
import {
  CHECKOUT_CART_BY_ID,
  CHECKOUT_CUSTOMER_CART,
  CHECKOUT_FIND_CART,
  SHIPPING_METHODS,
  UPDATE_CHECKOUT_CART,
} from './documents';
import type { CallOptions, Graphql } from './transport';

type Call = CallOptions & { correlationId: string };

/** A postal address as commercetools keeps it (the fields checkout uses). */
export interface AddressRecord {
  firstName?: string;
  lastName?: string;
  streetName?: string;
  additionalStreetInfo?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country: string;
  phone?: string;
}

/** An external tax rate: a fraction (0.08875) and the name shown with it. */
export interface TaxRateInfo {
  name: string;
  amount: number;
  state?: string;
}

export interface CartShipping {
  methodKey?: string;
  name: string;
  description?: string;
  /** What the cart pays for it now (0 above the free-shipping threshold). */
  price: number;
  freeAbove?: number;
  taxRate?: TaxRateInfo;
}

export interface CustomLine {
  id: string;
  slug: string;
  name: string;
  quantity: number;
  /** The unit money (negative for a discount such as a loyalty redemption). */
  money: number;
  total: number;
  taxRate?: TaxRateInfo;
}

/** A cart as checkout reads it: the bag plus addresses, shipping, taxes, custom lines and fields. */
export interface CheckoutCart extends CommerceCartDetail {
  key?: string;
  email?: string;
  taxMode: string;
  taxRoundingMode: string;
  taxCalculationMode: string;
  shippingAddress?: AddressRecord;
  billingAddress?: AddressRecord;
  shipping?: CartShipping;
  customLines: CustomLine[];
  /** Each product line's external tax rate, by line id (absent until taxes are computed). */
  lineTaxRates: Record<string, TaxRateInfo | undefined>;
  /** Set once every line, custom line and the shipping has a tax rate. */
  taxedPrice?: { net: number; gross: number; tax: number };
  /** Lines, custom lines and shipping, before tax. */
  totalCentAmount: number;
  /** Whether the cart has a custom type (order-b2c) yet. */
  hasCustomType: boolean;
  /** The custom fields' values (order-b2c). */
  custom: Record<string, unknown>;
  paymentIds: string[];
}

/** What a checkout write does, in our terms; the adapter turns each into commercetools update actions. */
export type CheckoutAction =
  | { setEmail: string | undefined }
  | { setShippingAddress: AddressRecord | undefined }
  | { setBillingAddress: AddressRecord | undefined }
  /** A shipping method by key (undefined removes it), with its tax rate when taxes are computed. */
  | { setShippingMethod: { key: string | undefined; taxRate?: TaxRateInfo } }
  | { setLineTaxRate: { lineId: string; taxRate: TaxRateInfo | undefined } }
  | { setShippingTaxRate: TaxRateInfo | undefined }
  | { setCustomLineTaxRate: { id: string; taxRate: TaxRateInfo | undefined } }
  | { addCustomLine: { slug: string; name: string; centAmount: number; taxRate?: TaxRateInfo } }
  | { removeCustomLine: string }
  /** SPEC §9: taxMode External, taxRoundingMode HalfUp, taxCalculationMode UnitPriceLevel. */
  | { taxSettings: { taxMode: string; taxRoundingMode: string; taxCalculationMode: string } }
  | { setCustomType: { key: string; fields: Record<string, unknown> } }
  | { setCustomField: { name: string; value: unknown } }
  | { addPayment: string }
  | { removePayment: string }
  /** Every line takes its variant's current price (a price changed since it was added). */
  | { recalculate: true };

export interface ShippingMethodRecord {
  key: string;
  name: string;
  description?: string;
  isDefault: boolean;
  active: boolean;
  zoneRates: Array<{
    zoneKey?: string;
    locations: Array<{ country: string; state?: string }>;
    rates: Array<{ price: number; freeAbove?: number }>;
  }>;
}

const textOr = (value: string | null | undefined) => (value ? value : undefined);

export function reshapeAddress(raw: RawAddress | null): AddressRecord | undefined {
  if (!raw) return undefined;
  const address: AddressRecord = { country: raw.country };
  for (const field of [
    'firstName',
    'lastName',
    'streetName',
    'additionalStreetInfo',
    'city',
    'state',
    'postalCode',
    'phone',
  ] as const) {
    const value = textOr(raw[field]);
    if (value) address[field] = value;
  }
  return address;
}

export const reshapeTaxRate = (raw: RawTaxRate | null): TaxRateInfo | undefined =>
  raw ? { name: raw.name, amount: raw.amount, ...(raw.state ? { state: raw.state } : {}) } : undefined;

export function reshapeShipping(raw: RawShippingInfo | null): CartShipping | undefined {
  if (!raw) return undefined;
  const taxRate = reshapeTaxRate(raw.taxRate);
  return {
    ...(raw.shippingMethod?.key ? { methodKey: raw.shippingMethod.key } : {}),
    name: raw.shippingMethodName,
    ...(raw.shippingMethod?.localizedDescription ? { description: raw.shippingMethod.localizedDescription } : {}),
    price: raw.price.centAmount,
    ...(raw.shippingRate.freeAbove ? { freeAbove: raw.shippingRate.freeAbove.centAmount } : {}),
    ...(taxRate ? { taxRate } : {}),
  };
}

/** A cart's or order's taxed total in cents; the tax is gross - net where the platform leaves it out. */
export const reshapeTaxedPrice = (raw: RawTaxedPrice) => ({
  net: raw.totalNet.centAmount,
  gross: raw.totalGross.centAmount,
  tax: raw.totalTax?.centAmount ?? raw.totalGross.centAmount - raw.totalNet.centAmount,
});

export function reshapeCustomLine(raw: RawCustomLine): CustomLine {
  const taxRate = reshapeTaxRate(raw.taxRate);
  return {
    id: raw.id,
    slug: raw.slug,
    name: raw.name ?? raw.slug,
    quantity: raw.quantity,
    money: raw.money.centAmount,
    total: raw.totalPrice.centAmount,
    ...(taxRate ? { taxRate } : {}),
  };
}

export const reshapeCustom = (
  raw: { customFieldsRaw: Array<{ name: string; value: unknown }> | null } | null,
): Record<string, unknown> =>
  Object.fromEntries((raw?.customFieldsRaw ?? []).map((field) => [field.name, field.value]));

function reshapeCheckoutCart(raw: RawCheckoutCart): CheckoutCart {
  const shippingAddress = reshapeAddress(raw.shippingAddress);
  const billingAddress = reshapeAddress(raw.billingAddress);
  const shipping = reshapeShipping(raw.shippingInfo);
  return {
    ...reshapeCartDetail(raw),
    ...(raw.key ? { key: raw.key } : {}),
    ...(raw.customerEmail ? { email: raw.customerEmail } : {}),
    taxMode: String(raw.taxMode),
    taxRoundingMode: String(raw.taxRoundingMode),
    taxCalculationMode: String(raw.taxCalculationMode),
    ...(shippingAddress ? { shippingAddress } : {}),
    ...(billingAddress ? { billingAddress } : {}),
    ...(shipping ? { shipping } : {}),
    customLines: raw.customLineItems.map(reshapeCustomLine),
    lineTaxRates: Object.fromEntries(raw.lineItems.map((line) => [line.id, reshapeTaxRate(line.taxRate)])),
    ...(raw.taxedPrice ? { taxedPrice: reshapeTaxedPrice(raw.taxedPrice) } : {}),
    totalCentAmount: raw.totalPrice.centAmount,
    hasCustomType: raw.custom !== null,
    custom: reshapeCustom(raw.custom),
    paymentIds: (raw.paymentInfo?.payments ?? []).map((payment) => payment.id),
  };
}

const externalRate = (rate: TaxRateInfo) => ({
  name: rate.name,
  amount: rate.amount,
  country: 'US',
  ...(rate.state ? { state: rate.state } : {}),
  includedInPrice: false,
});

/** commercetools sends a custom field's value as JSON text. */
const fieldValue = (value: unknown) => (value === undefined ? {} : { value: JSON.stringify(value) });

function reshapeActions(action: CheckoutAction): Array<Record<string, unknown>> {
  if ('setEmail' in action) return [{ setCustomerEmail: action.setEmail ? { email: action.setEmail } : {} }];
  if ('setShippingAddress' in action)
    return [{ setShippingAddress: action.setShippingAddress ? { address: action.setShippingAddress } : {} }];
  if ('setBillingAddress' in action)
    return [{ setBillingAddress: action.setBillingAddress ? { address: action.setBillingAddress } : {} }];
  if ('setShippingMethod' in action) {
    const { key, taxRate } = action.setShippingMethod;
    return [
      {
        setShippingMethod: key
          ? {
              shippingMethod: { typeId: 'shipping-method', key },
              ...(taxRate ? { externalTaxRate: externalRate(taxRate) } : {}),
            }
          : {},
      },
    ];
  }
  if ('setLineTaxRate' in action) {
    const { lineId, taxRate } = action.setLineTaxRate;
    return [
      { setLineItemTaxRate: { lineItemId: lineId, ...(taxRate ? { externalTaxRate: externalRate(taxRate) } : {}) } },
    ];
  }
  if ('setShippingTaxRate' in action)
    return [
      {
        setShippingMethodTaxRate: action.setShippingTaxRate
          ? { externalTaxRate: externalRate(action.setShippingTaxRate) }
          : {},
      },
    ];
  if ('setCustomLineTaxRate' in action) {
    const { id, taxRate } = action.setCustomLineTaxRate;
    return [
      {
        setCustomLineItemTaxRate: {
          customLineItemId: id,
          ...(taxRate ? { externalTaxRate: externalRate(taxRate) } : {}),
        },
      },
    ];
  }
  if ('addCustomLine' in action) {
    const { slug, name, centAmount, taxRate } = action.addCustomLine;
    return [
      {
        addCustomLineItem: {
          slug,
          name: [{ locale: 'en-US', value: name }],
          money: { centPrecision: { centAmount, currencyCode: 'USD' } },
          quantity: 1,
          ...(taxRate ? { externalTaxRate: externalRate(taxRate) } : {}),
        },
      },
    ];
  }
  if ('removeCustomLine' in action) return [{ removeCustomLineItem: { customLineItemId: action.removeCustomLine } }];
  if ('taxSettings' in action) {
    const { taxMode, taxRoundingMode, taxCalculationMode } = action.taxSettings;
    return [
      { changeTaxMode: { taxMode } },
      { changeTaxRoundingMode: { taxRoundingMode } },
      { changeTaxCalculationMode: { taxCalculationMode } },
    ];
  }
  if ('setCustomType' in action)
    return [
      {
        setCustomType: {
          typeKey: action.setCustomType.key,
          fields: Object.entries(action.setCustomType.fields)
            .filter(([, value]) => value !== undefined)
            .map(([name, value]) => ({ name, value: JSON.stringify(value) })),
        },
      },
    ];
  if ('setCustomField' in action)
    return [{ setCustomField: { name: action.setCustomField.name, ...fieldValue(action.setCustomField.value) } }];
  if ('recalculate' in action) return [{ recalculate: { updateProductData: true } }];
  if ('addPayment' in action) return [{ addPayment: { payment: { typeId: 'payment', id: action.addPayment } } }];
  return [{ removePayment: { payment: { typeId: 'payment', id: action.removePayment } } }];
}

/** Checkout's reads and writes of a store's carts, and the shipping methods. */
export function checkoutOperations(graphql: Graphql) {
  return {
    /** The store's cart with this id, as checkout reads it. */
    async checkoutCartById(storeKey: string, id: string, call: Call): Promise<CheckoutCart | undefined> {
      const { inStore } = await graphql<{ inStore: { cart: RawCheckoutCart | null } }>(
        'CheckoutCartById',
        CHECKOUT_CART_BY_ID,
        { storeKey, id },
        call,
      );
      return inStore.cart ? reshapeCheckoutCart(inStore.cart) : undefined;
    },

    /** The session's active cart in the store: a customer's, or a guest's (by anonymous id). */
    async checkoutCart(
      storeKey: string,
      owner: { customerId: string } | { anonymousId: string },
      call: Call,
    ): Promise<CheckoutCart | undefined> {
      if ('customerId' in owner) {
        const { inStore } = await graphql<{ inStore: { customerActiveCart: RawCheckoutCart | null } }>(
          'CheckoutCustomerCart',
          CHECKOUT_CUSTOMER_CART,
          { storeKey, customerId: owner.customerId },
          call,
        );
        return inStore.customerActiveCart ? reshapeCheckoutCart(inStore.customerActiveCart) : undefined;
      }
      const lookup: CartLookup = { anonymousId: owner.anonymousId };
      const { inStore } = await graphql<{ inStore: { carts: { results: RawCheckoutCart[] } } }>(
        'CheckoutFindCart',
        CHECKOUT_FIND_CART,
        { storeKey, where: whereOf(lookup) },
        call,
      );
      const [found] = inStore.carts.results;
      return found ? reshapeCheckoutCart(found) : undefined;
    },

    /** Applies the actions at the cart's version (ConcurrentModification when another write came first). */
    async updateCheckoutCart(
      storeKey: string,
      cart: Pick<CheckoutCart, 'id' | 'version'>,
      actions: CheckoutAction[],
      call: Call,
    ): Promise<CheckoutCart> {
      const data = await graphql<{ updateCart: RawCheckoutCart }>(
        'UpdateCheckoutCart',
        UPDATE_CHECKOUT_CART,
        { storeKey, id: cart.id, version: cart.version, actions: actions.flatMap(reshapeActions) },
        call,
      );
      return reshapeCheckoutCart(data.updateCart);
    },

    /** Every shipping method with its zone rates (a store's are keyed `{store}-...`), page by page. */
    async shippingMethods(call: Call): Promise<ShippingMethodRecord[]> {
      const all: RawShippingMethod[] = [];
      for (let offset = 0; ; offset += SHIPPING_METHOD_PAGE) {
        const { shippingMethods } = await graphql<{ shippingMethods: { results: RawShippingMethod[] } }>(
          'ShippingMethods',
          SHIPPING_METHODS,
          { offset },
          { ...call, shared: true },
        );
        all.push(...shippingMethods.results);
        if (shippingMethods.results.length < SHIPPING_METHOD_PAGE || offset >= 1000) break;
      }
      return all.flatMap(reshapeShippingMethod);
    },
  };
}

/** The page size written in SHIPPING_METHODS. */
const SHIPPING_METHOD_PAGE = 20;

function reshapeShippingMethod(raw: RawShippingMethod): ShippingMethodRecord[] {
  if (!raw.key) return [];
  return [
    {
      key: raw.key,
      name: raw.name,
      ...(raw.localizedDescription ? { description: raw.localizedDescription } : {}),
      isDefault: raw.isDefault,
      active: raw.active ?? true,
      zoneRates: raw.zoneRates.map((zoneRate) => ({
        ...(zoneRate.zone?.key ? { zoneKey: zoneRate.zone.key } : {}),
        locations: (zoneRate.zone?.locations ?? []).map((location) => ({
          country: location.country,
          ...(location.state ? { state: location.state } : {}),
        })),
        rates: zoneRate.shippingRates.map((rate) => ({
          price: rate.price.centAmount,
          ...(rate.freeAbove ? { freeAbove: rate.freeAbove.centAmount } : {}),
        })),
      })),
    },
  ];
}
