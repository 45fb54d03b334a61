import { fetchBaseQuery } from '@reduxjs/toolkit/query';
import { buildCreateApi, coreModule, reactHooksModule } from '@reduxjs/toolkit/query/react';
import { createAction } from '@reduxjs/toolkit';

/** The API state a server render used, taken in by the browser's store before it renders. */
export const apiHydrated = createAction<Record<string, unknown>>('platform/apiHydrated');

/**
 * Where a store sends its API calls. The browser's store uses the page's own `/api`; a store
 * rendering a page on the server gives the gateway's address and a fetch that names the brand's
 * host (ADR 0017).
 */
export interface ApiTransport {
  baseUrl: string;
  fetchFn?: typeof fetch;
}

/** The thunk extra argument of every store: the transport its queries use. */
export interface StoreExtra {
  transport?: ApiTransport;
}

const browserQuery = fetchBaseQuery({ baseUrl: '/api', credentials: 'same-origin' });
const transportQueries = new WeakMap<ApiTransport, ReturnType<typeof fetchBaseQuery>>();

const baseQuery: ReturnType<typeof fetchBaseQuery> = (args, api, extraOptions) => {
  const transport = (api.extra as StoreExtra | undefined)?.transport;
  if (!transport) return browserQuery(args, api, extraOptions);
  let query = transportQueries.get(transport);
  if (!query) {
    query = fetchBaseQuery({ baseUrl: transport.baseUrl, fetchFn: transport.fetchFn });
    transportQueries.set(transport, query);
  }
  return query(args, api, extraOptions);
};

/**
 * On a server (no `window`) the query hooks start their requests during render, so one render
 * pass discovers what a page needs and the next renders it with the data (RTK Query's SSR mode).
 */
const createApi = buildCreateApi(
  coreModule(),
  reactHooksModule({ unstable__sideEffectsInRender: typeof window === 'undefined' }),
);

/**
 * The one RTK Query API slice for the gateway's /api. Features add endpoints with
 * `api.injectEndpoints`; tags are declared here once so invalidation works across remotes.
 * A page rendered on the server hands its query results to the browser, which takes them in
 * with `apiHydrated` before its first render (no second fetch of the same data).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Session',
    'Cart',
    'Product',
    'Category',
    'Order',
    'Customer',
    'Content',
    'Flags',
    // The admin's: the staff member signed in, a brand's flag audit, a brand's remote registry.
    'Staff',
    'FlagAudit',
    'Remotes',
  ],
  endpoints: () => ({}),
  extractRehydrationInfo(action, { reducerPath }) {
    return apiHydrated.match(action) ? (action.payload[reducerPath] as never) : undefined;
  },
});
