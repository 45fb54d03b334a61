import { z } from 'zod';
import {
  CONTACT_MESSAGES,
  type ContactCountry,
  type ContactField,
  type ContactFieldErrors,
  type ContactTopic,
  OPTIONAL_CONTACT_FIELDS,
  contactFieldProblem,
  normaliseContactValue,
} from './contact-rules';

import { safeText } from './text';

export * from './contact-rules';

/** One field: text under the one text rule (anything else gets the field's own message), normalised, then the shared rules. */
const field = (name: ContactField) => {
  const text = safeText({ message: CONTACT_MESSAGES[name], multiline: name === 'message' })
    .transform((value) => normaliseContactValue(name, value))
    .superRefine((value, ctx) => {
      const problem = contactFieldProblem(name, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
  return OPTIONAL_CONTACT_FIELDS.includes(name) ? text.optional().transform((value) => value || undefined) : text;
};

/** POST /api/contact body (the CSRF token travels in it too, and is checked before this). */
export const contactRequestSchema = z.object({
  firstName: field('firstName'),
  lastName: field('lastName'),
  email: field('email'),
  phone: field('phone'),
  country: field('country'),
  orderNumber: field('orderNumber'),
  topic: field('topic'),
  message: field('message'),
  captchaToken: field('captchaToken'),
});

export interface ContactRequest {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  country: ContactCountry;
  orderNumber?: string;
  topic: ContactTopic;
  message: string;
  captchaToken: string;
}

/** Validates a contact body; on failure, one message per field that is wrong. */
export function parseContactRequest(
  body: unknown,
): { ok: true; value: ContactRequest } | { ok: false; fields: ContactFieldErrors } {
  const result = contactRequestSchema.safeParse(
    typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {},
  );
  if (result.success) return { ok: true, value: result.data as ContactRequest };
  const fields: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0] as ContactField;
    fields[name] ??= issue.message;
  }
  return { ok: false, fields };
}
