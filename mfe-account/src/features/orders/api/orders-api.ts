import type { OrderDetail, OrderHistoryPage, OrderLookupRequest } from '@shop/contracts/browser';
import { api, sendWithCsrf } from '@shop/platform';

/**
 * The gateway's order history and tracking routes (issue 14): the signed-in customer's orders
 * and their details, and anyone's lookup by number and e-mail (which lets this session read that
 * order for an hour).
 */
export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountOrderHistory: build.query<OrderHistoryPage, number>({
      query: (offset) => ({ url: `/account/orders?offset=${offset}`, headers: { 'cache-control': 'no-cache' } }),
      providesTags: ['Order', 'Session'],
      keepUnusedDataFor: 0,
    }),
    accountOrder: build.query<OrderDetail, string>({
      query: (orderNumber) => ({
        url: `/account/orders/${encodeURIComponent(orderNumber)}`,
        headers: { 'cache-control': 'no-cache' },
      }),
      providesTags: (_r, _e, orderNumber) => [{ type: 'Order', id: orderNumber }, 'Session'],
      keepUnusedDataFor: 0,
    }),
    accountTrackedOrder: build.query<OrderDetail, string>({
      query: (orderNumber) => ({
        url: `/order/${encodeURIComponent(orderNumber)}`,
        headers: { 'cache-control': 'no-cache' },
      }),
      providesTags: (_r, _e, orderNumber) => [{ type: 'Order', id: orderNumber }],
      keepUnusedDataFor: 0,
    }),
    accountLookupOrder: build.mutation<OrderDetail, OrderLookupRequest>({
      queryFn: (lookup, _api, _extra, baseQuery) =>
        sendWithCsrf<OrderDetail>(baseQuery, { url: '/order/lookup', method: 'POST', body: { ...lookup } }),
    }),
  }),
});

/** The gateway's error code and message, when it sent one. */
export function errorOf(error: unknown): { status?: number | string; code?: string; message?: string } {
  if (!error || typeof error !== 'object') return {};
  const { status, data } = error as {
    status?: number | string;
    data?: { error?: { code?: string; message?: string } };
  };
  return { status, code: data?.error?.code, message: data?.error?.message };
}
