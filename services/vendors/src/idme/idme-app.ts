import { createHash, timingSafeEqual } from 'node:crypto';
import type { Logger } from '@shop/node-kit';
import express, { type Express, type Response } from 'express';
import { z } from 'zod';
import { randomId } from '../http/ids';
import { IDME_GROUPS, type IdmeGroup, PAGE_CSS, authorizePage, refusalPage } from './idme-page';

/** Codes are single-use and short-lived (RFC 6749 §4.1.2 recommends at most 10 minutes). */
export const CODE_TTL_MS = 60_000;
export const ACCESS_TOKEN_TTL_SECONDS = 300;

export interface IdmeOptions {
  clientId: string;
  clientSecret: string;
  /** Exact redirect URIs the client registered; anything else is refused without a redirect. */
  redirectUris: readonly string[];
  logger: Logger;
  now?: () => number;
}

interface IssuedCode {
  redirectUri: string;
  challenge: string;
  group: IdmeGroup;
  email: string;
  expiresAt: number;
  used: boolean;
  accessToken?: string;
}

const GROUPS = Object.keys(IDME_GROUPS) as [IdmeGroup, ...IdmeGroup[]];
const BASE64URL_43 = /^[A-Za-z0-9_-]{43}$/;

const authorizeQuery = z.object({
  client_id: z.string().max(200),
  redirect_uri: z.string().max(500),
  response_type: z.literal('code'),
  state: z.string().min(8).max(512),
  code_challenge: z.string().regex(BASE64URL_43, 'must be a base64url SHA-256 digest'),
  code_challenge_method: z.literal('S256'),
  scope: z.enum(GROUPS).optional(),
});
const decisionBody = z.object({
  client_id: z.string().max(200),
  redirect_uri: z.string().max(500),
  state: z.string().min(8).max(512),
  code_challenge: z.string().regex(BASE64URL_43),
  scope: z.enum(GROUPS),
  email: z.string().max(254).optional(),
  decision: z.enum(['approve', 'deny']),
});
const tokenBody = z.object({
  grant_type: z.literal('authorization_code'),
  code: z.string().min(1).max(200),
  redirect_uri: z.string().max(500),
  code_verifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/),
});
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const pageHeaders = (res: Response, formTarget?: string) =>
  res.set({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    // No script at all; the form posts here and its answer redirects to the shop's callback only.
    'Content-Security-Policy': [
      "default-src 'none'",
      "style-src 'self'",
      "base-uri 'none'",
      `form-action 'self'${formTarget ? ` ${formTarget}` : ''}`,
      "frame-ancestors 'none'",
    ].join('; '),
  });

const oauthError = (res: Response, status: number, error: string, description: string) =>
  res.status(status).set('Cache-Control', 'no-store').json({ error, error_description: description });

/**
 * An ID.me-like identity provider for local runs and tests (OAuth 2.0 authorization code with
 * PKCE S256 and state, RFC 6749 and RFC 7636), on its own origin (IDME_PORT):
 *
 * GET  /oauth/authorize?client_id&redirect_uri&response_type=code&state&code_challenge
 *      &code_challenge_method=S256[&scope=<group>]
 *      The verification page. An unknown client or a redirect_uri not registered exactly answers
 *      400 with a page and never redirects; other bad parameters redirect with error=invalid_request.
 * POST /oauth/authorize (the page's form): deny -> redirect_uri?error=access_denied&state;
 *      approve -> redirect_uri?code&state (the code is good once, for 60 seconds).
 * POST /oauth/token (client_secret_basic; grant_type=authorization_code, code, redirect_uri,
 *      code_verifier) -> { access_token, token_type: 'Bearer', expires_in, scope }.
 *      401 invalid_client; 400 invalid_grant (unknown, expired or used code, redirect_uri not the
 *      authorize request's, verifier not matching the challenge); a code presented twice also
 *      revokes the token it gave (RFC 6749 §4.1.2).
 * GET  /api/public/v3/attributes.json (Bearer access token) -> ID.me's shape:
 *      { attributes: [{ handle, name, value }], status: [{ group, subgroups, verified }] };
 *      401 invalid_token.
 * Codes and tokens live in this process only: a restart forgets unfinished verifications.
 */
