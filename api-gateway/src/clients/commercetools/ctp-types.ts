import type {
  TCtpAddress,
  TCtpCustomLineItem,
  TCtpLocation,
  TCtpOrder,
  TCtpPayment,
  TCtpPaymentInfo,
  TCtpPaymentMethodInfo,
  TCtpShippingInfo,
  TCtpShippingMethod,
  TCtpShippingRate,
  TCtpTaxCategory,
  TCtpTaxRate,
  TCtpTaxedItemPrice,
  TCtpTaxedPrice,
  TCtpTransaction,
  TCtpZone,
  TCtpZoneRate,
  TCtpCart,
  TCtpCartDiscount,
  TCtpChannel,
  TCtpCustomObject,
  TCtpDiscountCode,
  TCtpDiscountCodeInfo,
  TCtpDiscountedLineItemPortion,
  TCtpDiscountedLineItemPrice,
  TCtpDiscountedLineItemPriceForQuantity,
  TCtpDiscountedProductPriceValue,
  TCtpLineItem,
  TCtpProductPrice,
  TCtpProductVariant,
  TCtpStore,
  TCtpCategory,
  TCtpCategoryQueryResult,
  TCtpCustomFieldsType,
  TCtpCustomer,
  TCtpDiscountedProductSearchPriceValue,
  TCtpFacetResultValue,
  TCtpImage,
  TCtpMoney,
  TCtpProductPriceSearch,
  TCtpProductProjection,
  TCtpProductProjectionSearchResult,
  TCtpProductSearchVariant,
  TCtpProductSearchVariantAvailability,
  TCtpProductSearchVariantAvailabilityWithChannels,
  TCtpRawCustomField,
  TCtpRawProductSearchAttribute,
  TCtpReference,
  TCtpReturnInfo,
  TCtpLineItemReturnItem,
  TCtpTermCount,
  TCtpTermsFacetResult,
} from '@commercetools-test-data/graphql-types';

/**
 * The raw answers of the adapter's GraphQL documents, derived from commercetools' published
 * GraphQL types: `Selected<T, 'a' | 'b', { c: ... }>` is T's fields a and b as commercetools
 * types them, plus c with a nested selection. A field commercetools does not have is not a key
 * of T, so naming it fails the type check; `ctp-documents.test.ts` checks the documents
 * themselves against the same schema.
 */
export type Selected<
  T,
  K extends keyof T = never,
  Nested extends { [P in keyof Nested]: P extends keyof T ? unknown : never } = object,
> = Pick<T, K> & Nested;

type RawMoney = Selected<TCtpMoney, 'centAmount'>;

export type RawCategory = Selected<
  TCtpCategory,
  'id' | 'key' | 'name' | 'slug' | 'orderHint',
  { parentRef: Selected<TCtpReference, 'id'> | null }
>;
export type RawCategories = { categories: Selected<TCtpCategoryQueryResult, never, { results: RawCategory[] }> };
export type RawRootCategory = { category: Selected<TCtpCategory, 'id'> | null };

type RawAttribute = Selected<TCtpRawProductSearchAttribute, 'name' | 'value'>;
type RawPrice = Selected<
  TCtpProductPriceSearch,
  never,
  { value: RawMoney; discounted: Selected<TCtpDiscountedProductSearchPriceValue, never, { value: RawMoney }> | null }
>;
type RawImage = Selected<TCtpImage, 'url' | 'label'>;

/** A variant as listings select it: colour attributes and the price. */
export type RawListingVariant = Selected<
  TCtpProductSearchVariant,
  'sku',
  { attributesRaw: RawAttribute[]; price: RawPrice | null }
>;
/** A variant as the product page selects it: everything a shopper chooses between. */
export type RawDetailVariant = Selected<
  TCtpProductSearchVariant,
  'sku',
  {
    attributesRaw: RawAttribute[];
    price: RawPrice | null;
    images: RawImage[];
    availability: Selected<
      TCtpProductSearchVariantAvailabilityWithChannels,
      never,
      { noChannel: Selected<TCtpProductSearchVariantAvailability, 'isOnStock' | 'availableQuantity'> | null }
    > | null;
  }
