/**
 * Every GraphQL document the gateway sends to commercetools, in one dependency-free file so the
 * tests can read them all: `ctp-documents.test.ts` validates each against commercetools'
 * published schema, and the commerce service checks each against its cost limits.
 */

// Catalog ---------------------------------------------------------------------------------------

/** The brand's root category: its key is the store's key (see docs/adr/0010). */
export const ROOT_CATEGORY = `query RootCategory($key: String) { category(key: $key) { id } }`;

/** The categories below a root: `where` is `ancestors(id="...")`. */
export const BRAND_CATEGORIES = `query BrandCategories($where: String) {
  categories(where: $where, limit: 500) { results { id key slug(locale: "en-US") name(locale: "en-US") orderHint parentRef { id } } } }`;

/**
 * What a product card needs: the master variant's image and style; every variant's sku, price and
 * the attributes a listing filters by (its colours, its price range, and the variant a filtered
 * listing links to).
 */
export const PRODUCT_CARD_FIELDS = `key name(locale: "en-US") categoriesRef { id }
  masterVariant { images { url label } attributesRaw(includeNames: ["masterStyle"]) { name value } }
  allVariants { sku attributesRaw(includeNames: ["color", "colorFamily", "size", "bandSize", "cupSize", "bust", "waist", "length"]) { name value } price(currency: "USD") { value { centAmount } discounted { value { centAmount } } } }`;

const FACET_FIELDS = `facets { facet value { ... on TermsFacetResult { terms { term count productCount } } } }`;
const LISTING_SCOPE = `storeProjection: $store, text: $text, fuzzy: $fuzzy, queryFilters: $queryFilters`;
const LISTING_VARIABLES = `$store: String, $text: String, $fuzzy: Boolean, $queryFilters: [SearchFilterInput!], $filters: [SearchFilterInput!], $facets: [SearchFacetInput!], $sorts: [String!], $limit: Int, $offset: Int`;

/**
 * A listing in one request: the page with every filter and the facets of the unselected
 * attributes (`main`), plus one facet search per selected attribute without its own filter
 * (`own0`, `own1`, ...), so its other values stay visible to multi-select.
 */
export function productListingDocument(ownFacets: number): string {
  const own = Array.from({ length: ownFacets }, (_, i) => i);
  const variables = own.map((i) => `, $f${i}: [SearchFilterInput!], $facet${i}: [SearchFacetInput!]`).join('');
  const searches = own
    .map(
      (i) =>
        `own${i}: productProjectionSearch(${LISTING_SCOPE}, facetFilters: $f${i}, facets: $facet${i}, limit: 0) { ${FACET_FIELDS} }`,
    )
    .join('\n  ');
  return `query ProductListing(${LISTING_VARIABLES}${variables}) {
  main: productProjectionSearch(${LISTING_SCOPE}, filters: $filters, facetFilters: $filters, facets: $facets, sorts: $sorts, limit: $limit, offset: $offset) {
    total results { ${PRODUCT_CARD_FIELDS} } ${FACET_FIELDS} }
  ${searches}
}`;
}

/**
 * The same product in the staged projections, which also hold products withdrawn from sale
 * (unpublished): whether one the current projections lack was sold here once.
 */
export const PRODUCT_WITHDRAWN = `query ProductWithdrawn($store: String, $filters: [SearchFilterInput!]) {
  productProjectionSearch(storeProjection: $store, filters: $filters, staged: true, limit: 1) { results { published } } }`;

/** A product by key, for a back-office change: its version, whether it is on sale, and its skus. */
export const PRODUCT_FOR_CHANGE = `query ProductForChange($key: String!) {
  product(key: $key) { id version masterData { published current { allVariants { sku } } } } }`;

/** Withdraws a product from sale (unpublish) or puts it back (publish), at the version read. */
export const SET_PRODUCT_PUBLISHED = `mutation SetProductPublished($id: String!, $version: Long!, $actions: [ProductUpdateAction!]!) {
  updateProduct(id: $id, version: $version, actions: $actions) { version masterData { published } } }`;

/**
 * One product of the store's assortment, found by a filter (`variants.sku:"..."` or
 * `key:"..."`): a search with storeProjection, so a product another brand sells is not found.
 */
