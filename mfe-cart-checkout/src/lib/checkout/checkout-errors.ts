import type {
  AddressVerificationError,
  CheckoutAddress,
  CheckoutResponse,
  CheckoutStep,
  OrderErrorBody,
} from '@shop/contracts/browser';
import { type CartProblem, describeCartError } from '../cart/cart-errors';
import { addressErrors, addressOf, draftOf } from './address-form';

/** A failed checkout or order request, as the shopper is told about it, with the extras the contract names. */
export interface CheckoutProblem extends CartProblem {
  /** Per field, by the field's own name (`postalCode`), what is wrong with it. */
  fields?: Record<string, string>;
  /** ADDRESS_SUGGESTION / ADDRESS_INVALID: which address, and how the verification service writes it. */
  verification?: { address: 'shippingAddress' | 'billingAddress'; suggestion?: CheckoutAddress };
  /** CHECKOUT_INCOMPLETE: what is still missing. */
  missing?: CheckoutStep[];
  /** PAYMENT_DECLINED: why. */
  reason?: OrderErrorBody['error']['reason'];
  /** CHECKOUT_CHANGED: the checkout as it is now. */
  checkout?: CheckoutResponse;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isCheckout = (value: unknown): value is CheckoutResponse =>
  isRecord(value) && isRecord(value.cart) && isRecord(value.checkout) && isRecord(value.checkout.totals);

/** `shippingAddress.postalCode` and `postalCode` both name the field `postalCode`. */
function fieldErrors(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(value)) {
    if (typeof message === 'string' && message.trim()) out[path.split('.').pop() ?? path] = message;
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * A suggested address, only when the form could send it as it is (the gateway's own address
 * rules): anything else is treated as no suggestion, so the shopper is never offered an address
 * that cannot be saved.
 */
function suggestedAddress(value: unknown): CheckoutAddress | undefined {
  if (!isRecord(value) || value.country !== 'US') return undefined;
  const draft = draftOf(value as Partial<CheckoutAddress>);
  return Object.keys(addressErrors(draft)).length ? undefined : addressOf(draft);
}

const REASONS = new Set(['declined', 'insufficient_funds', 'processing_error']);
const ADDRESSES = new Set(['shippingAddress', 'billingAddress']);

/** Reads an RTK Query error from a checkout or order route. */
export function describeCheckoutError(error: unknown): CheckoutProblem {
  const problem: CheckoutProblem = describeCartError(error);
  const data = isRecord(error) && isRecord(error.data) ? error.data : {};
  const detail = (isRecord(data.error) ? data.error : {}) as Partial<
    OrderErrorBody['error'] & AddressVerificationError['error']
  >;
  const fields = fieldErrors(detail.fields);
  if (fields) problem.fields = fields;
  const verification = detail.verification;
  if (isRecord(verification) && ADDRESSES.has(verification.address as string)) {
    const suggestion = suggestedAddress(verification.suggestion);
    problem.verification = { address: verification.address, ...(suggestion ? { suggestion } : {}) };
  }
  if (Array.isArray(detail.missing)) problem.missing = detail.missing.filter((step) => typeof step === 'string');
  if (typeof detail.reason === 'string' && REASONS.has(detail.reason)) problem.reason = detail.reason;
  if (isCheckout(detail.checkout)) problem.checkout = detail.checkout;
  return problem;
}

/**
 * Did the gateway answer this order request for certain? A network failure, a time-out or a 5xx
 * leaves it unknown whether the order was placed; a 4xx (but a 429, which asks to wait) says that
 * nothing was placed or charged.
 */
export const isDefiniteAnswer = (problem: CheckoutProblem) =>
  typeof problem.status === 'number' && problem.status >= 400 && problem.status < 500 && problem.status !== 429;
