import {
  type AddDiscountCodeRequest,
  type AddLineItemRequest,
  type CartResponse,
  type CreateCartRequest,
  type CreateCartResponse,
  IDEMPOTENCY_KEY_HEADER,
} from '@shop/contracts/browser';
import type { FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta, QueryReturnValue } from '@reduxjs/toolkit/query';
import { api, sendWithCsrf } from '@shop/platform';
import { forgetAttempt } from '../checkout/idempotency-key';
import { cartQueue } from './serial-queue';

type BaseQuery = (
  arg: string | FetchArgs,
) =>
  | QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>
  | PromiseLike<QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>>;
export type CartBaseQuery = BaseQuery;
type Write = Parameters<typeof sendWithCsrf>[1];

/**
 * Every write to the bag (its lines, codes and checkout details) runs in the serial queue, with
 * the CSRF token the gateway requires. A write that succeeded changed the cart, so the order
 * attempt in progress (its idempotency key) is over: the next "Place order" is a new attempt.
 */
export async function cartWrite<T>(baseQuery: BaseQuery, request: Write) {
  const result = await cartQueue.run(() => sendWithCsrf<T>(baseQuery, request));
  if ('data' in result) forgetAttempt();
  return result;
}
const write = cartWrite;

const lineItemPath = (lineItemId: string) => `/cart/lineItem/${encodeURIComponent(lineItemId)}`;

/** Answers after which the same write is sent once more with its key: it may have been made, or was not and can be. */
const SEND_AGAIN = new Set(['CART_CONFLICT', 'CART_UNAVAILABLE']);
const worthSendingAgain = (error: FetchBaseQueryError) =>
  error.status === 'FETCH_ERROR' ||
  SEND_AGAIN.has((error.data as { error?: { code?: string } } | undefined)?.error?.code ?? '');

/**
 * A bag write with one key per tap: a connection lost before the answer (a restart, a network
 * blip) may have made the write, and a write refused because the bag changed outside its turn
 * (CART_CONFLICT) or lost its turn (CART_UNAVAILABLE) was not made; either way the same request
 * goes once more with the same key and the bag does nothing twice.
 */
async function writeOnce(baseQuery: Parameters<typeof write>[0], request: Omit<Write, 'headers'>) {
  const keyed: Write = { ...request, headers: { [IDEMPOTENCY_KEY_HEADER]: crypto.randomUUID() } };
  const first = await write<CartResponse>(baseQuery, keyed);
  return 'error' in first && first.error && worthSendingAgain(first.error)
    ? write<CartResponse>(baseQuery, keyed)
    : first;
}

/**
 * The gateway's cart API (SPEC §7), injected into the one API slice. Reads run in the serial
 * queue too, so an answer never arrives out of order with the writes around it. The answers
 * feed the `cart` slice (cart-slice.ts), which is what components show.
 */
export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    cartCheckoutGetCart: build.query<CartResponse, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await cartQueue.run(async () =>
          baseQuery({ url: '/cart', headers: { 'cache-control': 'no-cache' } }),
        );
        return result.error ? { error: result.error } : { data: result.data as CartResponse };
      },
      // The bag belongs to the session: a new one (the guest session every visitor gets) reads it again.
      providesTags: ['Cart', 'Session'],
    }),
    cartCheckoutAddLineItem: build.mutation<CartResponse, AddLineItemRequest>({
      queryFn: ({ sku, quantity, inventoryListKey }, _api, _extra, baseQuery) =>
        writeOnce(baseQuery, { url: '/cart/lineItem', method: 'POST', body: { sku, quantity, inventoryListKey } }),
    }),
    cartCheckoutChangeLineItem: build.mutation<CartResponse, { lineItemId: string; quantity: number }>({
      queryFn: ({ lineItemId, quantity }, _api, _extra, baseQuery) =>
        writeOnce(baseQuery, { url: lineItemPath(lineItemId), method: 'PATCH', body: { quantity } }),
    }),
    cartCheckoutRemoveLineItem: build.mutation<CartResponse, { lineItemId: string }>({
      queryFn: ({ lineItemId }, _api, _extra, baseQuery) =>
        writeOnce(baseQuery, { url: lineItemPath(lineItemId), method: 'DELETE' }),
    }),
    cartCheckoutAddDiscountCode: build.mutation<CartResponse, AddDiscountCodeRequest>({
      queryFn: ({ code }, _api, _extra, baseQuery) =>
        writeOnce(baseQuery, { url: '/cart/discountCode', method: 'POST', body: { code } }),
    }),
    cartCheckoutRemoveDiscountCode: build.mutation<CartResponse, { discountCodeId: string }>({
      queryFn: ({ discountCodeId }, _api, _extra, baseQuery) =>
        writeOnce(baseQuery, {
          url: `/cart/discountCode/${encodeURIComponent(discountCodeId)}`,
          method: 'DELETE',
        }),
    }),
    cartCheckoutRestorePreviousBag: build.mutation<CartResponse, void>({
      queryFn: (_arg, _api, _extra, baseQuery) =>
        write<CartResponse>(baseQuery, { url: '/cart/previousBag', method: 'POST', body: {} }),
    }),
    cartCheckoutDismissPreviousBag: build.mutation<CartResponse, void>({
      queryFn: (_arg, _api, _extra, baseQuery) =>
        write<CartResponse>(baseQuery, { url: '/cart/previousBag', method: 'DELETE' }),
    }),
    cartCheckoutCreateCart: build.mutation<CreateCartResponse, CreateCartRequest>({
      queryFn: ({ cartTemplate }, _api, _extra, baseQuery) =>
        write<CreateCartResponse>(baseQuery, { url: '/cart/create', method: 'POST', body: { cartTemplate } }),
    }),
  }),
});