export const PRODUCT_DETAIL = `query ProductDetail($store: String, $filters: [SearchFilterInput!]) {
  productProjectionSearch(storeProjection: $store, filters: $filters, limit: 1) { results {
    key name(locale: "en-US") description(locale: "en-US") categoriesRef { id }
    masterVariant { attributesRaw(includeNames: ["masterStyle", "retailerLinks"]) { name value } }
    allVariants { sku attributesRaw(excludeNames: ["retailerLinks"]) { name value } price(currency: "USD") { value { centAmount } discounted { value { centAmount } } }
      images { url label } availability { noChannel { isOnStock availableQuantity } } } } } }`;

export const SUGGEST = `query Suggest($store: String, $text: String, $fuzzy: Boolean) {
  productProjectionSearch(storeProjection: $store, text: $text, fuzzy: $fuzzy, limit: 5, sorts: ["score desc"]) { results { ${PRODUCT_CARD_FIELDS} } } }`;

/**
 * The pictures of some variants (one per colour, for a listing's swatches): a search for the
 * skus, only the matching variants. Listings leave variant images out, as every size repeats its
 * colour's pictures.
 */
export const VARIANT_IMAGES = `query VariantImages($store: String, $filters: [SearchFilterInput!], $limit: Int) {
  productProjectionSearch(storeProjection: $store, filters: $filters, markMatchingVariants: true, limit: $limit) { results {
    allVariants(onlyMatching: true) { sku images { url label } } } } }`;

// Customers -------------------------------------------------------------------------------------

export const FIND_CUSTOMER = `query FindCustomer($where: String) { customers(where: $where, limit: 1) { results { id email firstName lastName } } }`;

export const LEGACY_CUSTOMER = `query LegacyCustomer($where: String) {
  customers(where: $where, limit: 1) { results { id custom { customFieldsRaw(includeNames: ["legacyHash"]) { name value } } } } }`;

export const SIGN_UP = `mutation SignUp($draft: CustomerSignUpDraft!, $storeKey: KeyReferenceInput) {
  customerSignUp(draft: $draft, storeKey: $storeKey) { customer { id email firstName lastName createdAt version } } }`;

/** How long a password reset link works (the mail says so). */
export const PASSWORD_RESET_VALID_MINUTES = 10;
export const CREATE_RESET_TOKEN = `mutation CreateResetToken($email: String!, $storeKey: KeyReferenceInput) {
  customerCreatePasswordResetToken(email: $email, ttlMinutes: ${PASSWORD_RESET_VALID_MINUTES}, storeKey: $storeKey) { value } }`;

export const RESET_PASSWORD = `mutation ResetPassword($tokenValue: String!, $newPassword: String!, $storeKey: KeyReferenceInput) {
  customerResetPassword(tokenValue: $tokenValue, newPassword: $newPassword, storeKey: $storeKey) { id } }`;

// The signed-in customer's profile: names, e-mail, addresses and the marketing opt-in field.
const PROFILE_FIELDS = `id version email firstName lastName
  addresses { id firstName lastName streetName additionalStreetInfo city state postalCode country phone }
  custom { customFieldsRaw(includeNames: ["marketingOptIn"]) { name value } }`;

export const CUSTOMER_PROFILE = `query CustomerProfile($where: String) {
  customers(where: $where, limit: 1) { results { ${PROFILE_FIELDS} } } }`;

export const UPDATE_CUSTOMER = `mutation UpdateCustomer($storeKey: KeyReferenceInput, $id: String!, $version: Long!, $actions: [CustomerUpdateAction!]!) {
  updateCustomer(id: $id, version: $version, actions: $actions, storeKey: $storeKey) { ${PROFILE_FIELDS} } }`;

export const CHANGE_PASSWORD = `mutation ChangePassword($storeKey: KeyReferenceInput, $id: String!, $version: Long!, $currentPassword: String!, $newPassword: String!) {
  customerChangePassword(id: $id, version: $version, currentPassword: $currentPassword, newPassword: $newPassword, storeKey: $storeKey) { ${PROFILE_FIELDS} } }`;

// Carts -----------------------------------------------------------------------------------------

