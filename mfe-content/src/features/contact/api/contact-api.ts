import type { ContactResponse } from '@shop/contracts/browser';
import { api, csrfToken } from '@shop/platform';
import type { ContactValues } from '../validate-contact';

/**
 * POST /api/contact with the CSRF token every state-changing request carries and a fresh
 * invisible-captcha answer (as the sign-in form gets one). A captcha outage sends an empty
 * answer, which the gateway refuses as a field error the form shows.
 */
export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<ContactResponse, ContactValues>({
      queryFn: async (values, _api, _extra, baseQuery) => {
        let token: string;
        try {
          token = await csrfToken();
        } catch {
          return { error: { status: 'FETCH_ERROR', error: 'The shop could not be reached' } };
        }
        const challenge = await baseQuery('/captcha/challenge');
        const captchaToken = (challenge.data as { token?: string } | undefined)?.token ?? '';
        const result = await baseQuery({ url: '/contact', method: 'POST', body: { ...values, csrfToken: token, captchaToken } });
        return result.error ? { error: result.error } : { data: result.data as ContactResponse };
      },
    }),
  }),
});
