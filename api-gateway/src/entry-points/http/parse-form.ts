import type { z } from 'zod';
import { DomainError } from '../../shared/domain-error';

/**
 * Validates a form body; on failure a 400 VALIDATION_FAILED whose error.fields names every
 * wrong field with its first message, so a form can show each one next to its input.
 */
export function parseForm<T>(schema: z.ZodType<T>, value: unknown): T {
  const body = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const name = issue.code === 'unrecognized_keys' ? issue.keys[0] : String(issue.path[0] ?? 'body');
    fields[name] ??= issue.code === 'unrecognized_keys' ? 'is not a field of this form' : issue.message;
  }
  throw new DomainError('VALIDATION_FAILED', `Check these fields: ${Object.keys(fields).join(', ')}.`, fields);
}