export const ANONYMOUS_CART = `query AnonymousCart($id: String!, $storeKey: KeyReferenceInput!) {
  inStore(key: $storeKey) { cart(id: $id) { id version customerId anonymousId cartState } } }`;

export const TAKE_CART = `mutation TakeCart($id: String!, $version: Long!, $actions: [CartUpdateAction!]!) { updateCart(id: $id, version: $version, actions: $actions) { id } }`;

/** The attributes a shopper chooses between, shown on a bag line. */
export const LINE_OPTION_NAMES = ['color', 'bandSize', 'cupSize', 'size', 'waist', 'length', 'bust'];

/**
 * A cart as the bag shows it: lines with the price each was added at (a line keeps it until the
 * cart is recalculated), its discount per unit and per cart discount, and the codes with their
 * state (commercetools DiscountCodeState).
 */
const LINE_FIELDS = `id productKey name(locale: "en-US") quantity supplyChannel { key }
    variant { sku attributesRaw(includeNames: ${JSON.stringify(LINE_OPTION_NAMES)}) { name value } images { url label } }
    price { value { centAmount } discounted { value { centAmount } } } totalPrice { centAmount }
    discountedPricePerQuantity { quantity discountedPrice { value { centAmount } includedDiscounts { discountRef { id } discountedAmount { centAmount } } } }`;
const CODE_FIELDS = `state discountCodeRef { id } discountCode { code name(locale: "en-US") cartDiscounts { id name(locale: "en-US") } }`;
const CART_FIELDS = `id version customerId anonymousId cartState totalPrice { centAmount }
  lineItems { ${LINE_FIELDS} }
  discountCodes { ${CODE_FIELDS} }
  custom { type { key } appliedWrites: customFieldsRaw(includeNames: ["appliedWrites"]) { name value } }`;

export const CART_BY_ID = `query CartById($storeKey: KeyReferenceInput!, $id: String!) {
  inStore(key: $storeKey) { cart(id: $id) { ${CART_FIELDS} } } }`;

/** The customer's active cart in the store: the most recently modified one. */
export const ACTIVE_CUSTOMER_CART = `query ActiveCustomerCart($storeKey: KeyReferenceInput!, $customerId: String!) {
  inStore(key: $storeKey) { customerActiveCart(customerId: $customerId) { ${CART_FIELDS} } } }`;

/** The newest of the store's carts matching a predicate: a guest's active cart, a cart by key, an older bag. */
export const FIND_CART = `query FindCart($storeKey: KeyReferenceInput!, $where: String) {
  inStore(key: $storeKey) { carts(where: $where, sort: ["lastModifiedAt desc"], limit: 1) { results { ${CART_FIELDS} } } } }`;

export const CREATE_CART = `mutation CreateCart($storeKey: KeyReferenceInput, $draft: CartDraft!) {
  createCart(draft: $draft, storeKey: $storeKey) { ${CART_FIELDS} } }`;

export const UPDATE_CART = `mutation UpdateCart($storeKey: KeyReferenceInput, $id: String!, $version: Long!, $actions: [CartUpdateAction!]!) {
  updateCart(id: $id, version: $version, actions: $actions, storeKey: $storeKey) { ${CART_FIELDS} } }`;

export const DELETE_CART = `mutation DeleteCart($storeKey: KeyReferenceInput, $id: String!, $version: Long!) {
  deleteCart(id: $id, version: $version, storeKey: $storeKey) { id } }`;

/** The store's inventories (supply channels): a line names one by key. */
export const STORE_CHANNELS = `query StoreChannels($key: String) { store(key: $key) { supplyChannels { key } } }`;

/**
 * The current price and stock of the variants in a bag, what their product pages need (name,
 * category, style) and the tax category the tax quote names: one search over the store's
 * assortment, only the matching variants.
 */
const BAG_VARIANTS_SEARCH = `productProjectionSearch(storeProjection: $store, filters: $filters, markMatchingVariants: true, limit: $limit) { results {
    key name(locale: "en-US") categoriesRef { id } taxCategory { key }
    masterVariant { attributesRaw(includeNames: ["masterStyle"]) { name value } }
    allVariants(onlyMatching: true) { sku price(currency: "USD") { value { centAmount } discounted { value { centAmount } } }
      availability { noChannel { availableQuantity } } } } }`;
