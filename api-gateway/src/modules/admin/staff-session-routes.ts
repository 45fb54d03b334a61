import type { BrandCatalog } from '@shop/brands';
import { safeText } from '@shop/contracts';
import { Router } from 'express';
import { z } from 'zod';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';
import { DomainError } from '../../shared/domain-error';
import { parseBody } from '../checkout/checkout-routes';
import { type StaffSignInDeps, staffSignIn } from './staff-sign-in';
import { publicStaff } from './staff-account';
import { signedInStaff } from './staff-guard';
import type { StaffSessions } from './staff-sessions';

export const staffSignInSchema = z.strictObject({
  email: safeText().trim().min(3).max(320),
  password: safeText().min(1).max(1024),
  /** The authenticator app's 6-digit code; missing, it is refused like a wrong one. */
  totp: safeText().trim().max(16).optional(),
});

/**
 * The staff session: sign in with e-mail, password and authenticator code (one refusal for
 * every wrong part), read who is signed in with the session's CSRF token, sign out. Then the
 * brands the staff member has a role on.
 */
export function staffSessionRoutes(deps: StaffSignInDeps & { sessions: StaffSessions; catalog: BrandCatalog }) {
  const { sessions, catalog } = deps;
  const router = Router();
  router.use(serviceLabel('Staff sign-in'));

  router.post('/session', async (req, res) => {
    const body = parseBody(staffSignInSchema, req.body);
    const account = await staffSignIn({ ...body, ip: req.ip ?? '', correlationId: res.locals.correlationId }, deps);
    if (!account)
      throw new DomainError(
        'STAFF_SIGN_IN_FAILED',
        'The e-mail, password or code is not right (or there were too many tries: wait a few minutes).',
      );
    // A sign-in over a live session replaces it: the old cookie's copies stop working.
    const previous = res.locals.staffSession?.claims;
    if (previous) await sessions.revoke(previous);
    const claims = await sessions.start(req, res, account.email);
    res.set('cache-control', 'no-store').json({ staff: publicStaff(account), csrfToken: sessions.csrfToken(claims) });
  });

  router.get('/session', signedInStaff, (_req, res) => {
    const session = res.locals.staffSession;
    res.set('cache-control', 'no-store').json({ staff: session?.staff, csrfToken: session?.csrfToken });
  });

  router.delete('/session', signedInStaff, async (req, res) => {
    await sessions.end(req, res, res.locals.staffSession?.claims);
    res.status(204).end();
  });

  router.get('/brands', signedInStaff, (_req, res) => {
    const roles = res.locals.staffSession?.staff.roles ?? {};
    const brands = [...catalog]
      .filter(([id]) => Object.hasOwn(roles, id))
      .map(([id, brand]) => ({ id, name: brand.publicConfig.name, role: roles[id] }));
    res.set('cache-control', 'no-store').json({ brands });
  });
  return router;
}
