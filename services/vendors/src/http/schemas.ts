import { US_STATES, type UsState } from '@shop/contracts';
import { z } from 'zod';

/** A US state, DC, territory or military post office code, upper case (as USPS writes them). */
export const stateCode = z
  .string()
  .refine((value): value is UsState => Object.hasOwn(US_STATES, value), 'must be a US state code such as NY');

/** A ZIP or ZIP+4 code. */
export const postalCode = z.string().regex(/^\d{5}(-\d{4})?$/, 'must be a US ZIP code such as 10001');

/** Cents: a whole number, never negative, at most a million dollars. */
export const cents = z.number().int('must be whole cents').min(0).max(100_000_000);

export const usd = z.literal('USD', { message: 'only USD is supported' });

/** Ids and references the callers make (order numbers, cart ids, line ids). */
export const reference = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]*$/, 'letters, digits and _ . : - only');

/** Text of one line without control characters. */
export const line = (max: number, min = 0) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine(
      (value) => value.trim().length >= min,
      min === 1 ? 'must not be empty' : `must be at least ${min} characters`,
    )
    .refine((value) => !/\p{Cc}/u.test(value), 'must be one line of text');
