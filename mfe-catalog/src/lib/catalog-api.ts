import type { CategoryNode, ProductDetail, ProductListResponse, SuggestResponse } from '@shop/contracts/browser';
import { api } from '@shop/platform';

/** The catalog's endpoints, injected into the one shared API slice. */
export const catalogApi = api.injectEndpoints({
  endpoints: (build) => ({
    catalogGetProducts: build.query<ProductListResponse, string>({
      query: (queryString) => `/products?${queryString}`,
      providesTags: ['Product'],
    }),
    catalogGetProduct: build.query<ProductDetail, string>({
      query: (id) => `/products/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    catalogGetCategories: build.query<{ categories: CategoryNode[] }, void>({
      query: () => '/categories',
      providesTags: ['Category'],
    }),
    catalogSuggest: build.query<SuggestResponse, string>({
      query: (q) => `/search/suggest?q=${encodeURIComponent(q)}`,
    }),
  }),
});
