import type { RequestHandler } from 'express';
import { UNSAFE_METHODS } from '../../entry-points/http/middleware/csrf-protection';
import { HttpError } from '../../errors';
import { DomainError } from '../../shared/domain-error';
import { type StaffRole, roleAllows } from './staff-account';

export type { StaffRole } from './staff-account';
/** What route factories under /api/admin take to protect their routes (remote-admin-routes.ts among them). */
export type StaffGuard = (role: StaffRole) => RequestHandler;

const signedIn: RequestHandler = (req, res, next) => {
  const session = res.locals.staffSession;
  if (!session) return next(new DomainError('STAFF_SIGN_IN_REQUIRED', 'Sign in to the admin first.'));
  // Fails closed if a router using the guard is ever mounted outside /api/admin's check.
  if ((UNSAFE_METHODS as readonly string[]).includes(req.method) && !session.csrfVerified)
    return next(new HttpError(403, 'MissingCSRF', 'The CSRF token is missing or wrong.'));
  res.locals.staff = session.staff;
  next();
};

/** Any signed-in staff member, whatever their roles (their session, the brands they may see). */
export const signedInStaff: RequestHandler = signedIn;

/**
 * The guard of an admin route: a signed-in staff member (401 STAFF_SIGN_IN_REQUIRED), the staff
 * session's CSRF token on unsafe methods (403 MissingCSRF), and at least `role` on the route's
 * `:brand` (403 FORBIDDEN; an unknown brand is one nobody has a role on). A route without
 * `:brand` acts for the whole shop, so it needs `role` on every brand. Sets `res.locals.staff`
 * ({ email, roles }). Use it on the route (`router.put('/x/:brand', staffGuard('manager'), ...)`),
 * where Express has parsed `:brand`; a `router.use` has no route parameters.
 */
export function staffGuard(role: StaffRole): RequestHandler {
  return (req, res, next) =>
    signedIn(req, res, (error?: unknown) => {
      if (error) return next(error);
      const session = res.locals.staffSession;
      const brand = req.params.brand as string | undefined;
      const brands = brand === undefined ? (session?.shopBrands ?? []) : [brand];
      const roles = session?.staff.roles ?? {};
      if (
        brands.length === 0 ||
        !brands.every((name) => roleAllows(Object.hasOwn(roles, name) ? roles[name] : undefined, role))
      )
        return next(
          new DomainError('FORBIDDEN', `Your staff role does not allow this${brand ? ` for ${brand}` : ''}.`),
        );
      next();
    });
}
