import { z } from 'zod';
import { checkoutAddressSchema } from './checkout';
import { normalisePassword, safePassword, safeText } from './text';
export * from './account-rules';

/**
 * The signed-in shopper's profile and saved addresses (SPEC §2 /account/profile). Writes carry the
 * `version` the page read; a stale one answers 409 VERSION_CONFLICT with the current profile.
 */

/** A customer's saved address: the checkout address plus the platform's id. */
export const savedAddressSchema = checkoutAddressSchema.extend({ id: z.string() });
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** GET /api/account/profile, and the answer of every profile write. */
export interface ProfileResponse {
  email: string;
  firstName: string;
  lastName: string;
  version: number;
  marketingOptIn: boolean;
  addresses: SavedAddress[];
}

const name = safeText({ message: 'Enter a name in plain text.' })
  .trim()
  .min(1, { message: 'Required.' })
  .max(100, { message: 'Use at most 100 characters.' });
const version = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
export const accountEmailField = safeText({ message: 'Enter a valid e-mail address.' })
  .trim()
  .max(254)
  .regex(/^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{1,63}$/, { message: 'Enter a valid e-mail address.' });
const currentPassword = safePassword({ message: 'Enter your current password.' })
  .min(1, { message: 'Enter your current password.' })
  .max(1024)
  .transform(normalisePassword);
const newPassword = safePassword({ message: 'Enter a password in plain text.' }).max(1024).transform(normalisePassword);

/** PATCH /api/account/profile */
export const profileUpdateSchema = z.strictObject({
  firstName: name,
  lastName: name,
  marketingOptIn: z.boolean(),
  version,
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateSchema>;

/** POST /api/account/email */
export const emailChangeSchema = z.strictObject({ email: accountEmailField, currentPassword, version });
export type EmailChangeRequest = z.input<typeof emailChangeSchema>;

/** POST /api/account/password */
export const passwordChangeSchema = z.strictObject({ currentPassword, newPassword });
export type PasswordChangeRequest = z.input<typeof passwordChangeSchema>;

/** POST /api/account/addresses and PUT /api/account/addresses/:id: the address and the profile version read. */
export const addressWriteSchema = z.strictObject({ address: checkoutAddressSchema, version });
export type AddressWriteRequest = z.input<typeof addressWriteSchema>;

/** DELETE /api/account/addresses/:id?version= */
export const addressDeleteQuerySchema = z.strictObject({ version: z.coerce.number().pipe(version) });
export const addressIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);

/** 409 VERSION_CONFLICT: the profile changed since it was read (another tab); `current` is what it is now. */
export interface VersionConflictBody {
  error: { code: 'VERSION_CONFLICT'; message: string; correlationId: string; current: ProfileResponse };
}
