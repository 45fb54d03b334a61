import { z } from 'zod';
import type { CartResponse } from './cart';
import type { Money } from './catalog';
import { US_STATES, type UsState } from './checkout-rules';
import { safeText } from './text';
export * from './checkout-rules';

/**
 * The gateway's checkout and order API (SPEC §2, §3, §7). Bodies are validated with these
 * schemas on the gateway; the browser uses the inferred types (`@shop/contracts/browser`).
 *
 * Every checkout write answers {@link CheckoutResponse}. Errors use the one body
 * `{ error: { code, message, correlationId, fields? } }` plus the extras named below.
 */

const line = (max: number) => z.string().trim().min(1).max(max);
const name = line(50);

/** A US postal address as the shopper enters it (commercetools Address subset). */
export const checkoutAddressSchema = z.strictObject({
  firstName: name,
  lastName: name,
  /** Street and number, e.g. "123 Main St". */
  streetName: line(100),
  /** Apartment, suite, unit. */
  additionalStreetInfo: z.string().trim().max(100).optional(),
  city: line(60),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .refine((s): s is UsState => Object.hasOwn(US_STATES, s), 'state: a US state or territory code, e.g. NY'),
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'postalCode: a US ZIP code, e.g. 10001'),
  country: z.literal('US'),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9+().\- ]{7,20}$/, 'phone: digits, spaces and + ( ) . - only')
    .optional(),
});
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

const email = z.string().trim().toLowerCase().max(254).email('email: an e-mail address');

/** POST /api/cart/customerEmail (SPEC §7). */
export const customerEmailSchema = z.strictObject({ email });
export type CustomerEmailRequest = z.infer<typeof customerEmailSchema>;

/**
 * What the shopper decided about an address the verification service would write differently:
 * `accepted` means the body already holds the suggestion; `kept` keeps what was entered (only
 * for an address the service found deliverable; a wrong ZIP cannot be kept).
 */
const verificationChoice = z.enum(['accepted', 'kept']);

/**
 * POST /api/cart (SPEC §7: billingAddress, email, payment, shippingAddress). Every field is
 * optional; what is present is set. `billingAddress: 'sameAsShipping'` bills to the shipping
 * address (the default).
 */
export const checkoutUpdateSchema = z.strictObject({
  email: email.optional(),
  shippingAddress: checkoutAddressSchema.optional(),
  billingAddress: z.union([checkoutAddressSchema, z.literal('sameAsShipping')]).optional(),
  /** A key from `checkout.shippingMethods`. */
  shippingMethod: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/)
    .optional(),
  /** The hosted card field's token; the gateway never sees a card number. */
  payment: z
    .strictObject({ token: z.string().regex(/^tok_[A-Za-z0-9]{16,64}$/, 'payment.token: a card token') })
    .optional(),
  verification: z
    .strictObject({ shippingAddress: verificationChoice.optional(), billingAddress: verificationChoice.optional() })
    .optional(),
});
export type CheckoutUpdateRequest = z.infer<typeof checkoutUpdateSchema>;

/** POST /api/cart/loyalty/redemption: how many points to turn into a discount. */
export const loyaltyRedemptionSchema = z.strictObject({ points: z.number().int().min(1).max(10_000_000) });
export type LoyaltyRedemptionRequest = z.infer<typeof loyaltyRedemptionSchema>;

/**
 * POST /api/orders, with an `Idempotency-Key` header made once per checkout attempt.
 * `expectedTotal` is the total the shopper saw on the review (cents): when the cart's total
 * differs at placement (a price, stock, tax or code changed), nothing is charged and the answer
 * is 409 CHECKOUT_CHANGED with the fresh checkout. `captchaToken` is a fresh invisible-captcha
 * answer: required once the bag has had a card declined (400 CAPTCHA_FAILED without a good one),
 * never part of what the Idempotency-Key stands for.
 */
export const placeOrderSchema = z.strictObject({
  cartId: z.string().uuid(),
  expectedTotal: z.number().int().min(0).max(100_000_000),
  captchaToken: safeText().max(4096).optional(),
});
export type PlaceOrderRequest = z.infer<typeof placeOrderSchema>;

export interface ShippingMethodOption {
  key: string;
  name: string;
  /** e.g. "3-5 business days". */
  description: string;
  /** What it costs this cart (0 above the free-shipping threshold). */
  price: Money;
  /** Free above this subtotal, when the method has a threshold. */
  freeAbove?: Money;
}