>;

export type RawListingProduct = Selected<
  TCtpProductProjection,
  'key' | 'name',
  {
    categoriesRef: Array<Selected<TCtpReference, 'id'>>;
    masterVariant: Selected<TCtpProductSearchVariant, never, { images: RawImage[]; attributesRaw: RawAttribute[] }>;
    allVariants: RawListingVariant[];
  }
>;

/** Variants with their pictures only (see VARIANT_IMAGES). */
export type RawVariantImagesProduct = Selected<
  TCtpProductProjection,
  never,
  { allVariants: Array<Selected<TCtpProductSearchVariant, 'sku', { images: RawImage[] }>> }
>;

export type RawDetailProduct = Selected<
  TCtpProductProjection,
  'key' | 'name' | 'description',
  {
    categoriesRef: Array<Selected<TCtpReference, 'id'>>;
    masterVariant: Selected<TCtpProductSearchVariant, never, { attributesRaw: RawAttribute[] }>;
    allVariants: RawDetailVariant[];
  }
>;

export type RawFacet = Selected<
  TCtpFacetResultValue,
  'facet',
  {
    value: Selected<
      TCtpTermsFacetResult,
      never,
      { terms?: Array<Selected<TCtpTermCount, 'term' | 'count' | 'productCount'>> }
    >;
  }
>;

export type RawSearch<Product> = Selected<
  TCtpProductProjectionSearchResult,
  never,
  { total?: number; results?: Product[]; facets?: RawFacet[] }
>;

export type RawCustomer = Selected<TCtpCustomer, 'id' | 'email' | 'firstName' | 'lastName'>;
export type RawSignedUpCustomer = Selected<
  TCtpCustomer,
  'id' | 'email' | 'firstName' | 'lastName' | 'createdAt' | 'version'
>;
export type RawProfileCustomer = Selected<
  TCtpCustomer,
  'id' | 'version' | 'email' | 'firstName' | 'lastName',
  {
    addresses: Array<RawAddress & { id?: string | null }>;
    custom: Selected<
      TCtpCustomFieldsType,
      never,
      { customFieldsRaw: Array<Selected<TCtpRawCustomField, 'name' | 'value'>> | null }
    > | null;
  }
>;
export type RawLegacyCustomer = Selected<
  TCtpCustomer,
  'id',
  {
    custom: Selected<
      TCtpCustomFieldsType,
      never,
      { customFieldsRaw: Array<Selected<TCtpRawCustomField, 'name' | 'value'>> | null }
    > | null;
  }
>;

export type RawCart = Selected<TCtpCart, 'id' | 'version' | 'customerId' | 'anonymousId' | 'cartState'>;

type RawLinePrice = Selected<
  TCtpProductPrice,
  never,
  { value: RawMoney; discounted: Selected<TCtpDiscountedProductPriceValue, never, { value: RawMoney }> | null }
>;

export type RawCartLine = Selected<
  TCtpLineItem,
  'id' | 'productKey' | 'name' | 'quantity',
  {
    supplyChannel: Selected<TCtpChannel, 'key'> | null;
    variant: Selected<TCtpProductVariant, 'sku', { attributesRaw: RawAttribute[]; images: RawImage[] }> | null;
    price: RawLinePrice;
    totalPrice: RawMoney | null;
    discountedPricePerQuantity: Array<
      Selected<
        TCtpDiscountedLineItemPriceForQuantity,
        'quantity',
        {
          discountedPrice: Selected<
            TCtpDiscountedLineItemPrice,
            never,
            {
              value: RawMoney;
              includedDiscounts: Array<
                Selected<
                  TCtpDiscountedLineItemPortion,
                  never,
                  { discountRef: Selected<TCtpReference, 'id'>; discountedAmount: RawMoney }
                >
              >;
            }
          >;
        }
      >
    >;
  }
