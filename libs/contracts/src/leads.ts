import { z } from 'zod';
import { EMAIL_PATTERN, MARKUP } from './contact-rules';
import { EMAIL_SIGNUP_PLACEMENTS } from './leads-constants';
import { safeText } from './text';

export * from './leads-constants';

/** POST /api/leads: an e-mail signup from the modal or the footer form. */
export const leadRequestSchema = z.strictObject({
  email: safeText({ message: 'must be an e-mail address' })
    .trim()
    .max(80, { message: 'must be at most 80 characters' })
    .regex(EMAIL_PATTERN, { message: 'must be an e-mail address' })
    .refine((value) => !MARKUP.test(value), { message: 'must be an e-mail address' }),
  firstName: safeText({ message: 'must be plain text' })
    .trim()
    .max(40, { message: 'must be at most 40 characters' })
    .refine((value) => !MARKUP.test(value), { message: 'must be plain text' })
    .optional(),
  placement: z.enum(EMAIL_SIGNUP_PLACEMENTS, { message: 'must be modal or footer' }),
});
export type LeadRequest = z.infer<typeof leadRequestSchema>;

/**
 * `code` and `validUntil` come with a subscription while the brand takes codes (its `discounts`
 * flag); without it a signup is only the subscription.
 */
export type LeadResponse =
  { status: 'subscribed'; code?: string; validUntil?: string } | { status: 'already-subscribed' };
