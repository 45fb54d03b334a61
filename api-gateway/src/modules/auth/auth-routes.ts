import { type Request, type Response, Router } from 'express';
import { safeCallbackUrl } from './safe-callback-url';
import { originOf } from '../../entry-points/http/middleware/brand';
import { HttpError } from '../../errors';
import { DomainError } from '../../shared/domain-error';
import { cookieNames, isSecureRequest, readCookies } from '../../sessions/cookies';
import type { Csrf } from '../../sessions/csrf';
import { callbackUrlSchema, sessionUpdateSchema } from './auth-schemas';
import type { PassportSetup } from './passport-setup';
import type { SessionService } from '../../sessions/session-service';
import type { SessionUser } from '../../sessions/session-token';

const OAUTH = ['google', 'facebook'] as const;
type OAuthProvider = (typeof OAUTH)[number];

/** Runs a Passport strategy session-lessly; resolves to the user (or nothing) and the strategy's info. */
type StrategyInfo = { state?: { callbackUrl?: string }; code?: string };
function authenticate(
  setup: PassportSetup,
  name: string,
  req: Request,
  res: Response,
  options: Record<string, unknown> = {},
) {
  return new Promise<{ user?: SessionUser; info?: StrategyInfo }>((resolve, reject) => {
    setup.passport.authenticate(
      name,
      { session: false, ...options },
      (error: unknown, user: SessionUser | false, info: unknown) => {
        if (error) reject(error);
        else resolve({ user: user || undefined, info: info as StrategyInfo });
      },
    )(req, res, reject);
  });
}

/** SPEC §8 auth error types. */
export const AUTH_ERRORS = [
  'AccessDenied',
  'CredentialsSignin',
  'OAuthAccountNotLinked',
  'OAuthCallbackError',
  'MissingCSRF',
  'Verification',
  'SessionRequired',
  'Configuration',
] as const;

/** Auth.js behaviour: with `X-Auth-Return-Redirect: 1` a redirect becomes `200 {url}`. */
function redirect(req: Request, res: Response, url: string) {
  if (req.get('x-auth-return-redirect') === '1') res.json({ url: new URL(url, originOf(req)).toString() });
  else res.redirect(302, url);
}

/**
 * A callbackUrl is text under the one text rule: a broken one is a 400, not a silent fallback,
 * so a tampered link is visible. Where it may point is safeCallbackUrl's job.
 */