>;

export type RawCartDiscountCode = Selected<
  TCtpDiscountCodeInfo,
  'state',
  {
    discountCodeRef: Selected<TCtpReference, 'id'>;
    discountCode: Selected<
      TCtpDiscountCode,
      'code' | 'name',
      { cartDiscounts: Array<Selected<TCtpCartDiscount, 'id' | 'name'>> }
    > | null;
  }
>;

/** A cart with everything the bag shows (documents.ts CART_FIELDS). */
export type RawCartDetail = Selected<
  TCtpCart,
  'id' | 'version' | 'customerId' | 'anonymousId' | 'cartState',
  {
    totalPrice: RawMoney;
    lineItems: RawCartLine[];
    discountCodes: RawCartDiscountCode[];
    /** The custom type's key and, aliased, the one field bag writes read (appliedWrites). */
    custom?: {
      type?: { key: string } | null;
      appliedWrites?: Array<Selected<TCtpRawCustomField, 'name' | 'value'>> | null;
    } | null;
  }
>;

export type RawStoreChannels = {
  store: Selected<TCtpStore, never, { supplyChannels: Array<Selected<TCtpChannel, 'key'>> }> | null;
};

export type RawBagVariant = Selected<
  TCtpProductSearchVariant,
  'sku',
  {
    price: RawPrice | null;
    availability: Selected<
      TCtpProductSearchVariantAvailabilityWithChannels,
      never,
      { noChannel: Selected<TCtpProductSearchVariantAvailability, 'availableQuantity'> | null }
    > | null;
  }
>;

export type RawBagProduct = Selected<
  TCtpProductProjection,
  'key' | 'name',
  {
    categoriesRef: Array<Selected<TCtpReference, 'id'>>;
    taxCategory: Selected<TCtpTaxCategory, 'key'> | null;
    masterVariant: Selected<TCtpProductSearchVariant, never, { attributesRaw: RawAttribute[] }>;
    allVariants: RawBagVariant[];
  }
>;

export type RawCustomObject = Selected<TCtpCustomObject, 'value'>;

// Checkout and orders ---------------------------------------------------------------------------

export type RawAddress = Selected<
  TCtpAddress,
  | 'firstName'
  | 'lastName'
  | 'streetName'
  | 'additionalStreetInfo'
  | 'city'
  | 'state'
  | 'postalCode'
  | 'country'
  | 'phone'
>;
export type RawTaxRate = Selected<TCtpTaxRate, 'name' | 'amount' | 'state'>;
export type RawTaxedPrice = Selected<
  TCtpTaxedPrice,
  never,
  { totalNet: RawMoney; totalGross: RawMoney; totalTax: RawMoney | null }
>;
type RawTaxedItemPrice = Selected<TCtpTaxedItemPrice, never, { totalTax: RawMoney | null }>;
type RawRawField = Selected<TCtpRawCustomField, 'name' | 'value'>;
type RawCustom = Selected<TCtpCustomFieldsType, never, { customFieldsRaw: RawRawField[] | null }> | null;

export type RawShippingInfo = Selected<
  TCtpShippingInfo,
  'shippingMethodName',
  {
    price: RawMoney;
    shippingRate: Selected<TCtpShippingRate, never, { price: RawMoney; freeAbove: RawMoney | null }>;
    taxRate: RawTaxRate | null;
    shippingMethod: Selected<TCtpShippingMethod, 'key' | 'localizedDescription'> | null;
  }
>;

export type RawCustomLine = Selected<
  TCtpCustomLineItem,
  'id' | 'name' | 'slug' | 'quantity',
  { money: RawMoney; totalPrice: RawMoney; taxRate: RawTaxRate | null; taxedPrice: RawTaxedItemPrice | null }
>;

