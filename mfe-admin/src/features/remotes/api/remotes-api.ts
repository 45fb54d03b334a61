import { api } from '@shop/platform';
import type { RemoteAction, RemoteActionRequest, RemoteChange, RemotesListing } from '../../../lib/admin-contract';
import { isConflict } from '../../../lib/staff-error';
import { segment, staffRequest } from '../../../lib/staff-request';
import { readRemotes } from '../read-remotes';

const remotesUrl = (brand: string) => `/admin/brands/${segment(brand)}/remotes`;
const listing = (brand: string) => ({ type: 'Remotes' as const, id: brand });
const audit = (brand: string) => ({ type: 'Remotes' as const, id: `${brand}/audit` });

/**
 * A brand's remotes in the registry: what is live, a canary, history and the published versions
 * with their compatibility; releases, canaries, promotion, abort, rollback and following the
 * release for all brands again, each made from the registry version the manager saw (a 409 reads
 * it again).
 */
export const remotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminGetRemotes: build.query<RemotesListing, string>({
      queryFn: async (brand, queryApi, _extra, baseQuery) => {
        const answer = await staffRequest<Parameters<typeof readRemotes>[0]>(queryApi, baseQuery, {
          url: remotesUrl(brand),
        });
        return 'error' in answer ? answer : { data: readRemotes(answer.data) };
      },
      providesTags: (_result, _error, brand) => [listing(brand)],
    }),
    adminGetRemoteAudit: build.query<{ changes: RemoteChange[] }, string>({
      queryFn: (brand, queryApi, _extra, baseQuery) =>
        staffRequest<{ changes: RemoteChange[] }>(queryApi, baseQuery, { url: `${remotesUrl(brand)}/audit` }),
      providesTags: (_result, _error, brand) => [audit(brand)],
    }),
    adminRemoteAction: build.mutation<
      unknown,
      { brand: string; remote: string; action: RemoteAction; request: RemoteActionRequest }
    >({
      queryFn: ({ brand, remote, action, request }, queryApi, _extra, baseQuery) =>
        staffRequest<unknown>(queryApi, baseQuery, {
          url: `${remotesUrl(brand)}/${segment(remote)}/${action}`,
          method: 'POST',
          body: { ...request },
        }),
      invalidatesTags: (result, error, { brand }) =>
        result !== undefined || isConflict(error) ? [listing(brand), audit(brand)] : [],
    }),
  }),
});

export const { useAdminGetRemotesQuery, useAdminGetRemoteAuditQuery, useAdminRemoteActionMutation } = remotesApi;
