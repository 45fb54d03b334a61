import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { isSecureRequest, readCookies } from '../../sessions/cookies';
import { createSealer } from '../../sessions/sealed';

/** A verification must come back within 10 minutes of its start. */
export const STATE_TTL_SECONDS = 10 * 60;
const PATH = '/api/idMe';

/** What the start remembers for the callback, bound to the session and customer that started it. */
export interface PendingVerification {
  state: string;
  verifier: string;
  group: string;
  returnTo: string;
  customerId: string;
  sessionId: string;
}

/** A PKCE pair (RFC 7636, S256) and a state: 256 random bits each. */
export function newPending(rest: Omit<PendingVerification, 'state' | 'verifier'>) {
  const verifier = randomBytes(32).toString('base64url');
  const pending: PendingVerification = { ...rest, state: randomBytes(32).toString('base64url'), verifier };
  return { pending, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const cookieName = (req: Request) => `${isSecureRequest(req) ? '__Secure-' : ''}shop.idme-state`;

/**
 * The pending verification lives in an encrypted, HttpOnly cookie scoped to /api/idMe (as the
 * social sign-in keeps its PKCE state), so only the browser that started it can finish it; each
 * state is also taken once in this process, so a replayed callback is refused even with the cookie.
 */
export function verificationStateStore(secret: string, now: () => number = Date.now) {
  const sealer = createSealer(secret, 'shop.idme-state');
  const taken = new Map<string, number>();
  const forget = () => {
    for (const [state, until] of taken) if (until < now()) taken.delete(state);
  };
  return {
    async save(req: Request, res: Response, pending: PendingVerification): Promise<void> {
      const sealed = await sealer.seal({ ...pending }, STATE_TTL_SECONDS, now());
      res.cookie(cookieName(req), sealed, {
        httpOnly: true,
        // Lax: the provider's redirect back is a top-level GET, which carries it.
        sameSite: 'lax',
        secure: isSecureRequest(req),
        path: PATH,
        maxAge: STATE_TTL_SECONDS * 1000,
      });
    },

    /** The pending verification whose state is `state`, once; undefined when missing, expired, another's or used. */
    async take(req: Request, res: Response, state: string | undefined): Promise<PendingVerification | undefined> {
      const payload = await sealer.open(readCookies(req)[cookieName(req)], now());
      res.clearCookie(cookieName(req), { path: PATH });
      forget();
      if (!payload || !state || payload.state !== state || taken.has(state)) return undefined;
      const fields = ['state', 'verifier', 'group', 'returnTo', 'customerId', 'sessionId'] as const;
      if (!fields.every((field) => typeof payload[field] === 'string')) return undefined;
      taken.set(state, now() + STATE_TTL_SECONDS * 1000);
      return Object.fromEntries(fields.map((field) => [field, payload[field]])) as unknown as PendingVerification;
    },
  };
}
export type VerificationStateStore = ReturnType<typeof verificationStateStore>;
