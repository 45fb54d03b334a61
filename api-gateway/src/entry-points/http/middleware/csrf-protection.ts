import type { RequestHandler } from 'express';
import { HttpError } from '../../../errors';
import { cookieNames, isSecureRequest, readCookies } from '../../../sessions/cookies';
import type { Csrf } from '../../../sessions/csrf';

export const UNSAFE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The only unsafe routes that take no CSRF token, and why each cannot carry one. Everything
 * else the app mounts is behind csrfProtection, or behind its mount's own check (the admin's,
 * whose token is bound to the staff session); a test checks both that every other unsafe route
 * refuses a request without the token and that this list is exactly what it is.
 */
export const CSRF_ALLOW_LIST: ReadonlyArray<{ method: (typeof UNSAFE_METHODS)[number]; path: string; reason: string }> =
  [
    {
      method: 'POST',
      path: '/api/tracking',
      reason:
        'Tracking beacons (navigator.sendBeacon and fetch keepalive) cannot wait for a token; the route instead accepts only application/json from this very site (Sec-Fetch-Site or Origin), which a cross-site form cannot send.',
    },
    ...['/api/ofrep/v1/evaluate/flags', '/api/ofrep/v1/evaluate/flags/{key}'].map((path) => ({
      method: 'POST' as const,
      path,
      reason:
        "OpenFeature remote evaluation (OFREP): POST only carries the evaluation context; it changes nothing, and no CORS header lets another site read the answer. OpenFeature's OFREP providers send no CSRF token.",
    })),
    ...(['fulfil', 'cancel', 'ready', 'ship', 'deliver'] as const).map((action) => ({
      method: 'POST' as const,
      path: `/api/ops/orders/{orderNumber}/${action}`,
      reason:
        'A back-office call from a server: it is authorised by the OPS_API_KEY bearer header alone, which a browser never sends by itself; no cookie is read, so a forged cross-site request carries nothing that would authorise it.',
    })),
    ...[
      { method: 'PUT' as const, path: '/api/ops/flags/{brand}/{key}' },
      { method: 'POST' as const, path: '/api/ops/flags/{brand}/audit/{number}/rollback' },
      { method: 'POST' as const, path: '/api/ops/products/{style}/withdraw' },
      { method: 'POST' as const, path: '/api/ops/products/{style}/restore' },
      { method: 'POST' as const, path: '/api/ops/returns/{returnId}/refund' },
      { method: 'POST' as const, path: '/api/ops/jobs/dead/{queue}/{id}/again' },
    ].map((route) => ({
      ...route,
      reason:
        'A back-office call from a server, like the order moves: the OPS_API_KEY bearer header alone authorises it, and no cookie is read.',
    })),
  ];

/** `{name}` in an allow-listed path stands for one path segment. */
const allowed = CSRF_ALLOW_LIST.map(({ method, path }) => ({
  method,
  path: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/** Whether `method path` (as requested, or as documented with `{name}` segments) needs the token. */
export const needsCsrf = (method: string, path: string) =>
  UNSAFE_METHODS.includes(method.toUpperCase() as never) &&
  !allowed.some((entry) => entry.method === method.toUpperCase() && entry.path.test(path));

/**
 * The double-submit check on every POST, PUT, PATCH and DELETE: the token from the body
 * (`csrfToken`, so the app parses bodies before this runs) or the X-CSRF-Token header must match
 * the CSRF cookie. A match removes `csrfToken` from the body, so routes validate their own fields only.
 */
export function csrfProtection(csrf: Csrf): RequestHandler {
  return (req, _res, next) => {
    if (!UNSAFE_METHODS.includes(req.method as never)) return next();
    const path = `${req.baseUrl}${req.path}`.replace(/(.)\/$/, '$1');
    if (!needsCsrf(req.method, path)) return next();
    const body =
      typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body)
        ? (req.body as Record<string, unknown>)
        : undefined;
    const submitted = body?.csrfToken ?? req.get('x-csrf-token');
    if (!csrf.verify(readCookies(req)[cookieNames(isSecureRequest(req)).csrf], submitted)) {
      return next(new HttpError(403, 'MissingCSRF', 'The CSRF token is missing or wrong.'));
    }
    if (body) delete body.csrfToken;
    next();
  };
}
