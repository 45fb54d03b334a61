/**
 * Checkout constants (SPEC §9). Plain values only: the browser imports them through
 * `@shop/contracts/browser`.
 */

/** SPEC §9 "Countries US": the only country the shop ships to and bills in. */
export const CHECKOUT_COUNTRIES = ['US'] as const;

/** The US states, the District of Columbia and the territories US mail reaches, by postal code. */
export const US_STATES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  PR: 'Puerto Rico',
  GU: 'Guam',
  VI: 'U.S. Virgin Islands',
  AS: 'American Samoa',
  MP: 'Northern Mariana Islands',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
} as const;
export type UsState = keyof typeof US_STATES;

/**
 * The gateway's order numbers: the brand's two-letter prefix (`orderNumberPrefix` in its config:
 * VF, EW, RA, HC) and 10 random digits (crypto random; a clash with an existing number is
 * retried), so a number reveals neither the order count nor a neighbour's number; the gateway
 * assigns them, commercetools never does. They match the contact form's `ORDER_NUMBER_PATTERN`
 * (contact-rules.ts).
 */
export const ORDER_NUMBER_DIGITS = 10;
/** What any brand's order number looks like. */
export const ORDER_NUMBER_FORMAT = new RegExp(`^[A-Z]{2}\\d{${ORDER_NUMBER_DIGITS}}$`);

/** SPEC §9: the confirmation page can be reloaded by the placing session for 30 minutes. */
export const CONFIRMATION_REFRESH_MINUTES = 30;

/** SPEC §9: the shipping method preselected for a cart is the one whose key starts with this. */
export const DEFAULT_SHIPPING_METHOD_PREFIX = 'standard';

/** SPEC §9: tax is external, rounded half-up at the unit-price level. */
export const TAX_SETTINGS = {
  taxMode: 'External',
  taxRoundingMode: 'HalfUp',
  taxCalculationMode: 'UnitPriceLevel',
  /**
   * SPEC §9 "extra 1 cent per line", read as the payment authorisation allowance (ADR 0014): the
   * card is authorised for the order total plus one cent per line item, so a tax re-quote at
   * capture (unit-level rounding on a changed rate) never exceeds what was authorised. The
   * shopper is charged (captured) the order total only; the allowance is released.
   */
  authorizationAllowanceCentsPerLine: 1,
} as const;

/** SPEC §9: the loyalty confirmation shows for 3000 ms. */
export const LOYALTY_CONFIRMATION_DELAY_MS = 3000;

/** SPEC §4/§9: the fraud collection SDK's timings. */
export const FRAUD_SDK = {
  configTimeoutMs: 3000,
  refreshIntervalMs: 900_000,
  cookieMaxAgeDays: 365,
  cookieWaitMs: 2000,
  cookiePollMs: 10,
  /** The first-party cookie the SDK keeps the device id in. */
  cookieName: 'shop_fp',
} as const;

/** The Idempotency-Key header of POST /api/orders: 16 to 128 URL-safe characters (a UUID fits). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** The hosted card field's postMessage protocol (payment origin <-> checkout page). */
export const CARD_FIELD_MESSAGES = {
  /** iframe -> page: the field is ready; carries `height` for the frame. */
  ready: 'shop-card:ready',
  /** iframe -> page: `{ complete: boolean, brand?: string, error?: string }` on each change. */
  change: 'shop-card:change',
  /** page -> iframe: tokenise what was entered. */
  tokenize: 'shop-card:tokenize',
  /** iframe -> page: `{ token, card: { brand, last4, expMonth, expYear } }`. */
  token: 'shop-card:token',
  /** iframe -> page: `{ message, field? }`: tokenising failed; the message is for the shopper. */
  error: 'shop-card:error',
  /** page -> iframe: move focus into the card number. */
  focus: 'shop-card:focus',
} as const;
