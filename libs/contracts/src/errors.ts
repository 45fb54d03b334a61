import { z } from 'zod';

/** The one error shape every /api/* response uses (SPEC, CONVENTIONS). */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    correlationId: z.string(),
    /** Validation failures of a form: one message per field that is wrong. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export { CORRELATION_HEADER } from './constants';
