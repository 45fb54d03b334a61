import {
  CONTACT_FIELDS,
  type ContactField,
  type ContactFieldErrors,
  contactFieldProblem,
  normaliseContactValue,
} from '@shop/contracts/browser';

/** The fields the shopper fills in (the captcha answer is fetched when sending). */
export type ContactFormField = Exclude<ContactField, 'captchaToken'>;
export type ContactValues = Record<ContactFormField, string>;

export const CONTACT_FORM_FIELDS = CONTACT_FIELDS.filter(
  (field): field is ContactFormField => field !== 'captchaToken',
);

export const EMPTY_CONTACT: ContactValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  country: 'US',
  orderNumber: '',
  topic: '',
  message: '',
};

/** The values as the gateway will read them: trimmed, the order number upper-cased. */
export function normaliseContact(values: ContactValues): ContactValues {
  const out = { ...values };
  for (const field of CONTACT_FORM_FIELDS) out[field] = normaliseContactValue(field, values[field]);
  return out;
}

/** One field's problem, by the same rules the gateway applies. */
export const contactFieldError = (field: ContactFormField, value: string) =>
  contactFieldProblem(field, normaliseContactValue(field, value));

/** Every wrong field with its message, in form order; empty when the form can be sent. */
export function validateContact(values: ContactValues): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  for (const field of CONTACT_FORM_FIELDS) {
    const problem = contactFieldError(field, values[field]);
    if (problem) errors[field] = problem;
  }
  return errors;
}
