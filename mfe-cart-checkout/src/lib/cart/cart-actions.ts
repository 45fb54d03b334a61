import {
  type AddToBagRequest,
  type CartDiscountCode,
  type CartLine,
  type CartResponse,
  type CreateCartResponse,
  isLineQuantity,
} from '@shop/contracts/browser';
import { type AppDispatch, type RootState, track } from '@shop/platform';
import { cartApi } from './cart-api';
import { type CartProblem, describeCartError, staleAfter } from './cart-errors';
import type { CartOp } from './cart-ops';
import {
  type RemovedLine,
  cartOpFailed,
  cartOpStarted,
  cartOpSucceeded,
  drawerOpened,
  removalForgotten,
  selectRemovedLine,
  selectServerCart,
} from './cart-slice';

export type CartResult<T = CartResponse> = { ok: true; cart: T } | { ok: false; error: CartProblem };
type Thunk<R> = (dispatch: AppDispatch, getState: () => RootState) => Promise<R>;
type Answer<T> = { data?: T; error?: unknown };

let sequence = 0;
const opId = () => `op-${(sequence += 1)}`;

/** Tells the shopper what did not happen, then why (the gateway's sentence). */
const explain = (what: string, problem: CartProblem): CartProblem => ({
  ...problem,
  message: [what, problem.message].filter(Boolean).join(' '),
});

/**
 * One write: shown at once (optimistic), sent through the serial queue by the endpoint, then
 * either confirmed with the server's cart or dropped again with the reason kept under `scope`.
 */
async function perform<T>(
  dispatch: AppDispatch,
  op: CartOp,
  send: () => PromiseLike<Answer<T>>,
  options: { scope?: string; failure: string; cartOf: (answer: T) => CartResponse; removed?: RemovedLine },
): Promise<CartResult<T>> {
  dispatch(cartOpStarted({ op, scope: options.scope, removed: options.removed }));
  const answer = await send();
  if (answer.data !== undefined) {
    dispatch(cartOpSucceeded({ opId: op.id, cart: options.cartOf(answer.data) }));
    return { ok: true, cart: answer.data };
  }
  const problem = explain(options.failure, describeCartError(answer.error));
  dispatch(cartOpFailed({ opId: op.id, scope: options.scope, message: problem.message, cart: problem.cart }));
  if (staleAfter(problem)) {
    void dispatch(cartApi.endpoints.cartCheckoutGetCart.initiate(undefined, { subscribe: false, forceRefetch: true }));
  }
  return { ok: false, error: problem };
}

const same = (cart: CartResponse) => cart;
const quantityProblem: CartProblem = { code: 'INVALID_QUANTITY', message: 'Choose a quantity from 1 to 99.' };

/** Adds a sku (the product page through @shop/platform, or an undo); tracks ADD_TO_CART once the bag has it. */
export function addLine(
  request: AddToBagRequest,
  options: { scope?: string; openDrawer?: boolean; failure?: string } = {},
): Thunk<CartResult> {
  return async (dispatch) => {
    if (!isLineQuantity(request.quantity)) return { ok: false, error: quantityProblem };
    const { sku, quantity, inventoryListKey, name } = request;
    const op: CartOp = { kind: 'add', id: opId(), sku, quantity, inventoryListKey, name };
    const result = await perform(
      dispatch,
      op,
      () =>
        dispatch(
          cartApi.endpoints.cartCheckoutAddLineItem.initiate({ sku, quantity, inventoryListKey }, { track: false }),
        ),
      { scope: options.scope, failure: options.failure ?? 'Not added to your bag.', cartOf: same },
    );
    if (result.ok) {
      track({ event: 'ADD_TO_CART', sku, quantity });
      if (options.openDrawer) dispatch(drawerOpened({ added: { name, quantity } }));
    }
    return result;
  };
}

export function changeQuantity(line: CartLine, quantity: number): Thunk<CartResult> {
  return async (dispatch) => {
    if (!isLineQuantity(quantity)) return { ok: false, error: quantityProblem };
    const op: CartOp = { kind: 'change', id: opId(), lineItemId: line.lineItemId, quantity };
    return perform(
      dispatch,
      op,
      () =>
        dispatch(
          cartApi.endpoints.cartCheckoutChangeLineItem.initiate(
            { lineItemId: line.lineItemId, quantity },
            { track: false },
          ),
        ),
      { scope: line.lineItemId, failure: 'The quantity was not changed.', cartOf: same },
    );
  };
}

