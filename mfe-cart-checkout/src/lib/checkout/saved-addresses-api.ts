import type { SavedAddress } from '@shop/contracts/browser';
import { api } from '@shop/platform';

/** A signed-in shopper's saved addresses (GET /api/account/addresses), offered in the shipping address step. */
export const savedAddressesApi = api.injectEndpoints({
  endpoints: (build) => ({
    cartCheckoutSavedAddresses: build.query<SavedAddress[], void>({
      query: () => ({ url: '/account/addresses', headers: { 'cache-control': 'no-cache' } }),
      providesTags: ['Customer', 'Session'],
    }),
  }),
});

export const { useCartCheckoutSavedAddressesQuery } = savedAddressesApi;
