import { z } from 'zod';
import { ID_VERIFICATION_GROUPS } from './id-verification-constants';

export * from './id-verification-constants';

export const idVerificationGroupSchema = z.enum(ID_VERIFICATION_GROUPS);

/** GET /api/idMe/start?group=&returnTo= (returnTo: a path on this site; /account by default). */
export const idVerificationStartQuerySchema = z.strictObject({
  group: idVerificationGroupSchema,
  returnTo: z
    .string()
    .max(512)
    .regex(/^\/(?![/\\])[^\s]*$/, 'must be a path on this site, such as /account')
    .optional(),
});
export type IdVerificationStartQuery = z.infer<typeof idVerificationStartQuerySchema>;

/** What the provider sends to /api/idMe/callback: a code and the state, or an error and the state. */
export const idVerificationCallbackQuerySchema = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{1,512}$/)
    .optional(),
  state: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,512}$/)
    .optional(),
  error: z
    .string()
    .regex(/^[a-z_]{1,64}$/)
    .optional(),
  error_description: z.string().max(500).optional(),
});
