import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { type JsonObject, isPlainObject } from './deep-merge';

/** Raised when a brand file is missing, unparsable or invalid; names the file and the key. */
export class BrandConfigError extends Error {
  constructor(
    readonly file: string,
    readonly key: string,
    detail: string,
  ) {
    super(`Invalid brand config in ${file} at "${key}": ${detail}`);
    this.name = 'BrandConfigError';
  }
}

export function readJsonObject(file: string, shown: string): JsonObject {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new BrandConfigError(shown, '(file)', `not valid JSON: ${(error as Error).message}`);
  }
  if (!isPlainObject(parsed)) throw new BrandConfigError(shown, '(root)', 'must be a JSON object');
  return parsed;
}

/** Validates with a schema; the first issue becomes an error naming the file that owns its key. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, fileOf: (key: string) => string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  let key = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') key = [key, issue.keys[0]].filter(Boolean).join('.');
  throw new BrandConfigError(fileOf(key), key || '(root)', issue.message);
}

/** The file that last wrote the key, or its nearest parent; a key nobody wrote belongs to the fallback. */
export function blame(key: string, provenance: Map<string, string>, fallback: string): string {
  const parts = key.split('.');
  for (let length = parts.length; length > 0; length -= 1) {
    const file = provenance.get(parts.slice(0, length).join('.'));
    if (file) return file;
  }
  return fallback;
}
