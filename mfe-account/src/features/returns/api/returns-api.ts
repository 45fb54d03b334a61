import type { CreateReturnRequest, ReturnRecord, ReturnsView } from '@shop/contracts/browser';
import { api, sendWithCsrf } from '@shop/platform';

/** Whose order: a signed-in customer's (/api/account/orders) or one this session looked up (/api/order). */
export interface OrderRef {
  orderNumber: string;
  guest: boolean;
}

export const returnsPath = ({ orderNumber, guest }: OrderRef) =>
  `${guest ? '/order' : '/account/orders'}/${encodeURIComponent(orderNumber)}/returns`;

/** The returns routes (issue 14), injected into the one API slice. */
export const returnsApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountReturnsView: build.query<ReturnsView, OrderRef>({
      query: (ref) => ({ url: returnsPath(ref), headers: { 'cache-control': 'no-cache' } }),
      providesTags: ['Session'],
      keepUnusedDataFor: 0,
    }),
    accountCreateReturn: build.mutation<ReturnRecord, OrderRef & { request: CreateReturnRequest }>({
      queryFn: ({ request, ...ref }, _api, _extra, baseQuery) =>
        sendWithCsrf<ReturnRecord>(baseQuery, { url: returnsPath(ref), method: 'POST', body: { ...request } }),
    }),
    accountLookupOrder: build.mutation<{ orderNumber: string }, { orderNumber: string; email: string }>({
      queryFn: (body, _api, _extra, baseQuery) =>
        sendWithCsrf<{ orderNumber: string }>(baseQuery, { url: '/order/lookup', method: 'POST', body }),
    }),
  }),
});

export const { useAccountReturnsViewQuery, useAccountCreateReturnMutation, useAccountLookupOrderMutation } = returnsApi;

/** The gateway's error message, or a general one. */
export const errorMessage = (error: unknown): string => {
  const body = (error as { data?: { error?: { message?: unknown } } } | undefined)?.data?.error;
  return typeof body?.message === 'string' ? body.message : 'Something went wrong. Please try again.';
};
export const errorFields = (error: unknown): Record<string, string> =>
  (error as { data?: { error?: { fields?: Record<string, string> } } } | undefined)?.data?.error?.fields ?? {};
