import { randomBytes } from 'node:crypto';
import type { Request } from 'express';
import { cookieNames, isSecureRequest, readCookies } from './cookies';
import { createSealer } from './sealed';

const TTL_SECONDS = 15 * 60;

type StoreCallback = (error: Error | null, handle?: string) => void;
type VerifyCallback = (error: Error | null, verifier?: string | false, state?: unknown) => void;

/**
 * passport-oauth2 state store for PKCE without server sessions: the state handle, the PKCE code
 * verifier and where to go afterwards live in an encrypted, HttpOnly, 15-minute cookie bound to
 * the browser that started the sign-in; the callback must present the same handle.
 */
export function createCookieStateStore(secret: string) {
  const sealer = createSealer(secret, 'authjs.oauth-state');
  const name = (req: Request) =>
    `${cookieNames(isSecureRequest(req)).callbackUrl.replace('callback-url', 'oauth-state')}`;
  return {
    store(req: Request, verifier: string, state: unknown, _meta: unknown, callback: StoreCallback) {
      const handle = randomBytes(16).toString('base64url');
      sealer
        .seal({ handle, verifier, state: state as Record<string, unknown> }, TTL_SECONDS)
        .then((sealed) => {
          req.res?.cookie(name(req), sealed, {
            httpOnly: true,
            sameSite: 'lax',
            secure: isSecureRequest(req),
            path: '/api/auth',
            maxAge: TTL_SECONDS * 1000,
          });
          callback(null, handle);
        })
        .catch((error: Error) => callback(error));
    },
    verify(req: Request, providedHandle: string, callback: VerifyCallback) {
      sealer
        .open(readCookies(req)[name(req)])
        .then((payload) => {
          req.res?.clearCookie(name(req), { path: '/api/auth' });
          if (
            !payload ||
            typeof payload.handle !== 'string' ||
            payload.handle !== providedHandle ||
            typeof payload.verifier !== 'string'
          ) {
            return callback(null, false, { message: 'The sign-in state is missing, expired or does not match.' });
          }
          return callback(null, payload.verifier, payload.state);
        })
        .catch((error: Error) => callback(error));
    },
  };
}
