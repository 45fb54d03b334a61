import type { OperationSpec, PathsFragment } from '../../openapi/operation';
import {
  auditNumberParams,
  brandParams,
  flagAuditResponses,
  flagChangeResponses,
  flagKeyParams,
  flagListingResponses,
  flagNotFound,
  flagRollbackResponses,
} from '../flags/flag-openapi';
import { adminFlagChangeSchema, adminFlagRollbackSchema } from './admin-flag-routes';
import { staffSignInSchema } from './staff-session-routes';

const STAFF_TOKEN =
  "Every POST, PUT and DELETE under /api/admin except the sign-in carries the staff session's CSRF token (csrfToken in the answer of GET or POST /api/admin/session) as X-CSRF-Token or csrfToken; the site's token from GET /api/auth/csrf is refused there.";
const staffErrors = {
  '401': { description: 'STAFF_SIGN_IN_REQUIRED: no staff session (or it ended)', schema: 'error' as const },
};
const roleErrors = (role: string) => ({
  ...staffErrors,
  '403': {
    description: `FORBIDDEN: the staff member is not a ${role} of this brand; MissingCSRF on a change without the staff session's token`,
    schema: 'error' as const,
  },
  ...flagNotFound,
});
const session = { description: '{ staff: { email, roles: { [brand]: "viewer" | "manager" } }, csrfToken }' };
const staffOnly = (spec: OperationSpec): OperationSpec => ({ ...spec, description: STAFF_TOKEN });

/** The admin's routes for staff (flags, preview links, the staff session), as mounted under /api/admin. */
export const adminOpenApi: PathsFragment = {
  '/api/admin/session': {
    post: {
      summary:
        'Staff sign-in with e-mail, password and the authenticator code: sets the staff session cookie (30 minutes idle, 8 hours at most) and answers the staff member with the session CSRF token. Carries the site CSRF token (GET /api/auth/csrf)',
      body: staffSignInSchema,
      upstream: true,
      responses: {
        '200': session,
        '401': {
          description:
            'STAFF_SIGN_IN_FAILED: one answer for an unknown e-mail, a disabled account, a wrong password, a missing, wrong or already used code, and too many failed tries',
          schema: 'error',
        },
      },
    },
    get: staffOnly({
      summary: 'The signed-in staff member and the session CSRF token',
      upstream: true,
      responses: { '200': session, ...staffErrors },
    }),
    delete: staffOnly({
      summary: 'Staff sign-out: the session ends on every copy of its cookie',
      upstream: true,
      responses: { '204': { description: 'Signed out' }, ...staffErrors },
    }),
  },
  '/api/admin/brands': {
    get: staffOnly({
      summary: 'The brands the staff member has a role on, with the role',
      upstream: true,
      responses: { '200': { description: '{ brands: [{ id, name, role }] }' }, ...staffErrors },
    }),
  },
  '/api/admin/brands/{brand}/flags': {
    get: staffOnly({
      summary:
        "Admin (viewer): the brand's flags (flags.json, overrides in force, last change) and the overrides' version",
      params: brandParams,
      upstream: true,
      responses: { ...flagListingResponses, ...roleErrors('viewer') },
    }),
  },
  '/api/admin/brands/{brand}/flags/{key}': {
    put: staffOnly({
      summary:
        'Admin (manager): change a flag (state, defaultVariant, flagd targeting) at the version read, with a reason; the signed-in staff member is the actor. In force on this gateway at once, on the others within 2 s',
      params: flagKeyParams,
      body: adminFlagChangeSchema,
      upstream: true,
      responses: { ...flagChangeResponses, ...roleErrors('manager') },
    }),
  },
  '/api/admin/brands/{brand}/flags/audit': {
    get: staffOnly({
      summary: 'Admin (viewer): every change, newest first (who, when, flag, old, new, reason); nothing edits it',
      params: brandParams,
      upstream: true,
      responses: { ...flagAuditResponses, ...roleErrors('viewer') },
    }),
  },
  '/api/admin/brands/{brand}/flags/audit/{number}/rollback': {
    post: staffOnly({
      summary: 'Admin (manager): put the flag back as it was before that change, as a change of its own',
      params: auditNumberParams,
      body: adminFlagRollbackSchema,
      upstream: true,
      responses: { ...flagRollbackResponses, ...roleErrors('manager') },
    }),
  },
  '/api/admin/brands/{brand}/preview-link': {
    post: staffOnly({
      summary:
        'Admin (manager): a link to the brand\'s site, good for 1 hour, that makes the browser opening it a previewer (flags see customerGroup "previewers") until it expires',
      params: brandParams,
      upstream: true,
      responses: { '200': { description: '{ url, expiresAt }' }, ...roleErrors('manager') },
    }),
  },
};
