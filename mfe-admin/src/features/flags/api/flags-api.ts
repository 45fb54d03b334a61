import { api } from '@shop/platform';
import type { FlagChange, FlagChangeAnswer, FlagChangeRequest, FlagListing } from '../../../lib/admin-contract';
import { isConflict } from '../../../lib/staff-error';
import { segment, staffRequest } from '../../../lib/staff-request';

const flagsUrl = (brand: string) => `/admin/brands/${segment(brand)}/flags`;

/**
 * A brand's flags, their changes and the audit (/api/admin/brands/{brand}/flags...). A change or a
 * rollback names the version it was made from; a 409 means someone changed the flags since, so
 * the listing and the audit are read again and the manager sees their change.
 */
export const flagsApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminGetFlags: build.query<FlagListing, string>({
      queryFn: (brand, queryApi, _extra, baseQuery) =>
        staffRequest<FlagListing>(queryApi, baseQuery, { url: flagsUrl(brand) }),
      providesTags: (_result, _error, brand) => [{ type: 'Flags', id: brand }],
    }),
    adminChangeFlag: build.mutation<FlagChangeAnswer, { brand: string; key: string; change: FlagChangeRequest }>({
      queryFn: ({ brand, key, change }, queryApi, _extra, baseQuery) =>
        staffRequest<FlagChangeAnswer>(queryApi, baseQuery, {
          url: `${flagsUrl(brand)}/${segment(key)}`,
          method: 'PUT',
          body: { ...change },
        }),
      invalidatesTags: (result, error, { brand }) =>
        result
          ? [{ type: 'FlagAudit', id: brand }]
          : isConflict(error)
            ? [
                { type: 'Flags', id: brand },
                { type: 'FlagAudit', id: brand },
              ]
            : [],
      // The answer is the new listing: no second read.
      async onQueryStarted({ brand }, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => undefined);
        if (!answer) return;
        const { version, flags } = answer.data;
        dispatch(flagsApi.util.upsertQueryData('adminGetFlags', brand, { version, flags }));
      },
    }),
    adminGetFlagAudit: build.query<{ changes: FlagChange[] }, string>({
      queryFn: (brand, queryApi, _extra, baseQuery) =>
        staffRequest<{ changes: FlagChange[] }>(queryApi, baseQuery, { url: `${flagsUrl(brand)}/audit` }),
      providesTags: (_result, _error, brand) => [{ type: 'FlagAudit', id: brand }],
    }),
    adminRollbackFlagChange: build.mutation<
      unknown,
      { brand: string; number: number; version: number; reason: string }
    >({
      queryFn: ({ brand, number, version, reason }, queryApi, _extra, baseQuery) =>
        staffRequest<unknown>(queryApi, baseQuery, {
          url: `${flagsUrl(brand)}/audit/${number}/rollback`,
          method: 'POST',
          body: { version, reason },
        }),
      invalidatesTags: (result, error, { brand }) =>
        result !== undefined || isConflict(error)
          ? [
              { type: 'Flags', id: brand },
              { type: 'FlagAudit', id: brand },
            ]
          : [],
    }),
  }),
});

export const {
  useAdminGetFlagsQuery,
  useAdminChangeFlagMutation,
  useAdminGetFlagAuditQuery,
  useAdminRollbackFlagChangeMutation,
} = flagsApi;
