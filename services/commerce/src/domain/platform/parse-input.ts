import type { z } from 'zod';
import { invalidInput } from '../../errors';

/** Ten million dollars: far above any order, far below where cents stop being exact in a double. */
export const MAX_CENTS = 1_000_000_000;

/** Parses input with a schema; anything malformed is InvalidInput naming the field. */
export function parseWith<T>(schema: z.ZodType<T>, input: unknown, what: string): T {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.path.length ? issue.path.join('.') : what;
  throw invalidInput(`${field}: ${issue.message}`);
}
