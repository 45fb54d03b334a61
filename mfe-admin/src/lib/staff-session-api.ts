import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api, sendWithCsrf } from '@shop/platform';
import type { SignInRequest, StaffSession } from './admin-contract';

/** What a staff member's sign-in or sign-out changes: everything the admin has read for them. */
export const STAFF_DATA = [{ type: 'Staff', id: 'brands' }, 'Flags', 'FlagAudit', 'Remotes'] as const;

/**
 * The staff session: GET /api/admin/session (null when nobody is signed in) and the sign-in,
 * POST /api/admin/session with e-mail, password and authenticator code. Its answer holds the CSRF
 * token the admin's other unsafe requests carry (staff-request.ts).
 */
export const staffSessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminGetSession: build.query<StaffSession | null, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery({ url: '/admin/session', headers: { 'cache-control': 'no-cache' } });
        if (result.error) return result.error.status === 401 ? { data: null } : { error: result.error };
        return { data: result.data as StaffSession };
      },
      providesTags: [{ type: 'Staff', id: 'session' }],
    }),
    // Before a session there is no staff token: the sign-in carries the site's double-submit one.
    adminSignIn: build.mutation<StaffSession, SignInRequest>({
      queryFn: (body, _api, _extra, baseQuery) =>
        sendWithCsrf<StaffSession>(baseQuery, { url: '/admin/session', method: 'POST', body: { ...body } }) as Promise<
          { data: StaffSession } | { error: FetchBaseQueryError }
        >,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => undefined);
        if (!answer) return; // The form shows the error.
        dispatch(api.util.invalidateTags([...STAFF_DATA]));
        dispatch(staffSessionApi.util.upsertQueryData('adminGetSession', undefined, answer.data));
      },
    }),
  }),
});

export const { useAdminGetSessionQuery, useAdminSignInMutation } = staffSessionApi;
