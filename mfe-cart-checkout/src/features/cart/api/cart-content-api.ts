import type { SnippetsDocument } from '@shop/contracts/browser';
import { api } from '@shop/platform';

/** The brand's `cart` content snippet (SPEC §2 content paths): shipping and returns notes beside the bag. */
export const cartContentApi = api.injectEndpoints({
  endpoints: (build) => ({
    cartCheckoutGetCartSnippets: build.query<SnippetsDocument, void>({
      query: () => '/content/cart',
      providesTags: ['Content'],
    }),
  }),
});
