import { normaliseText, textProblem } from './text-rules';

/**
 * The contact form's rules, without zod so the browser can run exactly what the gateway runs:
 * the gateway's schema (contact.ts) and the form's own checks both call contactFieldProblem.
 */
export const CONTACT_TOPICS = ['order', 'product', 'returns', 'account', 'website', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  order: 'An order',
  product: 'A product',
  returns: 'Returns and exchanges',
  account: 'My account',
  website: 'This website',
  other: 'Something else',
};

/** SPEC §9: contact countries. */
export const CONTACT_COUNTRIES = ['US', 'CA'] as const;
export type ContactCountry = (typeof CONTACT_COUNTRIES)[number];
export const CONTACT_COUNTRY_LABELS: Record<ContactCountry, string> = { US: 'United States', CA: 'Canada' };

/**
 * Lengths fit the CRM's fields: a Salesforce e-mail holds 80 characters, and so does the case's
 * name, which is "first last" (39 + 1 + 39 + 1 spare).
 */
export const CONTACT_LIMITS = {
  name: 39,
  email: 80,
  phone: 30,
  orderNumber: 20,
  messageMin: 10,
  messageMax: 2000,
} as const;

export const CONTACT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'country',
  'orderNumber',
  'topic',
  'message',
  'captchaToken',
] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactFieldErrors = Partial<Record<ContactField, string>>;
/** The fields that may be left empty. */
export const OPTIONAL_CONTACT_FIELDS: readonly ContactField[] = ['phone', 'orderNumber'];

/** Order numbers as a shopper may type them: a brand's two-letter prefix and digits (older ones had fewer). */
export const ORDER_NUMBER_PATTERN = /^[A-Z]{2}\d{6,10}$/;
/** What the CRM accepts as an e-mail address (with at most 80 characters in all). */
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{1,63}$/;
const PHONE = /^\+?[0-9 ().-]{7,30}$/;
/** A tag or comment opener; `a < b` and `<3` stay allowed. */
export const MARKUP = /<[A-Za-z/!?]/;

export const CONTACT_MESSAGES: Record<ContactField, string> = {
  firstName: 'Enter your first name.',
  lastName: 'Enter your last name.',
  email: 'Enter an e-mail address such as name@example.com.',
  phone: 'Enter a phone number: digits, spaces and + ( ) - . only.',
  country: 'Choose Canada or the United States.',
  orderNumber: 'Enter the order number from your confirmation: two capital letters and digits.',
  topic: 'Choose what your message is about.',
  message: `Tell us how we can help, in ${CONTACT_LIMITS.messageMin} to ${CONTACT_LIMITS.messageMax} characters.`,
  captchaToken: 'We could not check that this message comes from a person. Please send it again.',
};
const PLAIN_TEXT = 'Use plain text: no tags such as <b>, and no control characters.';
const tooLong = (max: number) => `Use at most ${max} characters.`;

/** Normalises a value the way the gateway stores it: NFC, trimmed, order numbers upper-cased. */
export function normaliseContactValue(field: ContactField, value: string): string {
  const trimmed = normaliseText(value).trim();
  return field === 'orderNumber' ? trimmed.toUpperCase() : trimmed;
}

/** What is wrong with one (normalised) field value, as the shopper should read it; undefined when fine. */
export function contactFieldProblem(field: ContactField, value: string): string | undefined {
  if (value === '') return OPTIONAL_CONTACT_FIELDS.includes(field) ? undefined : CONTACT_MESSAGES[field];
  if (MARKUP.test(value) || textProblem(value, { multiline: field === 'message' })) return PLAIN_TEXT;
  switch (field) {
    case 'firstName':
    case 'lastName':
      return value.length > CONTACT_LIMITS.name ? tooLong(CONTACT_LIMITS.name) : undefined;
    case 'email':
      if (value.length > CONTACT_LIMITS.email) return tooLong(CONTACT_LIMITS.email);
      return EMAIL_PATTERN.test(value) ? undefined : CONTACT_MESSAGES.email;
    case 'phone':
      return PHONE.test(value) ? undefined : CONTACT_MESSAGES.phone;
    case 'country':
      return (CONTACT_COUNTRIES as readonly string[]).includes(value) ? undefined : CONTACT_MESSAGES.country;
    case 'orderNumber':
      return ORDER_NUMBER_PATTERN.test(value) ? undefined : CONTACT_MESSAGES.orderNumber;
    case 'topic':
      return (CONTACT_TOPICS as readonly string[]).includes(value) ? undefined : CONTACT_MESSAGES.topic;
    case 'message':
      return value.length < CONTACT_LIMITS.messageMin || value.length > CONTACT_LIMITS.messageMax
        ? CONTACT_MESSAGES.message
        : undefined;
    case 'captchaToken':
      return value.length > 4096 ? CONTACT_MESSAGES.captchaToken : undefined;
  }
}

/** POST /api/contact answer: the CRM's case number (null when the CRM does not report one). */
export interface ContactResponse {
  caseNumber: string | null;
}