export const BAG_VARIANTS = `query BagVariants($store: String, $filters: [SearchFilterInput!], $limit: Int) {
  ${BAG_VARIANTS_SEARCH} }`;

/**
 * A bag write's one read: a guest's active cart (FindCart's lookup) and, in the same request,
 * the current price and stock of the skus it is expected to hold and of the sku being added.
 */
export const BAG_WITH_VARIANTS = `query BagWithVariants($storeKey: KeyReferenceInput!, $where: String, $store: String, $filters: [SearchFilterInput!], $limit: Int) {
  inStore(key: $storeKey) { carts(where: $where, sort: ["lastModifiedAt desc"], limit: 1) { results { ${CART_FIELDS} } } }
  ${BAG_VARIANTS_SEARCH} }`;

/** The same for a customer's active cart. */
export const CUSTOMER_BAG_WITH_VARIANTS = `query CustomerBagWithVariants($storeKey: KeyReferenceInput!, $customerId: String!, $store: String, $filters: [SearchFilterInput!], $limit: Int) {
  inStore(key: $storeKey) { customerActiveCart(customerId: $customerId) { ${CART_FIELDS} } }
  ${BAG_VARIANTS_SEARCH} }`;

/** A cart template (custom object `cart-templates/{store}-{template}`): `{ name, lines: [{ sku, quantity }] }`. */
export const CART_TEMPLATE = `query CartTemplate($key: String!) {
  customObject(container: "cart-templates", key: $key) { value } }`;

// Discount codes --------------------------------------------------------------------------------

const DISCOUNT_CODE_FIELDS = 'id code key validFrom validUntil';

/** Discount codes belong to no store (codes and keys are project-wide); the cart discount names the store. */
export const CREATE_DISCOUNT_CODE = `mutation CreateDiscountCode($draft: DiscountCodeDraft!) {
  createDiscountCode(draft: $draft) { ${DISCOUNT_CODE_FIELDS} } }`;

export const DISCOUNT_CODE_BY_KEY = `query DiscountCodeByKey($key: String!) {
  discountCode(key: $key) { ${DISCOUNT_CODE_FIELDS} } }`;

// Checkout --------------------------------------------------------------------------------------

const ADDRESS_FIELDS = 'firstName lastName streetName additionalStreetInfo city state postalCode country phone';
const TAX_RATE_FIELDS = 'name amount state';
const SHIPPING_INFO_FIELDS = `shippingMethodName price { centAmount }
  shippingRate { price { centAmount } freeAbove { centAmount } } taxRate { ${TAX_RATE_FIELDS} }
  shippingMethod { key localizedDescription(locale: "en-US") }`;
const CUSTOM_LINE_FIELDS = `id name(locale: "en-US") slug quantity money { centAmount } totalPrice { centAmount }
  taxRate { ${TAX_RATE_FIELDS} } taxedPrice { totalTax { centAmount } }`;
const TAXED_PRICE_FIELDS = 'totalNet { centAmount } totalGross { centAmount } totalTax { centAmount }';
const CUSTOM_FIELDS = 'custom { customFieldsRaw { name value } }';

/**
 * A cart as checkout reads it: the bag, plus the addresses, e-mail, shipping, each line's
 * external tax rate, the custom lines (a loyalty redemption), the taxed totals, the `order-b2c`
 * custom fields and the payments.
 */
const CHECKOUT_CART_FIELDS = `${CART_FIELDS} key customerEmail taxMode taxRoundingMode taxCalculationMode
  lineItems { id taxRate { ${TAX_RATE_FIELDS} } }
  shippingAddress { ${ADDRESS_FIELDS} } billingAddress { ${ADDRESS_FIELDS} }
  shippingInfo { ${SHIPPING_INFO_FIELDS} }
  customLineItems { ${CUSTOM_LINE_FIELDS} }
  taxedPrice { ${TAXED_PRICE_FIELDS} }
  ${CUSTOM_FIELDS}
  paymentInfo { payments { id } }`;

export const CHECKOUT_CART_BY_ID = `query CheckoutCartById($storeKey: KeyReferenceInput!, $id: String!) {
  inStore(key: $storeKey) { cart(id: $id) { ${CHECKOUT_CART_FIELDS} } } }`;

