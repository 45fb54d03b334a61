import { buildSchema } from 'graphql';

/**
 * The subset of the commercetools GraphQL schema this service implements, with the same type,
 * field and argument names, so queries written for commercetools run here unchanged.
 */
export const SDL = /* GraphQL */ `
  scalar Long
  scalar DateTime
  scalar Json
  scalar KeyReferenceInput
  scalar Locale
  scalar Currency
  scalar Country

  enum TaxMode {
    Platform
    External
    ExternalAmount
    Disabled
  }

  enum RoundingMode {
    HalfEven
    HalfUp
    HalfDown
  }

  enum TaxCalculationMode {
    LineItemLevel
    UnitPriceLevel
  }

  enum CustomLineItemPriceMode {
    Standard
    External
  }

  enum TransactionType {
    Authorization
    CancelAuthorization
    Charge
    Refund
    Chargeback
  }

  enum TransactionState {
    Initial
    Pending
    Success
    Failure
  }

  enum PaymentState {
    Pending
    Paid
    Failed
    BalanceDue
    CreditOwed
  }

  enum OrderState {
    Open
    Confirmed
    Complete
    Cancelled
  }

  enum ShipmentState {
    Pending
    Ready
    Shipped
    Delivered
    Delayed
    Partial
    Backorder
    Canceled
  }

  type Money {
    type: String!
    currencyCode: Currency!
    centAmount: Long!
    fractionDigits: Int!
  }

  type Reference {
    typeId: String!
    id: String!
  }

  type KeyReference {
    typeId: String!
    key: String!
  }

  type RawCustomField {
    name: String!
    value: Json!
  }

  type TypeDefinition {
    key: String!
  }

  type CustomFieldsType {
    type: TypeDefinition
    typeRef: KeyReference!
    customFieldsRaw(includeNames: [String!], excludeNames: [String!]): [RawCustomField!]
  }

  type Address {
    id: String
    key: String
    title: String
    salutation: String
    firstName: String
    lastName: String
    streetName: String
    streetNumber: String
    additionalStreetInfo: String
    postalCode: String
    city: String
    region: String
    state: String
    country: Country!
    company: String
    department: String
    building: String
    apartment: String
    pOBox: String
    phone: String
    mobile: String
    email: String
    additionalAddressInfo: String
  }

  input AddressInput {
    id: String
    key: String
    title: String
    salutation: String
    firstName: String
    lastName: String
    streetName: String
    streetNumber: String
    additionalStreetInfo: String
    postalCode: String
    city: String
    region: String
    state: String
    country: Country!
    company: String
    department: String
    building: String
    apartment: String
    pOBox: String
    phone: String
    mobile: String
    email: String
    additionalAddressInfo: String
  }

  input CustomFieldInput {
    name: String!
    "The value as JSON, e.g. a string is sent as \\"text\\"."
    value: String!
  }

  input ResourceIdentifierInput {
    typeId: String
    id: String
    key: String
  }

  input CustomFieldsDraft {
    typeId: String
    typeKey: String
    type: ResourceIdentifierInput
    fields: [CustomFieldInput!]
  }

  type Customer {
    id: String!
    version: Long!
    key: String
    email: String!
    lowercaseEmail: String!
    firstName: String
    lastName: String
    externalId: String
    isEmailVerified: Boolean!
    authenticationMode: String!
    addresses: [Address!]!
    stores: [KeyReference!]!
    custom: CustomFieldsType
    createdAt: DateTime!
    lastModifiedAt: DateTime!
  }

  type CustomerQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    results: [Customer!]!
  }

  type CustomerSignInResult {
    customer: Customer!
    cart: Cart
  }

  type CustomerPasswordToken {
    id: String!
    customerId: String!
    value: String!
    expiresAt: DateTime!
    createdAt: DateTime!
  }

  input CustomerSignUpDraft {
    email: String!
    password: String!
    firstName: String
    lastName: String
    key: String
    externalId: String
    authenticationMode: String
    custom: CustomFieldsDraft
    addresses: [AddressInput!]
  }

  input SetCustomerFirstName {
    firstName: String
  }
  input SetCustomerLastName {
    lastName: String
  }
  input ChangeCustomerEmail {
    email: String!
  }
  input SetCustomField {
    name: String!
    value: String
  }
  input SetCustomType {
    typeKey: String
    type: ResourceIdentifierInput
    fields: [CustomFieldInput!]
  }
  input AddCustomerAddress {
    address: AddressInput!
  }
  input ChangeCustomerAddress {
    addressId: String
    address: AddressInput!
  }
  input RemoveCustomerAddress {
    addressId: String
  }

  input CustomerUpdateAction {
    setFirstName: SetCustomerFirstName
    setLastName: SetCustomerLastName
    changeEmail: ChangeCustomerEmail
    setCustomField: SetCustomField
    setCustomType: SetCustomType
    addAddress: AddCustomerAddress
    changeAddress: ChangeCustomerAddress
    removeAddress: RemoveCustomerAddress
  }

  type LocalizedString {
    locale: Locale!
    value: String!
  }

  type Category {
    id: String!
    key: String
    version: Long!
    name(locale: Locale, acceptLanguage: [Locale!]): String
    slug(locale: Locale, acceptLanguage: [Locale!]): String
    nameAllLocales: [LocalizedString!]!
    slugAllLocales: [LocalizedString!]!
    orderHint: String!
    parent: Category
    parentRef: Reference
    ancestors: [Category!]!
    ancestorsRef: [Reference!]!
    children: [Category!]
    childCount: Int!
  }

  type CategoryQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    results: [Category!]!
  }

  type Image {
    url: String!
    label: String
    dimensions: Dimensions!
  }

  type Dimensions {
    width: Int!
    height: Int!
  }

  type DiscountedProductPriceValue {
    value: Money!
  }

  type ProductPrice {
    id: String
    value: Money!
    discounted: DiscountedProductPriceValue
  }

  type ProductSearchPriceDiscounted {
    value: Money!
  }

  type ProductPriceSearch {
    id: String
    value: Money!
    discounted: ProductSearchPriceDiscounted
  }

  type RawProductAttribute {
    name: String!
    value: Json!
  }

  type ProductVariantAvailability {
    isOnStock: Boolean!
    availableQuantity: Long
  }

  type ProductVariantAvailabilityWithChannel {
    channelRef: KeyReference!
    availability: ProductVariantAvailability!
  }

  type ProductVariantAvailabilitiesResult {
    noChannel: ProductVariantAvailability
    channels: [ProductVariantAvailabilityWithChannel!]!
  }

  type ProductVariant {
    id: Int!
    key: String
    sku: String
    prices: [ProductPrice!]
    price(currency: Currency!, country: Country): ProductPrice
    images: [Image!]!
    attributesRaw(includeNames: [String!], excludeNames: [String!]): [RawProductAttribute!]!
    availability: ProductVariantAvailabilitiesResult
  }

  type ProductSearchVariant {
    id: Int!
    key: String
    sku: String
    prices: [ProductPriceSearch!]
    price(currency: Currency!, country: Country): ProductPriceSearch
    images: [Image!]!
    attributesRaw(includeNames: [String!], excludeNames: [String!]): [RawProductAttribute!]!
    availability: ProductVariantAvailabilitiesResult
    isMatchingVariant: Boolean
  }

  type ProductData {
    name(locale: Locale, acceptLanguage: [Locale!]): String
    description(locale: Locale, acceptLanguage: [Locale!]): String
    slug(locale: Locale, acceptLanguage: [Locale!]): String
    categories: [Category!]!
    categoriesRef: [Reference!]!
    masterVariant: ProductVariant!
    variants: [ProductVariant!]!
    allVariants: [ProductVariant!]!
    variant(sku: String, key: String): ProductVariant
  }

  type ProductCatalogData {
    current: ProductData
    staged: ProductData
    published: Boolean!
    hasStagedChanges: Boolean!
  }

  "What kind of goods a product is to the tax service (clothing, general); no rates: carts take external ones."
  type TaxCategory {
    id: String!
    key: String
    version: Long!
    name: String!
    description: String
    rates: [TaxRate!]!
    createdAt: DateTime!
    lastModifiedAt: DateTime!
  }

  type Product {
    id: String!
    key: String
    version: Long!
    productType: KeyReference!
    taxCategoryRef: Reference
    taxCategory: TaxCategory
    masterData: ProductCatalogData!
    createdAt: DateTime!
    lastModifiedAt: DateTime!
  }

  type ProductProjection {
    id: String!
    key: String
    version: Long!
    productType: KeyReference!
    taxCategoryRef: Reference
    taxCategory: TaxCategory
    name(locale: Locale, acceptLanguage: [Locale!]): String
    description(locale: Locale, acceptLanguage: [Locale!]): String
    slug(locale: Locale, acceptLanguage: [Locale!]): String
    categories: [Category!]!
    categoriesRef: [Reference!]!
    masterVariant: ProductSearchVariant!
    "onlyMatching: only the variants the search matched (with markMatchingVariants)."
    variants(onlyMatching: Boolean): [ProductSearchVariant!]!
    allVariants(onlyMatching: Boolean): [ProductSearchVariant!]!
    published: Boolean!
    createdAt: DateTime!
    lastModifiedAt: DateTime!
  }

  type TermCount {
    term: String!
    count: Int!
    productCount: Int
  }

  type RangeCount {
    type: String!
    from: Long
    to: Long
    count: Int!
    productCount: Int
    min: Long!
    max: Long!
    mean: Float!
    total: Long!
  }

  interface FacetResultValue {
    type: String!
  }

  type TermsFacetResult implements FacetResultValue {
    type: String!
    dataType: String!
    missing: Int!
    total: Int!
    other: Int!
    terms: [TermCount!]!
  }

  type RangeFacetResult implements FacetResultValue {
    type: String!
    ranges: [RangeCount!]!
  }

  type FacetResult {
    facet: String!
    value: FacetResultValue!
  }

  type ProductProjectionSearchResult {
    offset: Int!
    count: Int!
    total: Int!
    results: [ProductProjection!]!
    facets: [FacetResult!]!
  }

  input SearchFilterInput {
    string: String
  }

  input SearchFacetInput {
    string: String
  }

  type InventoryEntry {
    id: String!
    version: Long!
    sku: String!
    quantityOnStock: Long!
    availableQuantity: Long!
    supplyChannel: KeyReference
  }

  type InventoryEntryQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    results: [InventoryEntry!]!
  }

  type TaxPortion {
    name: String
    rate: Float!
    amount: Money!
  }

  type TaxedItemPrice {
    totalNet: Money!
    totalGross: Money
    totalTax: Money
    taxPortions: [TaxPortion!]!
  }

  type TaxedPrice {
    totalNet: Money!
    totalGross: Money!
    totalTax: Money
    taxPortions: [TaxPortion!]!
  }

  type TaxRate {
    name: String!
    amount: Float!
    includedInPrice: Boolean!
    country: Country!
    state: String
  }

  type LineItem {
    id: String!
    productId: String!
    productKey: String
    name(locale: Locale, acceptLanguage: [Locale!]): String
    variant: ProductVariant
    price: ProductPrice!
    quantity: Long!
    totalPrice: Money
    taxRate: TaxRate
    taxedPrice: TaxedItemPrice
    custom: CustomFieldsType
    addedAt: DateTime
    lineItemMode: String!
    priceMode: String!
    "The inventory the line draws on (a store's supply channel)."
    supplyChannel: Channel
    supplyChannelRef: Reference
    distributionChannel: Channel
    distributionChannelRef: Reference
    "What each unit costs after discount codes, grouped by equal discounted unit prices; empty without a discount."
    discountedPricePerQuantity: [DiscountedLineItemPriceForQuantity!]!
  }

  type DiscountedLineItemPortion {
    discountRef: Reference!
    discountedAmount: Money!
  }

  type DiscountedLineItemPrice {
    value: Money!
    includedDiscounts: [DiscountedLineItemPortion!]!
  }

  type DiscountedLineItemPriceForQuantity {
    quantity: Long!
    discountedPrice: DiscountedLineItemPrice!
  }

  "A line not bound to a product (a fee, a voucher, a loyalty redemption); its money may be negative."
  type CustomLineItem {
    id: String!
    key: String
    name(locale: Locale, acceptLanguage: [Locale!]): String
    nameAllLocales: [LocalizedString!]!
    money: Money!
    totalPrice: Money!
    slug: String!
    quantity: Long!
    taxRate: TaxRate
    taxedPrice: TaxedItemPrice
    discountedPricePerQuantity: [DiscountedLineItemPriceForQuantity!]!
    custom: CustomFieldsType
    priceMode: CustomLineItemPriceMode!
  }

  type PaymentMethodInfo {
    paymentInterface: String
    method: String
    name(locale: Locale, acceptLanguage: [Locale!]): String
    nameAllLocales: [LocalizedString!]
  }

  type PaymentStatus {
    interfaceCode: String
    interfaceText: String
  }

  type Transaction {
    id: String!
    timestamp: DateTime
    type: TransactionType
    amount: Money!
    interactionId: String
    state: TransactionState!
  }

  type Payment {
    id: String!
    version: Long!
    key: String
    customerRef: Reference
    anonymousId: String
    amountPlanned: Money!
    paymentMethodInfo: PaymentMethodInfo!
    interfaceId: String
    paymentStatus: PaymentStatus!
    transactions: [Transaction!]!
    custom: CustomFieldsType
    createdAt: DateTime!
    lastModifiedAt: DateTime!
  }

  type PaymentInfo {
    paymentRefs: [Reference!]!
    payments: [Payment!]!
  }

  input PaymentMethodInfoInput {
    paymentInterface: String
    method: String
    name: [LocalizedStringItemInputType!]
  }

  input PaymentStatusInput {
    interfaceCode: String
    interfaceText: String
  }

  input TransactionDraft {
    type: TransactionType!
    amount: MoneyInput!
    timestamp: DateTime
    interactionId: String
    state: TransactionState
  }

  input PaymentDraft {
    key: String
    amountPlanned: MoneyInput!
    customer: ResourceIdentifierInput
    anonymousId: String
    interfaceId: String
    paymentMethodInfo: PaymentMethodInfoInput
    paymentStatus: PaymentStatusInput
    transactions: [TransactionDraft!]
    custom: CustomFieldsDraft
  }

  input AddPaymentTransaction {
    transaction: TransactionDraft!
  }
  input ChangePaymentTransactionState {
    transactionId: String!
    state: TransactionState!
  }
  input ChangePaymentTransactionInteractionId {
    transactionId: String!
    interactionId: String!
  }
  input ChangePaymentTransactionTimestamp {
    transactionId: String!
    timestamp: DateTime!
  }
  input ChangePaymentAmountPlanned {
    amount: MoneyInput!
  }
  input SetPaymentStatusInterfaceCode {
    interfaceCode: String
  }
  input SetPaymentStatusInterfaceText {
    interfaceText: String
  }
  input SetPaymentInterfaceId {
    interfaceId: String
  }
  input SetPaymentKey {
    key: String
  }
  input SetPaymentMethodInfoInterface {
    interface: String!
  }
  input SetPaymentMethodInfoMethod {
    method: String
  }
  input SetPaymentMethodInfoName {
    name: [LocalizedStringItemInputType!]
  }
  input SetPaymentCustomField {
    name: String!
    value: String
  }
  input SetPaymentCustomType {
    typeId: String
    typeKey: String
    type: ResourceIdentifierInput
    fields: [CustomFieldInput!]
  }

  input PaymentUpdateAction {
    addTransaction: AddPaymentTransaction
    changeTransactionState: ChangePaymentTransactionState
    changeTransactionInteractionId: ChangePaymentTransactionInteractionId
    changeTransactionTimestamp: ChangePaymentTransactionTimestamp
    changeAmountPlanned: ChangePaymentAmountPlanned
    setStatusInterfaceCode: SetPaymentStatusInterfaceCode
    setStatusInterfaceText: SetPaymentStatusInterfaceText
    setInterfaceId: SetPaymentInterfaceId
    setKey: SetPaymentKey
    setMethodInfoInterface: SetPaymentMethodInfoInterface
    setMethodInfoMethod: SetPaymentMethodInfoMethod
    setMethodInfoName: SetPaymentMethodInfoName
    setCustomField: SetPaymentCustomField
    setCustomType: SetPaymentCustomType
  }

  type ShippingRate {
    price: Money!
    freeAbove: Money
    isMatching: Boolean
  }

  type Location {
    country: Country!
    state: String
  }

  type Zone {
    id: String!
    key: String
    version: Long!
    name: String!
    description: String
    locations: [Location!]!
  }

  "The rates of a shipping method in one zone (commercetools ZoneRate)."
  type ZoneRate {
    zone: Zone
    zoneRef: Reference
    shippingRates: [ShippingRate!]!
  }

  type ShippingInfo {
    shippingMethodName: String!
    shippingMethodRef: Reference
    shippingMethod: ShippingMethod
    price: Money!
    shippingRate: ShippingRate!
    taxRate: TaxRate
    taxedPrice: TaxedItemPrice
    "An order's deliveries (a cart has none)."
    deliveries: [Delivery!]!
  }

  type TrackingData {
    trackingId: String
    carrier: String
    provider: String
    providerTransaction: String
    isReturn: Boolean!
  }

  type DeliveryItem {
    id: String!
    quantity: Long!
  }

  type Parcel {
    id: String!
    key: String
    createdAt: DateTime!
    items: [DeliveryItem!]!
    trackingData: TrackingData
  }

  type Delivery {
    id: String!
    key: String
    createdAt: DateTime!
    items: [DeliveryItem!]!
    parcels: [Parcel!]!
  }

  type DiscountCodeInfo {
    discountCodeRef: Reference!
    discountCode: DiscountCode
    code: String!
    "A commercetools DiscountCodeState: MatchesCart, DoesNotMatchCart, NotActive, NotValid, MaxApplicationReached."
    state: String
  }

  interface CartDiscountValue {
    type: String!
  }

  type RelativeDiscountValue implements CartDiscountValue {
    type: String!
    permyriad: Int!
  }

  type CartDiscount {
    id: String!
    version: Long!
    key: String
    name(locale: Locale, acceptLanguage: [Locale!]): String
    nameAllLocales: [LocalizedString!]!
    value: CartDiscountValue!
    cartPredicate: String!
    sortOrder: String!
    storesRef: [KeyReference!]!
    isActive: Boolean!
    validFrom: DateTime
    validUntil: DateTime
    requiresDiscountCode: Boolean!
    stackingMode: String!
    createdAt: DateTime!
    lastModifiedAt: DateTime!
  }

  type DiscountCode {
    id: String!
    version: Long!
    key: String
    code: String!
    name(locale: Locale, acceptLanguage: [Locale!]): String
    nameAllLocales: [LocalizedString!]
    description(locale: Locale, acceptLanguage: [Locale!]): String
    descriptionAllLocales: [LocalizedString!]
    cartDiscounts: [CartDiscount!]!
    cartDiscountsRef: [Reference!]!
    storesRef: [KeyReference!]!
    isActive: Boolean!
    maxApplications: Long
    maxApplicationsPerCustomer: Long
    cartPredicate: String
    groups: [String!]!
    validFrom: DateTime
    validUntil: DateTime
    createdAt: DateTime!
    lastModifiedAt: DateTime!
  }

  input LocalizedStringItemInputType {
    locale: Locale!
    value: String!
  }

  input DiscountCodeDraft {
    code: String!
    key: String
    name: [LocalizedStringItemInputType!]
    description: [LocalizedStringItemInputType!]
    cartDiscounts: [ResourceIdentifierInput!]!
    isActive: Boolean = true
    validFrom: DateTime
    validUntil: DateTime
    maxApplications: Long
    maxApplicationsPerCustomer: Long
    cartPredicate: String
    "Free-form groups; first-order and one-per-customer carry rules (ADR 0010)."
    groups: [String!]
  }

  type CartQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    exists: Boolean!
    results: [Cart!]!
  }

  type Cart {
    id: String!
    version: Long!
    key: String
    customerId: String
    customerEmail: String
    anonymousId: String
    store: KeyReference
    storeRef: KeyReference
    cartState: String!
    lineItems: [LineItem!]!
    customLineItems: [CustomLineItem!]!
    totalLineItemQuantity: Long
    totalPrice: Money!
    taxedPrice: TaxedPrice
    taxedShippingPrice: TaxedPrice
    taxMode: TaxMode!
    taxRoundingMode: RoundingMode!
    taxCalculationMode: TaxCalculationMode!
    paymentInfo: PaymentInfo
    inventoryMode: String!
    country: Country
    shippingAddress: Address
    billingAddress: Address
    shippingInfo: ShippingInfo
    discountCodes: [DiscountCodeInfo!]!
    custom: CustomFieldsType
    createdAt: DateTime!
    lastModifiedAt: DateTime!
  }

  input ExternalTaxRateDraft {
    name: String!
    amount: Float!
    country: Country!
    state: String
    includedInPrice: Boolean
  }

  input LineItemDraft {
    sku: String
    quantity: Long
    custom: CustomFieldsDraft
    supplyChannel: ResourceIdentifierInput
    distributionChannel: ResourceIdentifierInput
  }

  input CartDraft {
    currency: Currency!
    key: String
    customerId: String
    customerEmail: String
    anonymousId: String
    country: Country
    taxMode: TaxMode
    taxRoundingMode: RoundingMode
    taxCalculationMode: TaxCalculationMode
    inventoryMode: String
    lineItems: [LineItemDraft!]
    customLineItems: [CustomLineItemDraft!]
    shippingAddress: AddressInput
    billingAddress: AddressInput
    custom: CustomFieldsDraft
  }

  input CustomLineItemDraft {
    name: [LocalizedStringItemInputType!]!
    money: BaseMoneyInput!
    slug: String!
    key: String
    quantity: Long
    externalTaxRate: ExternalTaxRateDraft
    custom: CustomFieldsDraft
    priceMode: CustomLineItemPriceMode
  }

  input AddCartCustomLineItem {
    name: [LocalizedStringItemInputType!]!
    money: BaseMoneyInput!
    slug: String!
    key: String
    quantity: Long
    externalTaxRate: ExternalTaxRateDraft
    custom: CustomFieldsDraft
    priceMode: CustomLineItemPriceMode
  }
  input RemoveCartCustomLineItem {
    customLineItemId: String
    customLineItemKey: String
  }
  input ChangeCartCustomLineItemQuantity {
    customLineItemId: String
    customLineItemKey: String
    quantity: Long!
  }
  input ChangeCartCustomLineItemMoney {
    customLineItemId: String
    customLineItemKey: String
    money: BaseMoneyInput!
  }
  input SetCartCustomLineItemCustomField {
    customLineItemId: String
    customLineItemKey: String
    name: String!
    value: String
  }
  input SetCartCustomLineItemTaxRate {
    customLineItemId: String
    customLineItemKey: String
    externalTaxRate: ExternalTaxRateDraft
  }
  input ChangeCartTaxMode {
    taxMode: TaxMode!
  }
  input ChangeCartTaxRoundingMode {
    taxRoundingMode: RoundingMode!
  }
  input ChangeCartTaxCalculationMode {
    taxCalculationMode: TaxCalculationMode!
  }
  input AddCartPayment {
    payment: ResourceIdentifierInput!
  }
  input RemoveCartPayment {
    payment: ResourceIdentifierInput!
  }

  input AddCartLineItem {
    sku: String
    quantity: Long
    custom: CustomFieldsDraft
    supplyChannel: ResourceIdentifierInput
    distributionChannel: ResourceIdentifierInput
  }
  input RecalculateCart {
    updateProductData: Boolean
  }
  input ChangeCartLineItemQuantity {
    lineItemId: String
    quantity: Long!
  }
  input RemoveCartLineItem {
    lineItemId: String
    quantity: Long
  }
  input SetCartLineItemCustomField {
    lineItemId: String
    name: String!
    value: String
  }
  input SetCartCustomerEmail {
    email: String
  }
  input SetCartCustomerId {
    customerId: String
  }
  input SetCartShippingAddress {
    address: AddressInput
  }
  input SetCartBillingAddress {
    address: AddressInput
  }
  input SetCartShippingMethod {
    shippingMethod: ResourceIdentifierInput
  }
  input SetCartLineItemTaxRate {
    lineItemId: String
    externalTaxRate: ExternalTaxRateDraft
  }
  input SetCartShippingMethodTaxRate {
    externalTaxRate: ExternalTaxRateDraft
  }
  input AddCartDiscountCode {
    code: String!
  }
  input RemoveCartDiscountCode {
    discountCode: ResourceIdentifierInput!
  }

  input CartUpdateAction {
    addLineItem: AddCartLineItem
    changeLineItemQuantity: ChangeCartLineItemQuantity
    removeLineItem: RemoveCartLineItem
    setLineItemCustomField: SetCartLineItemCustomField
    setCustomerEmail: SetCartCustomerEmail
    setCustomerId: SetCartCustomerId
    setShippingAddress: SetCartShippingAddress
    setBillingAddress: SetCartBillingAddress
    setShippingMethod: SetCartShippingMethod
    setLineItemTaxRate: SetCartLineItemTaxRate
    setShippingMethodTaxRate: SetCartShippingMethodTaxRate
    addDiscountCode: AddCartDiscountCode
    removeDiscountCode: RemoveCartDiscountCode
    setCustomField: SetCustomField
    setCustomType: SetCustomType
    recalculate: RecalculateCart
    addCustomLineItem: AddCartCustomLineItem
    removeCustomLineItem: RemoveCartCustomLineItem
    changeCustomLineItemQuantity: ChangeCartCustomLineItemQuantity
    changeCustomLineItemMoney: ChangeCartCustomLineItemMoney
    setCustomLineItemCustomField: SetCartCustomLineItemCustomField
    setCustomLineItemTaxRate: SetCartCustomLineItemTaxRate
    changeTaxMode: ChangeCartTaxMode
    changeTaxRoundingMode: ChangeCartTaxRoundingMode
    changeTaxCalculationMode: ChangeCartTaxCalculationMode
    addPayment: AddCartPayment
    removePayment: RemoveCartPayment
  }

  input MoneyInput {
    centAmount: Long!
    currencyCode: Currency!
  }
  input BaseMoneyInput {
    centPrecision: MoneyInput
  }
  input DiscountedProductPriceValueInput {
    discount: ResourceIdentifierInput
    value: BaseMoneyInput!
  }
  input ProductPriceDataInput {
    value: BaseMoneyInput!
    discounted: DiscountedProductPriceValueInput
    country: Country
  }
  input ChangeProductPrice {
    priceId: String
    sku: String
    variantId: Int
    price: ProductPriceDataInput!
    staged: Boolean
  }
  input SetProductPrices {
    sku: String
    variantId: Int
    prices: [ProductPriceDataInput!]!
    staged: Boolean
  }
  enum PublishScope {
    All
    Prices
  }
  input PublishProduct {
    scope: PublishScope
  }
  input UnpublishProduct {
    dummy: String
  }
  input ProductUpdateAction {
    changePrice: ChangeProductPrice
    setPrices: SetProductPrices
    publish: PublishProduct
    unpublish: UnpublishProduct
  }

  "As commercetools: a return item is a LineItemReturnItem (this service has no custom line item returns)."
  interface ReturnItem {
    id: String!
    type: String!
    quantity: Long!
    comment: String
    shipmentState: ReturnShipmentState!
    paymentState: ReturnPaymentState!
    createdAt: DateTime!
    lastModifiedAt: DateTime!
  }
  type LineItemReturnItem implements ReturnItem {
    id: String!
    type: String!
    lineItemId: String!
    quantity: Long!
    comment: String
    shipmentState: ReturnShipmentState!
    paymentState: ReturnPaymentState!
    createdAt: DateTime!
    lastModifiedAt: DateTime!
  }
  enum ReturnShipmentState {
    Advised
    Returned
    BackInStock
    Unusable
  }
  enum ReturnPaymentState {
    NonRefundable
    Initial
    Refunded
    NotRefunded
  }

  type ReturnInfo {
    items: [ReturnItem!]!
    returnTrackingId: String
    returnDate: DateTime
  }

  type Order {
    id: String!
    version: Long!
    orderNumber: String
    customerId: String
    customerEmail: String
    anonymousId: String
    store: KeyReference
    storeRef: KeyReference
    cartRef: Reference
    lineItems: [LineItem!]!
    customLineItems: [CustomLineItem!]!
    totalPrice: Money!
    taxedPrice: TaxedPrice
    taxedShippingPrice: TaxedPrice
    taxMode: TaxMode!
    taxRoundingMode: RoundingMode!
    taxCalculationMode: TaxCalculationMode!
    paymentInfo: PaymentInfo
    shippingAddress: Address
    billingAddress: Address
    shippingInfo: ShippingInfo
    discountCodes: [DiscountCodeInfo!]!
    orderState: OrderState!
    shipmentState: ShipmentState
    paymentState: PaymentState
    returnInfo: [ReturnInfo!]!
    custom: CustomFieldsType
    createdAt: DateTime!
    lastModifiedAt: DateTime!
  }

  type OrderQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    exists: Boolean!
    results: [Order!]!
  }

  "Only the caller numbers an order: without orderNumber the order has none (commercetools never generates one)."
  input OrderCartCommand {
    id: String
    cart: ResourceIdentifierInput
    version: Long!
    orderNumber: String
    orderState: OrderState
    paymentState: PaymentState
    shipmentState: ShipmentState
  }

  input ChangeOrderState {
    orderState: OrderState!
  }
  input ChangeOrderShipmentState {
    shipmentState: ShipmentState!
  }
  input ChangeOrderPaymentState {
    paymentState: PaymentState!
  }
  input AddOrderPayment {
    payment: ResourceIdentifierInput!
  }
  input RemoveOrderPayment {
    payment: ResourceIdentifierInput!
  }
  input ReturnItemDraftType {
    lineItemId: String
    quantity: Long!
    comment: String
    shipmentState: ReturnShipmentState!
  }
  input SetOrderReturnShipmentState {
    returnItemId: String
    shipmentState: ReturnShipmentState!
  }
  input SetOrderReturnPaymentState {
    returnItemId: String
    paymentState: ReturnPaymentState!
  }
  input AddOrderReturnInfo {
    items: [ReturnItemDraftType!]!
    returnTrackingId: String
    returnDate: DateTime
  }

  input TrackingDataDraftType {
    trackingId: String
    carrier: String
    provider: String
    providerTransaction: String
    isReturn: Boolean
  }
  input DeliveryItemDraftType {
    id: String!
    quantity: Long!
  }
  input ParcelDataDraftType {
    key: String
    trackingData: TrackingDataDraftType
    items: [DeliveryItemDraftType!]
  }
  input AddOrderDelivery {
    deliveryKey: String
    items: [DeliveryItemDraftType!]
    parcels: [ParcelDataDraftType!]
  }
  input AddOrderParcelToDelivery {
    deliveryId: String
    deliveryKey: String
    parcelKey: String
    trackingData: TrackingDataDraftType
    items: [DeliveryItemDraftType!]
  }
  input SetOrderParcelTrackingData {
    parcelId: String
    parcelKey: String
    trackingData: TrackingDataDraftType
  }

  input OrderUpdateAction {
    addDelivery: AddOrderDelivery
    addParcelToDelivery: AddOrderParcelToDelivery
    setParcelTrackingData: SetOrderParcelTrackingData
    changeOrderState: ChangeOrderState
    changeShipmentState: ChangeOrderShipmentState
    addReturnInfo: AddOrderReturnInfo
    setReturnShipmentState: SetOrderReturnShipmentState
    setReturnPaymentState: SetOrderReturnPaymentState
    setCustomField: SetCustomField
    addPayment: AddOrderPayment
    removePayment: RemoveOrderPayment
    changePaymentState: ChangeOrderPaymentState
  }

  type Channel {
    id: String!
    key: String!
    version: Long!
    roles: [String!]!
  }

  type ProductSelection {
    id: String!
    key: String
    version: Long!
    name(locale: Locale, acceptLanguage: [Locale!]): String
    mode: String!
    productCount: Int!
  }

  type ProductSelectionSetting {
    active: Boolean!
    productSelection: ProductSelection
    productSelectionRef: Reference!
  }

  type Store {
    id: String!
    key: String!
    version: Long!
    name(locale: Locale, acceptLanguage: [Locale!]): String
    "The store's assortment: products of its active selections are what storeProjection searches."
    productSelections: [ProductSelectionSetting!]!
    "The inventory the store's line items draw on."
    supplyChannels: [Channel!]!
    supplyChannelsRef: [Reference!]!
  }

  type StoreQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    results: [Store!]!
  }

  type ShippingMethod {
    id: String!
    key: String
    version: Long!
    name: String!
    localizedDescription(locale: Locale, acceptLanguage: [Locale!]): String
    isDefault: Boolean!
    active: Boolean!
    zoneRates: [ZoneRate!]!
  }

  type ShippingMethodQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    results: [ShippingMethod!]!
  }

  type CustomObject {
    id: String!
    version: Long!
    container: String!
    key: String!
    value: Json!
    createdAt: DateTime!
    lastModifiedAt: DateTime!
  }

  type CustomObjectQueryResult {
    offset: Int!
    count: Int!
    total: Long!
    results: [CustomObject!]!
  }

  input CustomObjectDraft {
    container: String!
    key: String!
    "JSON document"
    value: String!
    version: Long
  }

  "Store-scoped access, as commercetools has it (inStore(key: ...) { cart(id: ...) })."
  type InStore {
    cart(id: String!): Cart
    carts(where: String, sort: [String!], limit: Int, offset: Int): CartQueryResult!
    customerActiveCart(customerId: String!): Cart
    order(id: String, orderNumber: String): Order
    "where must name customerId, orderNumber (with =) or cart(id = ...); sort by createdAt or lastModifiedAt."
    orders(where: String, sort: [String!], limit: Int, offset: Int): OrderQueryResult!
  }

  type Query {
    inStore(key: KeyReferenceInput!): InStore!
    customer(id: String, key: String, storeKey: KeyReferenceInput): Customer
    customers(
      where: String
      sort: [String!]
      limit: Int
      offset: Int
      storeKey: KeyReferenceInput
    ): CustomerQueryResult!
    category(id: String, key: String): Category
    categories(where: String, sort: [String!], limit: Int, offset: Int): CategoryQueryResult!
    product(id: String, key: String, sku: String): Product
    productProjectionSearch(
      locale: Locale
      text: String
      "Typo tolerance: a word of five letters or more also matches words one edit away (when it matches none as it is)."
      fuzzy: Boolean
      filters: [SearchFilterInput!]
      queryFilters: [SearchFilterInput!]
      facetFilters: [SearchFilterInput!]
      facets: [SearchFacetInput!]
      sorts: [String!]
      limit: Int
      offset: Int
      markMatchingVariants: Boolean
      storeProjection: String
      staged: Boolean
    ): ProductProjectionSearchResult!
    inventoryEntries(where: String, sort: [String!], limit: Int, offset: Int): InventoryEntryQueryResult!
    cart(id: String!): Cart
    "where must name id, key, customerId or anonymousId with =; sort by lastModifiedAt or createdAt."
    carts(where: String, sort: [String!], limit: Int, offset: Int): CartQueryResult!
    "The customer's most recently modified active cart, in any store (inStore scopes it to one)."
    customerActiveCart(customerId: String!): Cart
    "Any store's order; inStore(key) { order } scopes it to one store, as commercetools does."
    order(id: String, orderNumber: String): Order
    discountCode(id: String, key: String): DiscountCode
    "where must name customerId, orderNumber (with =) or cart(id = ...); sort by createdAt or lastModifiedAt."
    orders(where: String, sort: [String!], limit: Int, offset: Int): OrderQueryResult!
    payment(id: String, key: String): Payment
    store(id: String, key: String): Store
    productSelection(id: String, key: String): ProductSelection
    stores(where: String, sort: [String!], limit: Int, offset: Int): StoreQueryResult!
    shippingMethods(where: String, sort: [String!], limit: Int, offset: Int): ShippingMethodQueryResult!
    shippingMethodsByCart(id: String!): [ShippingMethod!]!
    customObject(container: String!, key: String!): CustomObject
    customObjects(container: String!, where: String, sort: [String!], limit: Int, offset: Int): CustomObjectQueryResult!
  }

  type Mutation {
    customerSignUp(draft: CustomerSignUpDraft!, storeKey: KeyReferenceInput): CustomerSignInResult!
    customerCreatePasswordResetToken(
      email: String!
      ttlMinutes: Int
      storeKey: KeyReferenceInput
    ): CustomerPasswordToken
    customerResetPassword(
      tokenValue: String!
      newPassword: String!
      version: Long
      storeKey: KeyReferenceInput
    ): Customer
    "Changes the password when currentPassword matches (400 InvalidCurrentPassword otherwise); version as for updates."
    customerChangePassword(
      id: String!
      version: Long!
      currentPassword: String!
      newPassword: String!
      storeKey: KeyReferenceInput
    ): Customer
    updateCustomer(
      id: String
      key: String
      version: Long!
      actions: [CustomerUpdateAction!]!
      storeKey: KeyReferenceInput
    ): Customer
    createCart(draft: CartDraft!, storeKey: KeyReferenceInput): Cart!
    updateCart(id: String!, version: Long!, actions: [CartUpdateAction!]!, storeKey: KeyReferenceInput): Cart
    deleteCart(id: String!, version: Long!, storeKey: KeyReferenceInput): Cart
    updateProduct(id: String, key: String, version: Long!, actions: [ProductUpdateAction!]!): Product
    createOrderFromCart(draft: OrderCartCommand!, storeKey: KeyReferenceInput): Order
    createDiscountCode(draft: DiscountCodeDraft!): DiscountCode
    updateOrder(
      id: String
      orderNumber: String
      version: Long!
      actions: [OrderUpdateAction!]!
      storeKey: KeyReferenceInput
    ): Order
    createPayment(draft: PaymentDraft!): Payment
    updatePayment(id: String, key: String, version: Long!, actions: [PaymentUpdateAction!]!): Payment
    createOrUpdateCustomObject(draft: CustomObjectDraft!): CustomObject
    deleteCustomObject(container: String!, key: String!, version: Long): CustomObject
  }
`;

export const schema = buildSchema(SDL);