export function idmeApp({ clientId, clientSecret, redirectUris, logger, now = Date.now }: IdmeOptions): Express {
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, { group: IdmeGroup; email: string; expiresAt: number }>();
  const sweep = () => {
    const at = now();
    for (const [code, issued] of codes) if (issued.expiresAt + CODE_TTL_MS < at) codes.delete(code);
    for (const [token, issued] of tokens) if (issued.expiresAt < at) tokens.delete(token);
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use((_req, res, next) => {
    res.set({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
    next();
  });
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  app.get('/oauth/page.css', (_req, res) => {
    res.set({ 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }).send(PAGE_CSS);
  });

  /** Client and redirect checks come first: a bad one is shown here, never sent anywhere. */
  const registered = (res: Response, query: Record<string, unknown>): string | undefined => {
    if (query.client_id !== clientId) {
      pageHeaders(res).status(400).send(refusalPage('The shop that sent you here is not known to this provider.'));
      return undefined;
    }
    const uri = query.redirect_uri;
    if (typeof uri !== 'string' || !redirectUris.includes(uri)) {
      pageHeaders(res).status(400).send(refusalPage('The address to return to is not registered for this shop.'));
      return undefined;
    }
    return uri;
  };
  const back = (res: Response, redirectUri: string, params: Record<string, string>) => {
    const target = new URL(redirectUri);
    for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
    res.set('Cache-Control', 'no-store').redirect(302, target.toString());
  };

  app.get('/oauth/authorize', (req, res) => {
    const query = req.query as Record<string, unknown>;
    const redirectUri = registered(res, query);
    if (!redirectUri) return;
    const parsed = authorizeQuery.safeParse(query);
    if (!parsed.success) {
      const state: Record<string, string> =
        typeof query.state === 'string' && query.state.length <= 512 ? { state: query.state } : {};
      const field = parsed.error.issues[0].path.join('.');
      return back(res, redirectUri, {
        error: 'invalid_request',
        error_description: `${field} is missing or invalid`,
        ...state,
      });
    }
    pageHeaders(res, new URL(redirectUri).origin).send(authorizePage(parsed.data));
  });

  app.post(
    '/oauth/authorize',
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 20 }),
    (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const redirectUri = registered(res, body);
      if (!redirectUri) return;
      const parsed = decisionBody.safeParse(body);
      if (!parsed.success) {
        pageHeaders(res)
          .status(400)
          .send(refusalPage('The form was incomplete. Start the verification again from the shop.'));
        return;
      }
      const form = parsed.data;
      if (form.decision === 'deny') {
        logger.info('ID.me stand-in: verification denied');
        return back(res, redirectUri, {
          error: 'access_denied',
          error_description: 'The person denied the request',
          state: form.state,
        });
      }
      const email = form.email?.trim() ?? '';
      if (!EMAIL.test(email)) {
        pageHeaders(res, new URL(redirectUri).origin)
          .status(400)
          .send(authorizePage(form, 'Enter the e-mail address you verify with, like name@example.com.'));
        return;
      }
      sweep();
      const code = randomId('', 32);
      codes.set(code, {
        redirectUri,
        challenge: form.code_challenge,
        group: form.scope,
        email,
        expiresAt: now() + CODE_TTL_MS,
        used: false,
      });
      logger.info('ID.me stand-in: verified', { group: form.scope });
      back(res, redirectUri, { code, state: form.state });
    },
  );

  app.post('/oauth/token', express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 20 }), (req, res) => {
    const auth = /^Basic ([A-Za-z0-9+/=]{1,600})$/.exec(req.get('authorization') ?? '');
    const [id, secret] = auth
      ? Buffer.from(auth[1], 'base64')
          .toString('utf8')
          .split(':')
          .map((part) => decodeURIComponent(part))
      : [];
    if (!id || !secret || !sameSecret(id, clientId) || !sameSecret(secret, clientSecret)) {
      res.set('WWW-Authenticate', 'Basic realm="idme"');
      return oauthError(res, 401, 'invalid_client', 'Authenticate the client with HTTP Basic (client_secret_basic).');
    }
    const parsed = tokenBody.safeParse(req.body ?? {});
    if (!parsed.success) {
      const field = parsed.error.issues[0].path.join('.');
      return oauthError(res, 400, 'invalid_request', `${field} is missing or invalid`);
    }
    const { code, redirect_uri: redirectUri, code_verifier: verifier } = parsed.data;
    const issued = codes.get(code);
    if (!issued || issued.expiresAt <= now())
      return oauthError(res, 400, 'invalid_grant', 'The code is unknown or expired.');
    if (issued.used) {
      if (issued.accessToken) tokens.delete(issued.accessToken);
      logger.warn('ID.me stand-in: a code was presented twice; its token is revoked');
      return oauthError(res, 400, 'invalid_grant', 'The code was already used.');
    }
    issued.used = true;
    if (redirectUri !== issued.redirectUri)
      return oauthError(res, 400, 'invalid_grant', 'redirect_uri differs from the authorization request.');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    if (!sameSecret(challenge, issued.challenge))
      return oauthError(res, 400, 'invalid_grant', 'code_verifier does not match the code challenge.');
    const accessToken = randomId('', 40);
    issued.accessToken = accessToken;
    tokens.set(accessToken, {
      group: issued.group,
      email: issued.email,
      expiresAt: now() + ACCESS_TOKEN_TTL_SECONDS * 1000,
    });
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' }).json({
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      scope: issued.group,
    });
  });

  app.get('/api/public/v3/attributes.json', (req, res) => {
    const bearer = /^Bearer ([A-Za-z0-9]{1,200})$/.exec(req.get('authorization') ?? '');
    const found = bearer ? tokens.get(bearer[1]) : undefined;
    if (!found || found.expiresAt <= now()) {
      res.set('WWW-Authenticate', 'Bearer error="invalid_token"');
      return oauthError(res, 401, 'invalid_token', 'The access token is missing, unknown or expired.');
    }
    res.set('Cache-Control', 'no-store').json({
      attributes: [
        { handle: 'email', name: 'Email', value: found.email },
        {
          handle: 'uuid',
          name: 'Unique Identifier',
          value: createHash('sha256').update(found.email).digest('hex').slice(0, 32),
        },
      ],
      status: [{ group: found.group, subgroups: [IDME_GROUPS[found.group]], verified: true }],
    });
  });

  app.use((_req, res) => oauthError(res, 404, 'not_found', 'No such endpoint.'));
  return app;
}
