import { z } from 'zod';

/**
 * Same-site paths only: nav and footer never link off the platform by config. Brand config and
 * content both use these, so they live apart from either.
 */
export const sitePathSchema = z
  .string()
  .regex(/^\/(?!\/)[A-Za-z0-9\-._~/%?=&]*$/, { message: 'Expected a site path starting with a single /' });

export const linkSchema = z.strictObject({
  label: z.string().min(1).max(60),
  href: sitePathSchema,
});
export type NavLink = z.infer<typeof linkSchema>;
