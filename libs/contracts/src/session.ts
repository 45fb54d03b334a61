import { z } from 'zod';

/**
 * SPEC §3 session user, as GET /api/auth/session returns it and as the gateway's session token
 * carries it: one schema for both, so the browser's type and the token's check cannot drift.
 */
export const sessionUserSchema = z.object({
  id: z.string().min(1).max(100),
  email: z.string().max(320).optional(),
  firstname: z.string().max(256).optional(),
  lastname: z.string().max(256).optional(),
  isLoggedIn: z.boolean(),
  externalLoginData: z.object({ facebookId: z.string().max(100).optional() }).optional(),
  userId: z.string().max(100).optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
