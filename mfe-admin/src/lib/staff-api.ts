import { api } from '@shop/platform';
import type { BrandsResponse } from './admin-contract';
import { STAFF_DATA, staffSessionApi } from './staff-session-api';
import { staffRequest } from './staff-request';

/** The staff member's brands (GET /api/admin/brands) and the sign-out (DELETE /api/admin/session). */
export const staffApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminGetBrands: build.query<BrandsResponse, void>({
      queryFn: (_arg, queryApi, _extra, baseQuery) =>
        staffRequest<BrandsResponse>(queryApi, baseQuery, { url: '/admin/brands' }),
      providesTags: [{ type: 'Staff', id: 'brands' }],
    }),
    adminSignOut: build.mutation<null, void>({
      queryFn: async (_arg, queryApi, _extra, baseQuery) => {
        const answer = await staffRequest<unknown>(queryApi, baseQuery, { url: '/admin/session', method: 'DELETE' });
        return 'error' in answer ? answer : { data: null };
      },
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => undefined);
        if (!answer) return; // Still signed in: the frame says the sign-out failed.
        dispatch(staffSessionApi.util.upsertQueryData('adminGetSession', undefined, null));
        dispatch(api.util.invalidateTags([...STAFF_DATA]));
      },
    }),
  }),
});

export const { useAdminGetBrandsQuery, useAdminSignOutMutation } = staffApi;
