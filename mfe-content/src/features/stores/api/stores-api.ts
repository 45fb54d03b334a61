import type { StoreSearchResponse } from '@shop/contracts/browser';
import { api } from '@shop/platform';

/** The store locator's endpoints, injected into the one shared API slice. */
export const storesApi = api.injectEndpoints({
  endpoints: (build) => ({
    contentFindStores: build.query<StoreSearchResponse, string>({
      query: (queryString) => `/stores?${queryString}`,
    }),
    /** The US outline as SVG text; the page lifts its paths into its own map so they take the brand's colours. */
    contentGetStoreMap: build.query<string, void>({
      query: () => ({ url: '/stores/map.svg', responseHandler: 'text' }),
    }),
  }),
});