export const CHECKOUT_CUSTOMER_CART = `query CheckoutCustomerCart($storeKey: KeyReferenceInput!, $customerId: String!) {
  inStore(key: $storeKey) { customerActiveCart(customerId: $customerId) { ${CHECKOUT_CART_FIELDS} } } }`;

export const CHECKOUT_FIND_CART = `query CheckoutFindCart($storeKey: KeyReferenceInput!, $where: String) {
  inStore(key: $storeKey) { carts(where: $where, sort: ["lastModifiedAt desc"], limit: 1) { results { ${CHECKOUT_CART_FIELDS} } } } }`;

export const UPDATE_CHECKOUT_CART = `mutation UpdateCheckoutCart($storeKey: KeyReferenceInput, $id: String!, $version: Long!, $actions: [CartUpdateAction!]!) {
  updateCart(id: $id, version: $version, actions: $actions, storeKey: $storeKey) { ${CHECKOUT_CART_FIELDS} } }`;

/**
 * A page of 20 shipping methods with their zone rates (pages are read until one comes back short;
 * the page size keeps the query's cost low); a store's are keyed `{store}-...` (docs/adr/0014).
 */
export const SHIPPING_METHODS = `query ShippingMethods($offset: Int) {
  shippingMethods(limit: 20, offset: $offset, sort: ["key asc"]) { results { key name localizedDescription(locale: "en-US") isDefault active
    zoneRates { zone { key locations { country state } } shippingRates { price { centAmount } freeAbove { centAmount } } } } } }`;

// Payments and orders ---------------------------------------------------------------------------

const PAYMENT_FIELDS = `id version key interfaceId amountPlanned { centAmount } paymentMethodInfo { method }
  transactions { id type state interactionId timestamp amount { centAmount } } ${CUSTOM_FIELDS}`;

export const CREATE_PAYMENT = `mutation CreatePayment($draft: PaymentDraft!) { createPayment(draft: $draft) { ${PAYMENT_FIELDS} } }`;

export const PAYMENT_BY_KEY = `query PaymentByKey($key: String!) { payment(key: $key) { ${PAYMENT_FIELDS} } }`;

export const UPDATE_PAYMENT = `mutation UpdatePayment($id: String!, $version: Long!, $actions: [PaymentUpdateAction!]!) {
  updatePayment(id: $id, version: $version, actions: $actions) { ${PAYMENT_FIELDS} } }`;

const ORDER_FIELDS = `id version orderNumber customerId anonymousId customerEmail createdAt orderState shipmentState paymentState
  totalPrice { centAmount } taxedPrice { ${TAXED_PRICE_FIELDS} }
  lineItems { ${LINE_FIELDS} } customLineItems { ${CUSTOM_LINE_FIELDS} } discountCodes { ${CODE_FIELDS} }
  shippingAddress { ${ADDRESS_FIELDS} } billingAddress { ${ADDRESS_FIELDS} } shippingInfo { ${SHIPPING_INFO_FIELDS}
    deliveries { id key createdAt items { id quantity }
      parcels { id key createdAt trackingData { trackingId carrier provider isReturn } } } }
  custom { type { key } customFieldsRaw { name value } } paymentInfo { payments { ${PAYMENT_FIELDS} } }
  returnInfo { returnTrackingId returnDate items { id quantity comment shipmentState paymentState createdAt
    ... on LineItemReturnItem { lineItemId } } }`;

/** The order number is the caller's (commercetools never makes one). */
export const CREATE_ORDER_FROM_CART = `mutation CreateOrderFromCart($storeKey: KeyReferenceInput, $draft: OrderCartCommand!) {
  createOrderFromCart(draft: $draft, storeKey: $storeKey) { ${ORDER_FIELDS} } }`;

export const ORDER_BY_NUMBER = `query OrderByNumber($storeKey: KeyReferenceInput!, $orderNumber: String!) {
  inStore(key: $storeKey) { order(orderNumber: $orderNumber) { ${ORDER_FIELDS} } } }`;

