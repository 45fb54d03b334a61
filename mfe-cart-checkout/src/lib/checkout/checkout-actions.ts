import type {
  CheckoutResponse,
  CheckoutUpdateRequest,
  OrderConfirmation,
  PlaceOrderRequest,
} from '@shop/contracts/browser';
import type { AppDispatch } from '@shop/platform';
import { cartApi } from '../cart/cart-api';
import { cartReceived } from '../cart/cart-slice';
import { checkoutApi } from './checkout-api';
import { clearDraft } from './checkout-draft';
import { type CheckoutProblem, describeCheckoutError, isDefiniteAnswer } from './checkout-errors';
import { type OrderAttempt, attemptFor, currentAttempt, forgetAttempt, markUnanswered } from './idempotency-key';
import { notePlaced } from './placed-orders';

type Thunk<R> = (dispatch: AppDispatch) => Promise<R>;
type Answer<T> = { data?: T; error?: unknown };
export type CheckoutResult = { ok: true; checkout: CheckoutResponse } | { ok: false; problem: CheckoutProblem };

/** The checkout as the page shows it: the answer of GET /api/checkout, replaced by every write's answer. */
function received(dispatch: AppDispatch, checkout: CheckoutResponse) {
  dispatch(
    checkoutApi.util.upsertQueryEntries([{ endpointName: 'cartCheckoutGetCheckout', arg: undefined, value: checkout }]),
  );
  // The header's count and the bag page show the same cart.
  dispatch(cartReceived(checkout.cart));
}

async function settle(dispatch: AppDispatch, send: () => PromiseLike<Answer<CheckoutResponse>>) {
  const answer = await send();
  if (answer.data !== undefined) {
    received(dispatch, answer.data);
    return { ok: true, checkout: answer.data } as const;
  }
  const problem = describeCheckoutError(answer.error);
  if (problem.checkout) received(dispatch, problem.checkout);
  return { ok: false, problem } as const;
}

/** Reads the checkout again (after a change made through the cart's own routes, a promo code). */
export function refreshCheckout(): Thunk<void> {
  return async (dispatch) => {
    await dispatch(
      checkoutApi.endpoints.cartCheckoutGetCheckout.initiate(undefined, { subscribe: false, forceRefetch: true }),
    );
  };
}

/** POST /api/cart/customerEmail */
export function saveEmail(email: string): Thunk<CheckoutResult> {
  return (dispatch) =>
    settle(dispatch, () =>
      dispatch(checkoutApi.endpoints.cartCheckoutSetEmail.initiate({ email: email.trim() }, { track: false })),
    );
}

/** POST /api/cart: addresses, shipping method, the card token; only what is given is set. */
export function saveCheckout(update: CheckoutUpdateRequest): Thunk<CheckoutResult> {
  return (dispatch) =>
    settle(dispatch, () => dispatch(checkoutApi.endpoints.cartCheckoutUpdate.initiate(update, { track: false })));
}

/** POST /api/cart/taxes: the tax vendor's quote for the shipping address. */
export function requestTaxes(): Thunk<CheckoutResult> {
  return (dispatch) =>
    settle(dispatch, () =>
      dispatch(checkoutApi.endpoints.cartCheckoutRequestTaxes.initiate(undefined, { track: false })),
    );
}

export function redeemPoints(points: number): Thunk<CheckoutResult> {
  return (dispatch) =>
    settle(dispatch, () =>
      dispatch(checkoutApi.endpoints.cartCheckoutRedeemPoints.initiate({ points }, { track: false })),
    );
}

export function removeRedemption(): Thunk<CheckoutResult> {
  return (dispatch) =>
    settle(dispatch, () =>
      dispatch(checkoutApi.endpoints.cartCheckoutRemoveRedemption.initiate(undefined, { track: false })),
    );
}

export type PlaceOrderOutcome =
  | { kind: 'placed'; order: OrderConfirmation }
  /** No answer (network failure, time-out, 5xx): the order may exist; trying again is safe with the same key. */
  | { kind: 'unanswered'; problem: CheckoutProblem }
  /** The gateway answered: nothing was placed or charged. */
  | { kind: 'refused'; problem: CheckoutProblem };

/**
 * A fresh invisible-captcha answer for this attempt: the gateway asks for one once the bag has had
 * a card declined (card testing). Undefined when it cannot be had: the gateway then decides.
 */
async function captchaToken(): Promise<string | undefined> {
  try {
    const response = await fetch(new URL('/api/captcha/challenge', window.location.href), {
      credentials: 'same-origin',
    });
    if (!response.ok) return undefined;
    const { token } = (await response.json()) as { token?: unknown };
    return typeof token === 'string' && token ? token : undefined;
  } catch {
    return undefined;
  }
}

async function send(dispatch: AppDispatch, attempt: OrderAttempt): Promise<PlaceOrderOutcome> {
  const captcha = await captchaToken();
  const order: PlaceOrderRequest = {
    cartId: attempt.cartId,
    expectedTotal: attempt.expectedTotal,
    ...(captcha ? { captchaToken: captcha } : {}),
  };
  const answer = await dispatch(
    checkoutApi.endpoints.cartCheckoutPlaceOrder.initiate({ order, idempotencyKey: attempt.key }, { track: false }),
  );
  if (answer.data) {
    const placed = answer.data;
    forgetAttempt();
    clearDraft(attempt.cartId);
    notePlaced(placed.orderNumber);
    dispatch(
      checkoutApi.util.upsertQueryEntries([
        { endpointName: 'cartCheckoutGetOrder', arg: placed.orderNumber, value: placed },
      ]),
    );
    // The cart became the order: the header's count goes to what the session's bag is now.
    void dispatch(cartApi.endpoints.cartCheckoutGetCart.initiate(undefined, { subscribe: false, forceRefetch: true }));
    return { kind: 'placed', order: placed };
  }
  const problem = describeCheckoutError(answer.error);
  if (!isDefiniteAnswer(problem)) {
    markUnanswered(attempt);
    return { kind: 'unanswered', problem };
  }
  forgetAttempt();
  if (problem.checkout) received(dispatch, problem.checkout);
  else if (problem.status === 409) await dispatch(refreshCheckout());
  return { kind: 'refused', problem };
}

/**
 * POST /api/orders for the checkout the shopper reviewed: its cart at the total shown. The
 * idempotency key is the attempt's (the same after a network failure or a reload), so the gateway
 * places and charges at most once.
 */
export function placeOrder(checkout: CheckoutResponse): Thunk<PlaceOrderOutcome> {
  return async (dispatch) => {
    const cartId = checkout.cart.id;
    if (!cartId) {
      return { kind: 'refused', problem: { code: 'CART_EMPTY', message: 'Your bag is empty.' } };
    }
    return send(dispatch, attemptFor(cartId, checkout.checkout.totals.total.centAmount));
  };
}

/**
 * The answer to an order request that never arrived, asked for again: when this tab sent an order
 * and got no answer, and the bag it was for is gone (it became the order), the same request with
 * the same key gets the gateway's answer to the first one. Never sends a request the shopper did
 * not make: only the attempt "Place order" started, and only for a cart that is no longer open.
 */
export function recoverUnansweredOrder(checkout: CheckoutResponse): Thunk<PlaceOrderOutcome | undefined> {
  return async (dispatch) => {
    const attempt = currentAttempt();
    if (!attempt?.unanswered) return undefined;
    if (checkout.cart.id === attempt.cartId && checkout.cart.lines.length > 0) return undefined;
    const outcome = await send(dispatch, attempt);
    if (outcome.kind === 'refused') forgetAttempt();
    return outcome;
  };
}