/** What checkout reads on top of the bag (documents.ts CHECKOUT_CART_FIELDS). */
export type RawCheckoutCart = Omit<RawCartDetail, 'lineItems'> &
  Selected<
    TCtpCart,
    'key' | 'customerEmail' | 'taxMode' | 'taxRoundingMode' | 'taxCalculationMode',
    {
      lineItems: Array<RawCartLine & { taxRate: RawTaxRate | null }>;
      shippingAddress: RawAddress | null;
      billingAddress: RawAddress | null;
      shippingInfo: RawShippingInfo | null;
      customLineItems: RawCustomLine[];
      taxedPrice: RawTaxedPrice | null;
      custom: RawCustom;
      paymentInfo: Selected<TCtpPaymentInfo, never, { payments: Array<Selected<TCtpPayment, 'id'>> }> | null;
    }
  >;

export type RawShippingMethod = Selected<
  TCtpShippingMethod,
  'key' | 'name' | 'localizedDescription' | 'isDefault' | 'active',
  {
    zoneRates: Array<
      Selected<
        TCtpZoneRate,
        never,
        {
          zone: Selected<TCtpZone, 'key', { locations: Array<Selected<TCtpLocation, 'country' | 'state'>> }> | null;
          shippingRates: Array<Selected<TCtpShippingRate, never, { price: RawMoney; freeAbove: RawMoney | null }>>;
        }
      >
    >;
  }
>;

export type RawTransaction = Selected<
  TCtpTransaction,
  'id' | 'type' | 'state' | 'interactionId' | 'timestamp',
  { amount: RawMoney }
>;
export type RawPayment = Selected<
  TCtpPayment,
  'id' | 'version' | 'key' | 'interfaceId',
  {
    amountPlanned: RawMoney;
    paymentMethodInfo: Selected<TCtpPaymentMethodInfo, 'method'>;
    transactions: RawTransaction[];
    custom: RawCustom;
  }
>;

export type RawOrder = Selected<
  TCtpOrder,
  | 'id'
  | 'version'
  | 'orderNumber'
  | 'customerId'
  | 'anonymousId'
  | 'customerEmail'
  | 'createdAt'
  | 'orderState'
  | 'shipmentState'
  | 'paymentState',
  {
    totalPrice: RawMoney;
    taxedPrice: RawTaxedPrice | null;
    lineItems: RawCartLine[];
    customLineItems: RawCustomLine[];
    discountCodes: RawCartDiscountCode[];
    shippingAddress: RawAddress | null;
    billingAddress: RawAddress | null;
    shippingInfo: (RawShippingInfo & { deliveries?: RawDelivery[] }) | null;
    custom: RawOrderCustom;
    paymentInfo: Selected<TCtpPaymentInfo, never, { payments: RawPayment[] }> | null;
    returnInfo: RawReturnInfo[];
  }
>;

/** An order's custom fields with its type's key (returns take only orders of type order-b2c). */
type RawOrderCustom = Selected<
  TCtpCustomFieldsType,
  never,
  {
    type: { key: string } | null;
    customFieldsRaw: Array<Selected<TCtpRawCustomField, 'name' | 'value'>> | null;
  }
> | null;

export type RawReturnItem = Selected<
  TCtpLineItemReturnItem,
  'id' | 'quantity' | 'comment' | 'shipmentState' | 'paymentState' | 'createdAt',
  { lineItemId?: string }
>;
type RawReturnInfo = Selected<TCtpReturnInfo, 'returnTrackingId' | 'returnDate', { items: RawReturnItem[] }>;
/** commercetools Delivery as the order documents select it. */
export interface RawDelivery {
  id: string;
  key?: string | null;
  createdAt: unknown;
  items: Array<{ id: string; quantity: number }>;
  parcels: Array<{
    id: string;
    key?: string | null;
    createdAt: unknown;
    trackingData: {
      trackingId?: string | null;
      carrier?: string | null;
      provider?: string | null;
      isReturn: boolean;
    } | null;
  }>;
}
