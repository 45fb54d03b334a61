import { randomUUID } from 'node:crypto';
import express, { type Request, type Response, Router } from 'express';
import { safeCallbackUrl } from '../domain/safe-callback-url';
import { HttpError } from '../errors';
import { cookieNames, isSecureRequest, readCookies } from './cookies';
import type { Csrf } from './csrf';
import type { SessionService } from './session-service';
import type { SessionUser } from './session-token';

/** Signs in with the submitted form fields; resolves to the session user, or nothing on failure. */
export type CredentialsAuthenticator = (req: Request, fields: { email: string; password: string; captcha: unknown }) => Promise<SessionUser | undefined>;

/** SPEC §8 auth error types. */
export const AUTH_ERRORS = ['AccessDenied', 'CredentialsSignin', 'OAuthAccountNotLinked', 'OAuthCallbackError', 'MissingCSRF', 'Verification', 'SessionRequired', 'Configuration'] as const;

const originOf = (req: Request) => `${req.protocol}://${req.get('host')}`;

/** Auth.js behaviour: with `X-Auth-Return-Redirect: 1` a redirect becomes `200 {url}`. */
function redirect(req: Request, res: Response, url: string) {
  if (req.get('x-auth-return-redirect') === '1') res.json({ url: new URL(url, originOf(req)).toString() });
  else res.redirect(302, url);
}

/** Every state-changing request carries the double-submit token (form field, JSON field or header). */
export function checkCsrf(req: Request, csrf: Csrf) {
  const cookie = readCookies(req)[cookieNames(isSecureRequest(req)).csrf];
  const submitted = body(req).csrfToken ?? req.get('x-csrf-token');
  if (!csrf.verify(cookie, submitted)) throw new HttpError(403, 'MissingCSRF', 'The CSRF token is missing or wrong.');
}

const body = (req: Request): Record<string, unknown> => (typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {});

/**
 * The Auth.js-compatible routes under /api/auth. Sessions are ours (an encrypted cookie);
 * every POST needs the double-submit CSRF token.
 */
export function authRoutes(sessions: SessionService, csrf: Csrf, credentials: CredentialsAuthenticator): Router {
  const router = Router();
  router.use(express.urlencoded({ extended: false, limit: '8kb' }), express.json({ limit: '8kb' }));

  const requireCsrf = (req: Request) => checkCsrf(req, csrf);
  const noCache = (res: Response) => res.set({ 'cache-control': 'private, no-cache, no-store', expires: '0', pragma: 'no-cache' });
  const callbackOf = (req: Request, fallback = '/') => safeCallbackUrl(body(req).callbackUrl ?? req.query.callbackUrl, originOf(req), [], fallback);

  router.get('/session', async (req, res) => {
    noCache(res);
    const claims = await sessions.read(req, res);
    res.json(claims ? { user: claims.user, expires: new Date(claims.exp * 1000).toISOString() } : null);
  });

  router.get('/csrf', (req, res) => {
    noCache(res);
    const name = cookieNames(isSecureRequest(req)).csrf;
    const { token, cookieValue } = csrf.issue(readCookies(req)[name]);
    if (cookieValue) res.cookie(name, cookieValue, { httpOnly: true, sameSite: 'lax', secure: isSecureRequest(req), path: '/' });
    res.json({ csrfToken: token });
  });

  router.get('/providers', (req, res) => {
    const base = `${originOf(req)}/api/auth`;
    const provider = (id: string, name: string, type: string) => ({ id, name, type, signinUrl: `${base}/signin/${id}`, callbackUrl: `${base}/callback/${id}` });
    res.json({ credentials: provider('credentials', 'E-mail and password', 'credentials'), guest: provider('guest', 'Guest', 'credentials') });
  });

  // E-mail and password. With no callbackUrl the shopper lands on the account page (SPEC §2).
  const credentialsSignIn = async (req: Request, res: Response) => {
    requireCsrf(req);
    const { email, password, captchaToken, captcha } = body(req);
    const callbackUrl = callbackOf(req, '/account');
    const valid = typeof email === 'string' && email.length <= 320 && typeof password === 'string' && password.length <= 1024;
    const user = valid ? await credentials(req, { email: email.trim(), password, captcha: captchaToken ?? captcha }) : undefined;
    if (!user) {
      const failed = new URLSearchParams({ error: 'CredentialsSignin', code: 'credentials', callbackUrl });
      return redirect(req, res, `/login?${failed.toString()}`);
    }
    await sessions.start(req, res, user);
    return redirect(req, res, callbackUrl);
  };
  router.post('/signin/credentials', credentialsSignIn);
  router.post('/callback/credentials', credentialsSignIn);

  // A guest (anonymous) session: not logged in, but with an id carts and tracking can use.
  const guestSignIn = async (req: Request, res: Response) => {
    requireCsrf(req);
    const id = randomUUID();
    await sessions.start(req, res, { id, userId: id, isLoggedIn: false });
    redirect(req, res, callbackOf(req));
  };
  router.post('/signin/guest', guestSignIn);
  router.post('/callback/guest', guestSignIn);
  router.post('/signin/:provider', (req) => {
    requireCsrf(req);
    throw new HttpError(404, 'UnknownProvider', `The sign-in provider "${req.params.provider}" is not configured.`);
  });
  router.post('/callback/:provider', (req) => {
    requireCsrf(req);
    throw new HttpError(404, 'UnknownProvider', `The sign-in provider "${req.params.provider}" is not configured.`);
  });

  router.post('/signout', async (req, res) => {
    requireCsrf(req);
    await sessions.end(req, res, await sessions.read(req));
    redirect(req, res, callbackOf(req));
  });

  // update(): only the names may change, and only on a signed-in session.
  router.post('/session', async (req, res) => {
    requireCsrf(req);
    noCache(res);
    const claims = await sessions.read(req);
    if (!claims) return res.json(null);
    const data = body(req).data as Record<string, unknown> | undefined;
    const name = (key: string) => {
      const value = data?.[key];
      if (value === undefined) return undefined;
      if (typeof value !== 'string' || value.length > 256) throw new HttpError(400, 'InvalidSessionUpdate', `${key} must be text of at most 256 characters.`);
      return value;
    };
    const user = { ...claims.user };
    if (claims.user.isLoggedIn) {
      const firstname = name('firstname') ?? name('firstName');
      const lastname = name('lastname') ?? name('lastName');
      if (firstname !== undefined) user.firstname = firstname;
      if (lastname !== undefined) user.lastname = lastname;
    }
    const updated = await sessions.update(req, res, claims, user);
    return res.json({ user: updated.user, expires: new Date(updated.exp * 1000).toISOString() });
  });

  router.get('/error', (req, res) => {
    const error = AUTH_ERRORS.find((type) => type === req.query.error) ?? 'Configuration';
    res.status(400).json({ error, message: `Sign-in failed: ${error}` });
  });
  router.get('/verify-request', (_req, res) => res.status(404).json({ error: 'Verification', message: 'E-mail sign-in links are not enabled.' }));
  router.get('/webauthn-options', (_req, res) =>
    res.status(400).json({ error: { code: 'WebAuthnNotEnabled', message: 'WebAuthn (passkey) sign-in is not enabled.', correlationId: res.locals.correlationId } }),
  );
  return router;
}
