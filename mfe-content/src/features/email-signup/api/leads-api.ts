import type { LeadRequest, LeadResponse } from '@shop/contracts/browser';
import { api, csrfToken } from '@shop/platform';

/** POST /api/leads, with the CSRF token every state-changing request carries. */
export const leadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    signUp: build.mutation<LeadResponse, LeadRequest>({
      queryFn: async (lead, _api, _extra, baseQuery) => {
        let token: string;
        try {
          token = await csrfToken();
        } catch {
          return { error: { status: 'FETCH_ERROR', error: 'The shop could not be reached' } };
        }
        const result = await baseQuery({ url: '/leads', method: 'POST', body: { ...lead, csrfToken: token } });
        return result.error ? { error: result.error } : { data: result.data as LeadResponse };
      },
    }),
  }),
});
