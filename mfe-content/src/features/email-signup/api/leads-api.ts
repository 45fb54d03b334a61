import type { LeadRequest, LeadResponse } from '@shop/contracts/browser';
import { api, postWithCsrf } from '@shop/platform';

/** POST /api/leads, with the CSRF token every state-changing request carries. */
export const leadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    contentSignUp: build.mutation<LeadResponse, LeadRequest>({
      queryFn: (lead, _api, _extra, baseQuery) => postWithCsrf<LeadResponse>(baseQuery, '/leads', { ...lead }),
    }),
  }),
});
