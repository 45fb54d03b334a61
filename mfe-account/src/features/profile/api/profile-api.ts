import type {
  AddressWriteRequest,
  EmailChangeRequest,
  PasswordChangeRequest,
  ProfileResponse,
  ProfileUpdateRequest,
} from '@shop/contracts/browser';
import { api, sendWithCsrf } from '@shop/platform';

/** The signed-in profile (/api/account/profile, /email, /password, /addresses), injected into the one API slice. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountProfile: build.query<ProfileResponse, void>({
      query: () => ({ url: '/account/profile', headers: { 'cache-control': 'no-cache' } }),
      providesTags: ['Customer'],
      keepUnusedDataFor: 0,
    }),
    accountUpdateProfile: build.mutation<ProfileResponse, ProfileUpdateRequest>({
      queryFn: (body, _api, _extra, baseQuery) =>
        sendWithCsrf<ProfileResponse>(baseQuery, { url: '/account/profile', method: 'PATCH', body: { ...body } }),
      invalidatesTags: ['Session'],
    }),
    accountChangeEmail: build.mutation<ProfileResponse, EmailChangeRequest>({
      queryFn: (body, _api, _extra, baseQuery) =>
        sendWithCsrf<ProfileResponse>(baseQuery, { url: '/account/email', method: 'POST', body: { ...body } }),
      invalidatesTags: ['Session'],
    }),
    accountChangePassword: build.mutation<ProfileResponse, PasswordChangeRequest>({
      queryFn: (body, _api, _extra, baseQuery) =>
        sendWithCsrf<ProfileResponse>(baseQuery, { url: '/account/password', method: 'POST', body: { ...body } }),
    }),
    accountSaveAddress: build.mutation<ProfileResponse, AddressWriteRequest & { id?: string }>({
      queryFn: ({ id, ...body }, _api, _extra, baseQuery) =>
        sendWithCsrf<ProfileResponse>(baseQuery, {
          url: id ? `/account/addresses/${encodeURIComponent(id)}` : '/account/addresses',
          method: id ? 'PUT' : 'POST',
          body: { ...body },
        }),
    }),
    accountRemoveAddress: build.mutation<ProfileResponse, { id: string; version: number }>({
      queryFn: ({ id, version }, _api, _extra, baseQuery) =>
        sendWithCsrf<ProfileResponse>(baseQuery, {
          url: `/account/addresses/${encodeURIComponent(id)}?version=${version}`,
          method: 'DELETE',
        }),
    }),
  }),
});

export const {
  useAccountProfileQuery,
  useAccountUpdateProfileMutation,
  useAccountChangeEmailMutation,
  useAccountChangePasswordMutation,
  useAccountSaveAddressMutation,
  useAccountRemoveAddressMutation,
} = profileApi;