/** A page of a customer's orders in a store, newest first: what a history row shows of each. */
export const CUSTOMER_ORDERS = `query CustomerOrders($storeKey: KeyReferenceInput!, $where: String, $limit: Int, $offset: Int) {
  inStore(key: $storeKey) { orders(where: $where, sort: ["createdAt desc"], limit: $limit, offset: $offset) {
    total results { id orderNumber createdAt orderState shipmentState
      totalPrice { centAmount } taxedPrice { totalGross { centAmount } } lineItems { quantity }
      ${CUSTOM_FIELDS} paymentInfo { payments { ${CUSTOM_FIELDS} } } } } } }`;

export const UPDATE_ORDER = `mutation UpdateOrder($storeKey: KeyReferenceInput, $id: String!, $version: Long!, $actions: [OrderUpdateAction!]!) {
  updateOrder(id: $id, version: $version, actions: $actions, storeKey: $storeKey) { ${ORDER_FIELDS} } }`;

/** A custom object with its version (for a write that must not overwrite another's). */
export const CUSTOM_OBJECT = `query CustomObject($container: String!, $key: String!) {
  customObject(container: $container, key: $key) { version value } }`;

/** Creates it, or (with `version`) updates it at that version. */
export const PUT_CUSTOM_OBJECT = `mutation PutCustomObject($draft: CustomObjectDraft!) {
  createOrUpdateCustomObject(draft: $draft) { version value } }`;

// Identity verification -------------------------------------------------------------------------

/** The customer's verified group and when (custom fields of customer-b2c), with the version to update at. */
/** Named custom fields of a customer (customer-b2c), with the version to change them at. */
export const CUSTOMER_FIELDS = `query CustomerFields($id: String!, $names: [String!]) {
  customer(id: $id) { id version custom { customFieldsRaw(includeNames: $names) { name value } } } }`;

export const SET_CUSTOMER_FIELDS = `mutation SetCustomerFields($id: String!, $version: Long!, $actions: [CustomerUpdateAction!]!) {
  updateCustomer(id: $id, version: $version, actions: $actions) { id version } }`;

/** Every document, the listing at its largest (one facet search per facetable filter). */
export function allDocuments(maxOwnFacets: number): Array<{ name: string; text: string }> {
  const texts = [
    ROOT_CATEGORY,
    BRAND_CATEGORIES,
    productListingDocument(maxOwnFacets),
    PRODUCT_DETAIL,
    PRODUCT_WITHDRAWN,
    PRODUCT_FOR_CHANGE,
    SET_PRODUCT_PUBLISHED,
    SUGGEST,
    VARIANT_IMAGES,
    FIND_CUSTOMER,
    LEGACY_CUSTOMER,
    SIGN_UP,
    CREATE_RESET_TOKEN,
    RESET_PASSWORD,
    CUSTOMER_PROFILE,
    UPDATE_CUSTOMER,
    CHANGE_PASSWORD,
    ANONYMOUS_CART,
    TAKE_CART,
    CART_BY_ID,
    ACTIVE_CUSTOMER_CART,
    FIND_CART,
    CREATE_CART,
    UPDATE_CART,
    DELETE_CART,
    STORE_CHANNELS,
    BAG_VARIANTS,
    BAG_WITH_VARIANTS,
    CUSTOMER_BAG_WITH_VARIANTS,
    CART_TEMPLATE,
    CREATE_DISCOUNT_CODE,
    DISCOUNT_CODE_BY_KEY,
    CHECKOUT_CART_BY_ID,
    CHECKOUT_CUSTOMER_CART,
    CHECKOUT_FIND_CART,
    UPDATE_CHECKOUT_CART,
    SHIPPING_METHODS,
    CREATE_PAYMENT,
    PAYMENT_BY_KEY,
    UPDATE_PAYMENT,
    CREATE_ORDER_FROM_CART,
    ORDER_BY_NUMBER,
    CUSTOMER_ORDERS,
    UPDATE_ORDER,
    CUSTOM_OBJECT,
    PUT_CUSTOM_OBJECT,
    CUSTOMER_FIELDS,
    SET_CUSTOMER_FIELDS,
  ];
  return texts.map((text) => ({ name: /^\s*(?:query|mutation)\s+(\w+)/.exec(text)?.[1] ?? '?', text }));
}
