import type { ContactResponse } from '@shop/contracts/browser';
import { api, postWithCsrf } from '@shop/platform';
import type { ContactValues } from '../validate-contact';

/**
 * POST /api/contact with the CSRF token every state-changing request carries and a fresh
 * invisible-captcha answer (as the sign-in form gets one). A captcha outage sends an empty
 * answer, which the gateway refuses as a field error the form shows.
 */
export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    contentSendContactMessage: build.mutation<ContactResponse, ContactValues>({
      queryFn: async (values, _api, _extra, baseQuery) => {
        const challenge = await baseQuery('/captcha/challenge');
        const captchaToken = (challenge.data as { token?: string } | undefined)?.token ?? '';
        return postWithCsrf<ContactResponse>(baseQuery, '/contact', { ...values, captchaToken });
      },
    }),
  }),
});
