import { z } from 'zod';

export { CONSENT_CATEGORIES, DEFAULT_CONSENT, GPC_HEADER } from './privacy-constants';
export type { ConsentCategory } from './privacy-constants';

export const privacyPreferencesRequestSchema = z.strictObject({
  analytics: z.boolean(),
  marketing: z.boolean(),
});
export type PrivacyPreferencesRequest = z.infer<typeof privacyPreferencesRequestSchema>;

export const consentSourceSchema = z.enum(['default', 'session', 'customer', 'gpc']);
export type ConsentSource = z.infer<typeof consentSourceSchema>;

/** The effective consent of a request: what the site does, after GPC. */
export const privacyPreferencesSchema = z.object({
  analytics: z.boolean(),
  marketing: z.boolean(),
  gpc: z.boolean(),
  source: consentSourceSchema,
});
export type PrivacyPreferences = z.infer<typeof privacyPreferencesSchema>;
