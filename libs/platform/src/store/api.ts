import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

/**
 * The one RTK Query API slice for the gateway's /api. Features add endpoints with
 * `api.injectEndpoints`; tags are declared here once so invalidation works across remotes.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: '/api', credentials: 'same-origin' }),
  tagTypes: ['Session', 'Cart', 'Product', 'Category', 'Order', 'Customer', 'Content', 'Flags'],
  endpoints: () => ({}),
});
