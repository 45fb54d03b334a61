import type { LoyaltyJoinResponse, LoyaltyResponse } from '@shop/contracts/browser';
import { api, sendWithCsrf } from '@shop/platform';

/** GET /api/loyalty and POST /api/loyalty/join: the signed-in customer's rewards. */
export const loyaltyApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountGetLoyalty: build.query<LoyaltyResponse, void>({
      query: () => ({ url: '/loyalty', headers: { 'cache-control': 'no-cache' } }),
      providesTags: ['Customer', 'Order'],
    }),
    accountJoinLoyalty: build.mutation<LoyaltyJoinResponse, void>({
      queryFn: (_arg, _api, _extra, baseQuery) =>
        sendWithCsrf<LoyaltyJoinResponse>(baseQuery, { url: '/loyalty/join', method: 'POST' }),
      // The answer is the new standing: no second read.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => undefined);
        if (!answer) return; // The page shows the mutation's error.
        const { joined: _joined, ...standing } = answer.data;
        dispatch(loyaltyApi.util.upsertQueryData('accountGetLoyalty', undefined, standing));
      },
    }),
  }),
});

export const { useAccountGetLoyaltyQuery, useAccountJoinLoyaltyMutation } = loyaltyApi;
