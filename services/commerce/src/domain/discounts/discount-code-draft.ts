import { z } from 'zod';
import { invalidInput } from '../../errors';
import { parseCodePredicate } from './discount-code-predicate';

const MAX_INT = 2_147_483_647;

const localized = z
  .array(
    z.object({
      locale: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a locale such as en-US'),
      value: z.string().min(1).max(256),
    }),
  )
  .max(20)
  .nullish()
  .transform((items) =>
    items?.length ? Object.fromEntries(items.map((item) => [item.locale, item.value])) : undefined,
  );

const cartDiscountIdentifier = z
  .object({
    typeId: z.literal('cart-discount').nullish(),
    id: z.string().min(1).max(64).nullish(),
    key: z.string().min(1).max(256).nullish(),
  })
  .refine((ref) => Boolean(ref.id) !== Boolean(ref.key), 'name a cart discount by its id or by its key');

const dateTime = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 date and time' })
  .transform((value) => new Date(value).toISOString());
const limit = z.number().int().min(1).max(MAX_INT).nullish();

const draftSchema = z
  .object({
    // Codes are typed by shoppers: letters, digits, - and _ only, compared without case.
    code: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _')
      .transform((code) => code.toUpperCase()),
    key: z
      .string()
      .regex(/^[A-Za-z0-9_-]{2,256}$/, 'must be 2 to 256 letters, digits, - or _')
      .nullish(),
    name: localized,
    description: localized,
    cartDiscounts: z.array(cartDiscountIdentifier).min(1).max(10),
    isActive: z.boolean().nullish(),
    validFrom: dateTime.nullish(),
    validUntil: dateTime.nullish(),
    maxApplications: limit,
    maxApplicationsPerCustomer: limit,
    groups: z
      .array(z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be 1 to 64 lower-case letters, digits or -'))
      .max(10)
      .nullish(),
    cartPredicate: z
      .string()
      .max(512)
      .superRefine((value, ctx) => {
        try {
          parseCodePredicate(value);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message.replace(/^cartPredicate: /, '') });
        }
      })
      .nullish(),
  })
  .refine((draft) => !draft.validFrom || !draft.validUntil || draft.validFrom < draft.validUntil, {
    message: 'must be later than validFrom',
    path: ['validUntil'],
  });

export type DiscountCodeDraft = z.infer<typeof draftSchema>;

/** Validates a DiscountCodeDraft from the API; anything malformed is InvalidInput naming the field. */
export function parseDiscountCodeDraft(input: unknown): DiscountCodeDraft {
  const parsed = draftSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.path.length ? issue.path.join('.') : 'draft';
  throw invalidInput(`${field}: ${issue.message}`);
}
