import { api, sendWithCsrf } from '@shop/platform';

export interface RegisterRequest {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  marketingOptIn: boolean;
  callbackUrl?: string;
}

/** Registration and passwords (/api/account/*), injected into the one API slice. */
export const accountAuthApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountRegister: build.mutation<{ url: string }, RegisterRequest>({
      queryFn: (body, _api, _extra, baseQuery) =>
        sendWithCsrf<{ url: string }>(baseQuery, { url: '/account/register', method: 'POST', body: { ...body } }),
      invalidatesTags: ['Session', 'Cart'],
    }),
    accountForgotPassword: build.mutation<{ message: string }, { email: string }>({
      queryFn: (body, _api, _extra, baseQuery) =>
        sendWithCsrf<{ message: string }>(baseQuery, {
          url: '/account/password/forgot',
          method: 'POST',
          body: { ...body },
        }),
    }),
    accountResetPassword: build.mutation<{ message: string; url: string }, { token: string; newPassword: string }>({
      queryFn: (body, _api, _extra, baseQuery) =>
        sendWithCsrf<{ message: string; url: string }>(baseQuery, {
          url: '/account/password/reset',
          method: 'POST',
          body: { ...body },
        }),
      invalidatesTags: ['Session'],
    }),
  }),
});

export const { useAccountRegisterMutation, useAccountForgotPasswordMutation, useAccountResetPasswordMutation } =
  accountAuthApi;