export function removeLine(line: CartLine): Thunk<CartResult> {
  return async (dispatch) => {
    const op: CartOp = { kind: 'remove', id: opId(), lineItemId: line.lineItemId };
    const { lineItemId, sku, name, quantity, inventoryListKey } = line;
    return perform(
      dispatch,
      op,
      () => dispatch(cartApi.endpoints.cartCheckoutRemoveLineItem.initiate({ lineItemId }, { track: false })),
      {
        scope: lineItemId,
        failure: 'This item was not removed.',
        cartOf: same,
        removed: { lineItemId, sku, name, quantity, inventoryListKey },
      },
    );
  };
}

/** Puts the last removed line back with the quantity it had. */
export function undoRemove(): Thunk<CartResult | undefined> {
  return async (dispatch, getState) => {
    const removed = selectRemovedLine(getState());
    if (!removed) return undefined;
    dispatch(removalForgotten());
    const { sku, quantity, inventoryListKey, name } = removed;
    return dispatch(
      addLine({ sku, quantity, inventoryListKey, name }, { scope: 'bag', failure: `${name} was not put back.` }),
    );
  };
}

export function applyDiscountCode(code: string): Thunk<CartResult> {
  return async (dispatch) =>
    perform(
      dispatch,
      { kind: 'addCode', id: opId(), code },
      () => dispatch(cartApi.endpoints.cartCheckoutAddDiscountCode.initiate({ code }, { track: false })),
      // The gateway's message already says what is wrong with the code.
      { scope: 'promo', failure: '', cartOf: same },
    );
}

export function removeDiscountCode(discountCode: CartDiscountCode): Thunk<CartResult> {
  return async (dispatch) =>
    perform(
      dispatch,
      { kind: 'removeCode', id: opId(), discountCodeId: discountCode.id },
      () =>
        dispatch(
          cartApi.endpoints.cartCheckoutRemoveDiscountCode.initiate(
            { discountCodeId: discountCode.id },
            { track: false },
          ),
        ),
      { scope: 'codes', failure: `The code ${discountCode.code} was not removed.`, cartOf: same },
    );
}

/** Adds the earlier bag's lines to this one; each line counts as an add for tracking. */
export function restorePreviousBag(): Thunk<CartResult> {
  return async (dispatch, getState) => {
    const lines = selectServerCart(getState())?.previousBag?.lines ?? [];
    const result = await perform(
      dispatch,
      { kind: 'restorePreviousBag', id: opId() },
      () => dispatch(cartApi.endpoints.cartCheckoutRestorePreviousBag.initiate(undefined, { track: false })),
      { scope: 'previousBag', failure: 'Your earlier items were not added.', cartOf: same },
    );
    if (result.ok) {
      for (const line of lines) {
        if (isLineQuantity(line.quantity)) track({ event: 'ADD_TO_CART', sku: line.sku, quantity: line.quantity });
      }
    }
    return result;
  };
}

export function dismissPreviousBag(): Thunk<CartResult> {
  return async (dispatch) =>
    perform(
      dispatch,
      { kind: 'dismissPreviousBag', id: opId() },
      () => dispatch(cartApi.endpoints.cartCheckoutDismissPreviousBag.initiate(undefined, { track: false })),
      { scope: 'previousBag', failure: 'The offer could not be dismissed.', cartOf: same },
    );
}

/** POST /api/cart/create from a template; the answer says where the shopper goes next. */
export function createFromTemplate(cartTemplate: string): Thunk<CartResult<CreateCartResponse>> {
  return async (dispatch) =>
    perform(
      dispatch,
      { kind: 'create', id: opId(), cartTemplate },
      () => dispatch(cartApi.endpoints.cartCheckoutCreateCart.initiate({ cartTemplate }, { track: false })),
      { failure: '', cartOf: (answer) => answer.cart },
    );
}
