import type { RequestHandler } from 'express';
import { UNSAFE_METHODS } from '../../entry-points/http/middleware/csrf-protection';
import { HttpError } from '../../errors';
import type { StaffAccountRepository } from './staff-account-repository';
import { type PublicStaff, publicStaff, sessionHolds } from './staff-account';
import type { StaffSessionClaims, StaffSessions } from './staff-sessions';

/** The signed-in staff member of an /api/admin request, as staffAuthentication leaves it on `res.locals.staffSession`. */
export interface StaffSessionState {
  claims: StaffSessionClaims;
  /** The account as it is now (roles change; a disabled account, or one whose sessions were ended, has none). */
  staff: PublicStaff;
  csrfToken: string;
  /** The request carried this session's CSRF token (always false for GET). */
  csrfVerified: boolean;
  /** Every brand the shop runs: a route without :brand needs its role on all of them. */
  shopBrands: readonly string[];
}

const isUnsafe = (method: string) => (UNSAFE_METHODS as readonly string[]).includes(method);

/**
 * The /api/admin mount's session and CSRF check, in place of the site's double-submit one: reads
 * the staff session and the account behind it (so a role change, a disabled account, or a new
 * authenticator or password ending its sessions, counts at the next request), then wants the
 * session's own CSRF token on every POST, PUT, PATCH and DELETE. The sign-in has no staff session yet: it carries the site's CSRF token (GET
 * /api/auth/csrf), checked by `siteCsrf`, so no other site can sign a browser in either.
 */
export function staffAuthentication(deps: {
  sessions: StaffSessions;
  accounts: StaffAccountRepository;
  siteCsrf: RequestHandler;
  shopBrands: readonly string[];
}): RequestHandler {
  const { sessions, accounts, siteCsrf, shopBrands } = deps;
  return async (req, res, next) => {
    const claims = await sessions.read(req, res);
    if (claims) {
      const found = await accounts.read(claims.email, res.locals.correlationId);
      if (found && sessionHolds(found.account, claims.startedAtMs))
        res.locals.staffSession = {
          claims,
          staff: publicStaff(found.account),
          csrfToken: sessions.csrfToken(claims),
          csrfVerified: false,
          shopBrands,
        };
      else await sessions.end(req, res, claims);
    }
    if (!isUnsafe(req.method)) return next();
    if (req.method === 'POST' && req.path === '/session') return siteCsrf(req, res, next);
    const body =
      typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body)
        ? (req.body as Record<string, unknown>)
        : undefined;
    const session = res.locals.staffSession;
    if (!session || !sessions.csrfMatches(session.claims, body?.csrfToken ?? req.get('x-csrf-token')))
      return next(new HttpError(403, 'MissingCSRF', 'The CSRF token is missing or wrong.'));
    if (body) delete body.csrfToken;
    session.csrfVerified = true;
    next();
  };
}
