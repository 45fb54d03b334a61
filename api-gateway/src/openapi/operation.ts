import type { z } from 'zod';

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof METHODS)[number];

/** One response: its description and, when it has a body, the zod schema of that body (or the one error shape). */
export interface ResponseSpec {
  description: string;
  /** The body's schema; `'error'` is the one JSON error shape. */
  schema?: z.ZodType | 'error';
  headers?: Record<string, { description?: string; schema: z.ZodType }>;
}

/**
 * One operation of a module's OpenAPI fragment, written with the very zod schemas its route
 * validates with. The document builder turns them into JSON Schema and adds what every route of
 * its kind shares: the CSRF token and its 403 on unsafe methods, a 400 for bad input, a 503 for
 * routes that wait on an upstream.
 */
export interface OperationSpec {
  summary: string;
  description?: string;
  /** Query parameters: one per key of the object, required when the key is. */
  query?: z.ZodObject;
  /** Path parameters, as `{name}` in the path. */
  params?: z.ZodObject;
  /** Header and cookie parameters the route reads. */
  headers?: Array<{ name: string; in: 'header' | 'cookie'; schema: z.ZodType; description?: string }>;
  /** The request body (JSON); `form` also accepts it as application/x-www-form-urlencoded. */
  body?: z.ZodType;
  form?: boolean;
  responses: Record<string, ResponseSpec>;
  /** Waits on an upstream service: an outage is a 503 with Retry-After, never a 500. */
  upstream?: boolean;
}

/** A module's part of the document: full paths as mounted (`/api/...`), `{name}` for path parameters. */
export type PathsFragment = Record<string, Partial<Record<Method, OperationSpec>>>;
