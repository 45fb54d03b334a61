import { z } from 'zod';
import { safePassword, safeText } from './text';

/**
 * The credentials sign-in form (POST /api/auth/callback/credentials and signin/credentials).
 * Lengths are generous bounds, not policy: a wrong password is judged by the commerce service.
 * csrfToken and callbackUrl are checked by their own steps; the captcha answer is verified after this.
 */
export const credentialsRequestSchema = z.looseObject({
  email: safeText({ message: 'Enter your e-mail address.' })
    .trim()
    .min(1, { message: 'Enter your e-mail address.' })
    .max(320),
  password: safePassword({ message: 'Enter your password.' }).min(1, { message: 'Enter your password.' }).max(1024),
  captchaToken: safeText().max(4096).optional(),
  captcha: safeText().max(4096).optional(),
});
export type CredentialsRequest = z.infer<typeof credentialsRequestSchema>;
