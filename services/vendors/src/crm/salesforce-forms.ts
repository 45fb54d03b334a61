import { z } from 'zod';

/**
 * The form posts of Salesforce's Web-to-Case and Web-to-Lead, the subset we accept: the standard
 * field names, org and record type ids in Salesforce's 15/18-character format, and custom
 * fields by their API names (`Something__c`). Empty fields count as not sent, as in a browser
 * form post. Anything else is refused with the field named, so a mapping mistake in the caller
 * shows up at once instead of as silently dropped data.
 */
const sfId = (prefix: string) =>
  z.string().regex(new RegExp(`^${prefix}[A-Za-z0-9]{12}(?:[A-Za-z0-9]{3})?$`), {
    message: `must be a Salesforce id starting with ${prefix}`,
  });
// Tab, line feed and carriage return are fine in a description; other control characters are not.
const CONTROL = /(?![\t\n\r])\p{Cc}/u;
const text = (max: number) =>
  z
    .string()
    .max(max, { message: `must be at most ${max} characters` })
    .refine((value) => !CONTROL.test(value), { message: 'must not contain control characters' });
const line = (max: number) => text(max).refine((value) => !/[\r\n]/.test(value), { message: 'must be a single line' });
const email = z
  .string()
  .max(80)
  .regex(/^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{1,63}$/, { message: 'must be an e-mail address' });

/** Fields a Salesforce form may carry that only steer the servlet; accepted and not stored. */
const servletFields = {
  retURL: line(2048).optional(),
  encoding: line(20).optional(),
  debug: line(5).optional(),
  debugEmail: email.optional(),
  external: line(5).optional(),
};

export const caseFormSchema = z.strictObject({
  orgid: sfId('00D'),
  recordType: sfId('012').optional(),
  name: line(80).optional(),
  email,
  phone: line(40).optional(),
  company: line(80).optional(),
  subject: line(255),
  description: text(32_000),
  origin: line(40).optional(),
  type: line(40).optional(),
  reason: line(40).optional(),
  priority: line(40).optional(),
  ...servletFields,
});
export type CaseForm = z.infer<typeof caseFormSchema>;

export const leadFormSchema = z.strictObject({
  oid: sfId('00D'),
  recordType: sfId('012').optional(),
  first_name: line(40).optional(),
  last_name: line(80),
  email,
  company: line(255).optional(),
  phone: line(40).optional(),
  lead_source: line(40).optional(),
  ...servletFields,
});
export type LeadForm = z.infer<typeof leadFormSchema>;

const CUSTOM_FIELD = /^[A-Za-z][A-Za-z0-9_]{0,39}__c$/;
const customValue = text(1000);
const MAX_CUSTOM_FIELDS = 30;

export class FormError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'FormError';
  }
}

/** Splits a parsed urlencoded body into the standard fields (validated by `schema`) and the custom ones. */
export function parseForm<T>(schema: z.ZodType<T>, body: unknown): { fields: T; custom: Record<string, string> } {
  const raw = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const standard: Record<string, unknown> = {};
  const custom: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === '') continue;
    if (!CUSTOM_FIELD.test(key)) {
      standard[key] = value;
      continue;
    }
    const checked = customValue.safeParse(value);
    if (!checked.success)
      throw new FormError(
        key,
        typeof value === 'string' ? checked.error.issues[0].message : 'must be sent once, as text',
      );
    custom[key] = checked.data;
  }
  if (Object.keys(custom).length > MAX_CUSTOM_FIELDS)
    throw new FormError('(form)', `at most ${MAX_CUSTOM_FIELDS} custom fields`);
  const result = schema.safeParse(standard);
  if (!result.success) {
    const issue = result.error.issues[0];
    if (issue.code === 'unrecognized_keys') throw new FormError(issue.keys[0], 'is not a field of this form');
    const field = issue.path.map(String).join('.') || '(form)';
    throw new FormError(field, standard[field] === undefined ? 'is required' : issue.message);
  }
  return { fields: result.data, custom };
}

const OPT_IN_FIELD = /^([a-z][a-z0-9_]*_optin)__c$/;

/**
 * The e-mail opt-in a lead signs up for: the one custom checkbox named `<key>_optin__c`, sent as 1
 * (each brand has its own key, e.g. vanityfair_email_optin).
 */
export function optInKeyOf(custom: Record<string, string>): string {
  const keys = Object.keys(custom).filter((key) => OPT_IN_FIELD.test(key));
  if (keys.length !== 1) throw new FormError('(opt-in)', 'send exactly one <brand>_optin__c checkbox');
  if (custom[keys[0]] !== '1') throw new FormError(keys[0], 'must be 1');
  return OPT_IN_FIELD.exec(keys[0])?.[1] as string;
}