export function callbackUrlText(raw: unknown): string | undefined {
  const parsed = callbackUrlSchema.safeParse(raw);
  if (!parsed.success) throw new DomainError('INVALID_CALLBACK_URL', `callbackUrl: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

/** update({ data }): only first and last names (either spelling), each plain text of at most 256 characters. */
function sessionUpdateNames(fields: Record<string, unknown>): { firstname?: string; lastname?: string } {
  const parsed = sessionUpdateSchema.safeParse(fields);
  if (!parsed.success) {
    const key = parsed.error.issues[0].path[1];
    throw new DomainError(
      'InvalidSessionUpdate',
      typeof key === 'string'
        ? `${key} must be plain text of at most 256 characters.`
        : 'data must be an object of names.',
    );
  }
  const data = parsed.data.data ?? {};
  return { firstname: data.firstname ?? data.firstName, lastname: data.lastname ?? data.lastName };
}

const body = (req: Request): Record<string, unknown> =>
  typeof req.body === 'object' && req.body !== null ? (req.body as Record<string, unknown>) : {};

/**
 * The Auth.js-compatible routes under /api/auth. Sessions are ours (an encrypted cookie);
 * every POST needs the double-submit CSRF token, which the app's CSRF middleware checks.
 */
export function authRoutes(
  sessions: SessionService,
  csrf: Csrf,
  setup: PassportSetup,
  socialAllowed: (res: Response) => Promise<boolean>,
): Router {
  const router = Router();
  const noCache = (res: Response) =>
    res.set({ 'cache-control': 'private, no-cache, no-store', expires: '0', pragma: 'no-cache' });
  // A callbackUrl in the body is validated as sent (null is not "absent"); without one, the query's.
  const callbackOf = (req: Request, fallback = '/') => {
    const fields = body(req);
    return safeCallbackUrl(
      callbackUrlText('callbackUrl' in fields ? fields.callbackUrl : req.query.callbackUrl),
      originOf(req),
      [],
      fallback,
    );
  };

  router.get('/session', async (req, res) => {
    noCache(res);
    const claims = await sessions.read(req, res);
    res.json(claims ? { user: claims.user, expires: new Date(claims.exp * 1000).toISOString() } : null);
  });

  router.get('/csrf', (req, res) => {
    noCache(res);
    const name = cookieNames(isSecureRequest(req)).csrf;
    const { token, cookieValue } = csrf.issue(readCookies(req)[name]);
    if (cookieValue)
      res.cookie(name, cookieValue, { httpOnly: true, sameSite: 'lax', secure: isSecureRequest(req), path: '/' });
    res.json({ csrfToken: token });
  });

  router.get('/providers', async (req, res) => {
    const base = `${originOf(req)}/api/auth`;
    const provider = (id: string, name: string, type: string) => ({
      id,
      name,
      type,
      signinUrl: `${base}/signin/${id}`,
      callbackUrl: `${base}/callback/${id}`,
    });
    const social = (await socialAllowed(res)) ? setup.oauthProviders : [];
    res.json({
      credentials: provider('credentials', 'E-mail and password', 'credentials'),
      guest: provider('guest', 'Guest', 'credentials'),
      ...Object.fromEntries(social.map((id) => [id, provider(id, id === 'google' ? 'Google' : 'Facebook', 'oauth')])),
    });
  });

  // E-mail and password. With no callbackUrl the shopper lands on the account page (SPEC §2).
  const credentialsSignIn = async (req: Request, res: Response) => {
    const callbackUrl = callbackOf(req, '/account');
    const { user, info } = await authenticate(setup, 'credentials', req, res);
    if (!user) {
      // Auth.js carries a `code` with CredentialsSignin: `unavailable` tells the form to say "try again later", not "wrong password".
      const code = info?.code === 'unavailable' ? 'unavailable' : 'credentials';
      const failed = new URLSearchParams({ error: 'CredentialsSignin', code, callbackUrl });
      return redirect(req, res, `/login?${failed.toString()}`);
    }
    await sessions.start(req, res, user, res.locals.cartHandOver);
    return redirect(req, res, callbackUrl);
  };
  router.post('/signin/credentials', credentialsSignIn);
  router.post('/callback/credentials', credentialsSignIn);

  // A guest (anonymous) session: not logged in, but with an id carts and tracking can use.
  const guestSignIn = async (req: Request, res: Response) => {
    const { user } = await authenticate(setup, 'guest', req, res);
    if (!user) throw new DomainError('GUEST_SIGN_IN_FAILED', 'The guest session could not be started.');
    await sessions.start(req, res, user);
    redirect(req, res, callbackOf(req));
  };
  router.post('/signin/guest', guestSignIn);
  router.post('/callback/guest', guestSignIn);
  const oauthProvider = async (req: Request, res: Response): Promise<OAuthProvider> => {
    const name = req.params.provider as OAuthProvider;
    if (!OAUTH.includes(name) || !setup.oauthProviders.includes(name) || !(await socialAllowed(res))) {
      throw new DomainError(
        'UnknownProvider',
        `The sign-in provider "${String(req.params.provider)}" is not configured.`,
      );
    }
    return name;
  };

  // signIn('google'): after the CSRF check, our own authorize step sends the browser on.
  router.post('/signin/:provider', async (req, res) => {
    const provider = await oauthProvider(req, res);
    redirect(
      req,
      res,
      `/api/auth/signin/${provider}/authorize?${new URLSearchParams({ callbackUrl: callbackOf(req) })}`,
    );
  });
  router.get('/signin/:provider/authorize', async (req, res) => {
    const provider = await oauthProvider(req, res);
    await authenticate(setup, provider, req, res, { state: { callbackUrl: callbackOf(req) } });
  });
  router.get('/callback/:provider', async (req, res) => {
    const provider = await oauthProvider(req, res);
    let outcome: Awaited<ReturnType<typeof authenticate>>;
    try {
      outcome = await authenticate(setup, provider, req, res);
    } catch {
      return res.redirect(302, '/login?error=OAuthCallbackError');
    }
    if (res.headersSent) return undefined;
    if (!outcome.user) return res.redirect(302, '/login?error=AccessDenied');
    await sessions.start(req, res, outcome.user, res.locals.cartHandOver);
    return res.redirect(302, safeCallbackUrl(outcome.info?.state?.callbackUrl, originOf(req)));
  });
  router.post('/callback/:provider', async (req, res) => {
    await oauthProvider(req, res);
    throw new HttpError(405, 'MethodNotAllowed', 'OAuth providers call back with GET.');
  });

  router.post('/signout', async (req, res) => {
    await sessions.end(req, res, await sessions.read(req));
    redirect(req, res, callbackOf(req));
  });

  // update(): only the names may change, and only on a signed-in session.
  router.post('/session', async (req, res) => {
    noCache(res);
    // Checked before the session is, and even when they will be ignored (a guest): bad input is refused, not skipped.
    const { firstname, lastname } = sessionUpdateNames(body(req));
    const claims = await sessions.read(req);
    if (!claims) return res.json(null);
    const user = { ...claims.user };
    if (claims.user.isLoggedIn) {
      if (firstname !== undefined) user.firstname = firstname;
      if (lastname !== undefined) user.lastname = lastname;
    }
    const updated = await sessions.update(req, res, claims, user);
    return res.json({ user: updated.user, expires: new Date(updated.exp * 1000).toISOString() });
  });

  router.get('/error', (req, res) => {
    const error = AUTH_ERRORS.find((type) => type === req.query.error) ?? 'Configuration';
    res
      .status(400)
      .json({ error: { code: error, message: `Sign-in failed: ${error}`, correlationId: res.locals.correlationId } });
  });
  router.get('/verify-request', (_req, res) =>
    res.status(404).json({
      error: {
        code: 'Verification',
        message: 'E-mail sign-in links are not enabled.',
        correlationId: res.locals.correlationId,
      },
    }),
  );
  router.get('/webauthn-options', (_req, res) =>
    res.status(400).json({
      error: {
        code: 'WebAuthnNotEnabled',
        message: 'WebAuthn (passkey) sign-in is not enabled.',
        correlationId: res.locals.correlationId,
      },
    }),
  );
  return router;
}
