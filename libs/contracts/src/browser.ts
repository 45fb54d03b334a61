// Entry for browser bundles: constants and types only, so zod never reaches the shopper.
export * from './tracking-events';
export { CORRELATION_HEADER } from './constants';
export { REMOTE_NAMES } from './remote-names';
export { SHELL_REMOTE_MODULES } from './shell-remote-modules';
export type { ErrorBody } from './errors';
export type { RemoteEntry, RemoteRegistry } from './remotes';
export type { RemoteName } from './remote-names';
export type { ShellRemoteModule } from './shell-remote-modules';
export { fontFaceRules, fontFileUrl, heroArt, themeCustomProperties } from './theme-tokens';
export type {
  BrandFontFace,
  BrandId,
  BrandPublicConfig,
  FlagValue,
  FlagValues,
  NavLink,
  Routing,
  ShellBootConfig,
  Theme,
} from './brand';
export type { TrackingRecord } from './tracking';
export type { SessionUser } from './session';
export { FILTER_NAMES, SORTS, PAGE_SIZE, MAX_PAGE_SIZE, QUICK_SEARCH_SIZE } from './catalog-constants';
export type {
  FilterName,
  Sort,
  ProductQuery,
  ProductSummary,
  ProductSwatch,
  Facet,
  FacetValue,
  CategoryNode,
  ProductListResponse,
  ProductDetail,
  VariantDetail,
  SuggestResponse,
  Money,
} from './catalog';
export { ARTICLE_PAGE_SIZE, CUSTOMER_SERVICE_TOPICS, SNIPPET_PATHS } from './content-constants';
export type {
  Article,
  ArticleDocument,
  ArticleListDocument,
  ArticleQuery,
  ArticleSummary,
  ChromeContent,
  ContentDocument,
  CustomerServiceTopic,
  EmailContent,
  EmailDocument,
  FooterContent,
  FooterDocument,
  HomeContent,
  HomeDocument,
  NavContent,
  NavDocument,
  PageDocument,
  PageSection,
  SnippetPath,
  SnippetsContent,
  SnippetsDocument,
} from './content';
export { FINDER_PLACEHOLDERS, SIZE_UNITS } from './size-guide-constants';
export type { SizeUnit } from './size-guide-constants';
export type {
  FitFinder,
  FitFinderDocument,
  FitFinderEntry,
  FitInput,
  FitShopLink,
  SizeCell,
  SizeColumn,
  SizeGuide,
  SizeGuideDocument,
  SizeGuideListDocument,
  SizeGuideSummary,
  SizeRange,
  SizeTable,
} from './size-guides';
export { DEFAULT_STORE_RADIUS, STORE_MAP_SIZE, STORE_RADII, STORE_WEEKDAYS } from './stores-constants';
export type {
  MapPoint,
  OpeningHours,
  StoreQuery,
  StoreRadius,
  StoreSearchOrigin,
  StoreSearchResponse,
  StoreSummary,
  Weekday,
} from './stores';
export {
  EMAIL_SIGNUP_COOKIE,
  EMAIL_SIGNUP_COOKIE_DAYS,
  EMAIL_SIGNUP_MODAL_DELAY_MS,
  EMAIL_SIGNUP_PLACEMENTS,
  WELCOME_CODE_PATTERN,
  WELCOME_CODE_VALID_DAYS,
} from './leads-constants';
export type { LeadRequest, LeadResponse } from './leads';
export {
  CONTACT_COUNTRIES,
  CONTACT_COUNTRY_LABELS,
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_TOPICS,
  CONTACT_TOPIC_LABELS,
  OPTIONAL_CONTACT_FIELDS,
  contactFieldProblem,
  normaliseContactValue,
} from './contact-rules';
export type { ContactCountry, ContactField, ContactFieldErrors, ContactResponse, ContactTopic } from './contact-rules';
export type { ContactRequest } from './contact';
export { TEXT_PROBLEM_MESSAGES, hasControlCharacter, hasLoneSurrogate, normaliseText, textProblem } from './text-rules';
export type { TextOptions, TextProblem } from './text-rules';
export {
  CART_ERROR_CODES,
  CART_TEMPLATE_QUERY,
  GUEST_CART_ASSIGNMENT_MODE,
  MAX_LINE_QUANTITY,
  MIN_LINE_QUANTITY,
  isLineQuantity,
} from './cart-rules';
export type {
  AddDiscountCodeRequest,
  AddLineItemRequest,
  AddToBagRequest,
  CartDiscountCode,
  CartErrorBody,
  CartLine,
  CartPriceChange,
  CartResponse,
  ChangeLineItemRequest,
  CreateCartRequest,
  CreateCartResponse,
  PreviousBag,
} from './cart';
export {
  CARD_FIELD_MESSAGES,
  CHECKOUT_COUNTRIES,
  CONFIRMATION_REFRESH_MINUTES,
  DEFAULT_SHIPPING_METHOD_PREFIX,
  FRAUD_SDK,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  LOYALTY_CONFIRMATION_DELAY_MS,
  ORDER_NUMBER_DIGITS,
  ORDER_NUMBER_FORMAT,
  TAX_SETTINGS,
  US_STATES,
} from './checkout-rules';
export type { UsState } from './checkout-rules';
export type {
  AddressVerificationError,
  CardSummary,
  CheckoutAddress,
  CheckoutDetails,
  CheckoutResponse,
  CheckoutStep,
  CheckoutTotals,
  CheckoutUpdateRequest,
  CustomerEmailRequest,
  LoyaltyRedemptionRequest,
  OrderConfirmation,
  OrderErrorBody,
  OrderLine,
  PlaceOrderRequest,
  ShippingMethodOption,
} from './checkout';
export {
  RETURN_WINDOW_DAYS,
  RETURN_DONATION_THRESHOLD_CENTS,
  RETURN_FAST_REFUND_THRESHOLD_CENTS,
  RETURN_REASONS,
  RETURN_REASON_LABELS,
  refundCents,
  refundSpeed,
  returnableQuantity,
} from './returns-rules';
export type { ReturnReason, RefundSpeed, ReturnEligibility, ReturnEligibilityCode } from './returns-rules';
export type { CreateReturnRequest, ReturnLine, ReturnRecord, ReturnsView } from './returns';
export { PASSWORD_MIN, PASSWORD_MAX, PASSWORD_RULES, passwordLengthOk } from './account-rules';
export type { PasswordRule } from './account-rules';
export type {
  AddressWriteRequest,
  EmailChangeRequest,
  PasswordChangeRequest,
  ProfileResponse,
  ProfileUpdateRequest,
  SavedAddress,
  VersionConflictBody,
} from './account';
export {
  ID_VERIFICATION_GROUPS,
  ID_VERIFICATION_GROUP_LABELS,
  ID_VERIFICATION_CALLBACK_PATH,
  ID_VERIFICATION_START_PATH,
  ID_VERIFICATION_RESULT_PARAM,
  ID_VERIFICATION_CODE_PREFIX,
  ID_VERIFICATION_PERCENT_OFF,
} from './id-verification-constants';
export type { IdVerificationGroup, IdVerificationStatus } from './id-verification-constants';
export { ORDER_HISTORY_MAX_OFFSET, ORDER_HISTORY_PAGE_SIZE } from './orders-rules';
export type {
  OrderDetail,
  OrderDetailLine,
  OrderHistoryPage,
  OrderLookupRequest,
  OrderShipment,
  OrderStatus,
  OrderSummary,
} from './orders';
export { CONSENT_CATEGORIES, DEFAULT_CONSENT } from './privacy-constants';
export type { ConsentCategory, ConsentSource, PrivacyPreferences, PrivacyPreferencesRequest } from './privacy';
export { LOYALTY_HISTORY_LINES } from './loyalty';
export type {
  LoyaltyHistoryKind,
  LoyaltyHistoryLine,
  LoyaltyJoinResponse,
  LoyaltyMemberView,
  LoyaltyProgramme,
  LoyaltyResponse,
} from './loyalty';
export { buildRouteTable, isBrowsingPage, isServerRendered, matchRoute } from './route-table';
export type { RouteEntry, RouteMatch } from './route-table';
export { EARLY_INPUT_GLOBAL } from './early-input';
