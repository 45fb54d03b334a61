import { z } from 'zod';

/** The one error shape every /api/* response uses (SPEC, CONVENTIONS). */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    correlationId: z.string(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export { CORRELATION_HEADER } from './constants';