export interface CardSummary {
  brand: 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The review's money, in the order it is shown. */
export interface CheckoutTotals {
  /** Lines before discount codes. */
  subtotal: Money;
  /** What discount codes take off (0 when none). */
  discount: Money;
  /** What redeemed loyalty points take off, when points are redeemed. */
  loyalty?: Money;
  /** Absent until a shipping method is set. */
  shipping?: Money;
  /** Absent until taxes are computed for the shipping address (POST /api/cart/taxes). */
  tax?: Money;
  /** What the order costs: subtotal - discount - loyalty + shipping + tax. */
  total: Money;
}

export type CheckoutStep = 'email' | 'shippingAddress' | 'shippingMethod' | 'payment' | 'billingAddress' | 'tax';

export interface CheckoutDetails {
  /** Is this shopper signed in (a customer), or a guest? */
  signedIn: boolean;
  /** The brand's `guestOrdering` flag: when false, a guest must sign in before ordering. */
  guestOrdering: boolean;
  email?: string;
  /** A signed-in customer's names, to prefill an empty address. */
  customer?: { firstName: string; lastName: string; email: string };
  shippingAddress?: CheckoutAddress;
  billingAddress?: CheckoutAddress;
  billingSameAsShipping: boolean;
  /** Methods for this cart (the shipping address's zone, else the brand's default zone). */
  shippingMethods: ShippingMethodOption[];
  /** The chosen method's key; the `standard` one is preselected once an address is set. */
  shippingMethod?: string;
  /** The card the payment token stands for. */
  payment?: CardSummary;
  /** Only when the brand's `loyalty` flag is on and the shopper is signed in. */
  loyalty?: {
    balance: number;
    /** Points the shopper may redeem on this cart now. */
    redeemable: number;
    /** Cents one point is worth. */
    centsPerPoint: number;
    /** Points per dollar this order earns when placed. */
    pointsPerDollar: number;
    /** Points this order earns when placed. */
    earns: number;
    redemption?: { points: number; amount: Money };
  };
  totals: CheckoutTotals;
  /** What is still missing before "Place order" can work; empty when ready. */
  missing: CheckoutStep[];
  /** The hosted card field and the fraud collector (public settings only). */
  vendors: {
    /** The iframe's src; the page posts CARD_FIELD_MESSAGES to its origin. */
    cardFieldUrl: string;
    /** The fraud collector's host (SPEC §7: /cs/config, /cs/generatecookie, /cs/storecookie, /session/{id}, /logo.htm). */
    fraudCollectorUrl: string;
    fraudOrgId: string;
    /** SPEC §4: made once per session when missing. */
    fraudSessionId: string;
  };
}

/** GET /api/checkout and the answer of every checkout write. */
export interface CheckoutResponse {
  cart: CartResponse;
  checkout: CheckoutDetails;
}

/**
 * The address error extras: 400 ADDRESS_INVALID (a ZIP that does not exist or does not belong to
 * the state, city or street; `fields` names them; a suggestion only where the verification
 * service knows the street's ZIP) and 422 ADDRESS_SUGGESTION (deliverable, but the
 * service writes it differently: nothing was saved; send again with the suggestion and
 * `verification.{which}: 'accepted'`, or with the address as entered and `'kept'`).
 */
export interface AddressVerificationError {
  error: {
    code: 'ADDRESS_INVALID' | 'ADDRESS_SUGGESTION';
    message: string;
    correlationId: string;
    fields?: Record<string, string>;
    verification: {
      address: 'shippingAddress' | 'billingAddress';
      suggestion?: CheckoutAddress;
    };
  };
}

export interface OrderLine {
  sku: string;
  name: string;
  url: string;
  image?: { url: string; alt: string };
  attributes: Array<{ name: string; label: string; value: string }>;
  quantity: number;
  unitPrice: Money;
  total: Money;
}

/** POST /api/orders (201, or 200 on a replay of the same key) and GET /api/orders/{orderNumber}. */
export interface OrderConfirmation {
  orderNumber: string;
  createdAt: string;
  email: string;
  /** `in-review`: the order is held for a fraud review before it ships; nothing is charged yet. */
  status: 'confirmed' | 'in-review';
  lines: OrderLine[];
  discountCodes: Array<{ code: string; description: string }>;
  totals: CheckoutTotals & { shipping: Money; tax: Money };
  shippingAddress: CheckoutAddress;
  billingAddress: CheckoutAddress;
  shippingMethod: { name: string; description: string };
  payment: CardSummary;
  loyalty?: { earned: number; redeemed: number };
  /** Until when this session may reload the confirmation (SPEC §9: 30 minutes). */
  viewableUntil: string;
}

/**
 * The order routes' errors:
 * - 400 IDEMPOTENCY_KEY_REQUIRED / IDEMPOTENCY_KEY_INVALID; 400 CHECKOUT_INCOMPLETE with
 *   `error.missing: CheckoutStep[]`; 400 INVALID_PARAMETER.
 * - 401 SessionRequired; 403 SIGN_IN_REQUIRED (a guest on a brand without `guestOrdering`).
 * - 402 PAYMENT_DECLINED with `error.reason: 'declined' | 'insufficient_funds' | 'processing_error'`:
 *   no order, the bag is untouched and usable.
 * - 403 ORDER_REJECTED: the fraud screen refused the order; nothing was charged.
 * - 409 IDEMPOTENCY_KEY_REUSED (the key was used with another cart or body), CART_ALREADY_ORDERED
 *   (a new key for a cart that became an order), CHECKOUT_CHANGED (`expectedTotal` differs; the
 *   body carries `error.checkout`), OUT_OF_STOCK, DISCOUNT_CODE_INVALID (a code was used up by
 *   another order meanwhile): in each, nothing is charged.
 * - 404 ORDER_NOT_FOUND: not an order this session placed; 410 CONFIRMATION_EXPIRED: placed by
 *   this session more than 30 minutes ago (the page points to order tracking).
 */
export interface OrderErrorBody {
  error: {
    code: string;
    message: string;
    correlationId: string;
    missing?: CheckoutStep[];
    reason?: 'declined' | 'insufficient_funds' | 'processing_error';
    checkout?: CheckoutResponse;
  };
}
