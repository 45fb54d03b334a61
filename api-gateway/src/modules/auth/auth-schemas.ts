import { safeText } from '@shop/contracts';
import { z } from 'zod';

/** Where to go after signing in or out; where it may point is safeCallbackUrl's job. */
export const callbackUrlSchema = safeText().max(2048).optional();

const sessionName = safeText().max(256).optional();
/** update({ data }): only the names may change, in either spelling. */
export const sessionUpdateSchema = z.object({
  data: z
    .object({ firstname: sessionName, lastname: sessionName, firstName: sessionName, lastName: sessionName })
    .optional(),
});

export const OAUTH_PROVIDERS = ['google', 'facebook'] as const;
export const providerParams = z.object({ provider: z.enum(OAUTH_PROVIDERS) });
/** Sign-in, sign-out and guest forms: nothing but where to go next. */
export const callbackForm = z.object({ callbackUrl: callbackUrlSchema });
export const postLoginQuery = z.object({ anonymousCartId: z.uuid().optional(), callbackUrl: callbackUrlSchema });
