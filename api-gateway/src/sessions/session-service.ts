import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { cookieNames, isSecureRequest, readCookies } from './cookies';
import type { RevocationStore } from './revocation-store';
import {
  SESSION_MAX_AGE_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
  type SessionClaims,
  type SessionCodec,
  type SessionUser,
} from './session-token';

/** Reads, writes and ends the session cookie. */
export function createSessionService(codec: SessionCodec, revocations: RevocationStore, now: () => number = Date.now) {
  const cookieOptions = (req: Request) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecureRequest(req),
    path: '/',
  });

  const brandOfRequest = (req: Request): string => (req.res as Response).locals.brandId;

  const write = async (
    req: Request,
    res: Response,
    user: SessionUser,
    keep: Pick<SessionClaims, 'jti' | 'anonymousId' | 'previousCartId' | 'fraudSessionId' | 'orders'> | undefined,
  ): Promise<SessionClaims> => {
    const name = cookieNames(isSecureRequest(req)).session;
    const { token, claims } = await codec.encode(user, {
      salt: name,
      brand: brandOfRequest(req),
      now: now(),
      jti: keep?.jti,
      anonymousId: keep?.anonymousId,
      previousCartId: keep?.previousCartId,
      fraudSessionId: keep?.fraudSessionId,
      orders: keep?.orders,
    });
    res.cookie(name, token, { ...cookieOptions(req), maxAge: SESSION_MAX_AGE_SECONDS * 1000 });
    return claims;
  };

  const service = {
    /**
     * The valid session of the request, re-issued when it is older than a day: issued by this
     * brand, not signed out, and not older than the customer's last password reset.
     */
    async read(req: Request, res?: Response): Promise<SessionClaims | undefined> {
      const name = cookieNames(isSecureRequest(req)).session;
      const claims = await codec.decode(readCookies(req)[name], name, now());
      if (!claims || claims.brand !== brandOfRequest(req)) return undefined;
      const customerId = claims.user.isLoggedIn ? claims.user.id : undefined;
      if (await revocations.isRevoked({ jti: claims.jti, customerId, issuedAtMs: claims.issuedAtMs })) return undefined;
      if (res && now() / 1000 - claims.iat > SESSION_UPDATE_AGE_SECONDS) return write(req, res, claims.user, claims);
      return claims;
    },
    /**
     * Starts a new session (a new id on every sign-in). Signing in from a guest session remembers
     * that guest's id, the one owner whose anonymous cart may then move to the customer; a
     * sign-in that set the customer's earlier bag aside remembers that cart (`previousCartId`).
     */
    async start(req: Request, res: Response, user: SessionUser, extra: { previousCartId?: string } = {}) {
      const previous = user.isLoggedIn ? await service.read(req) : undefined;
      const anonymousId = previous && !previous.user.isLoggedIn ? previous.user.id : undefined;
      return write(req, res, user, { jti: randomUUID(), anonymousId, previousCartId: extra.previousCartId });
    },
    /** Keeps the session id (and what `claims` remembers), with changed user fields. */
    update: (req: Request, res: Response, claims: SessionClaims, user: SessionUser) => write(req, res, user, claims),
    /** After a password reset: every session the customer had, on any device, stops working. */
    endAllFor: (customerId: string) => revocations.revokeCustomer(customerId, now()),
    /** Ends the session: this cookie, and every copy of it, stops working. */
    async end(req: Request, res: Response, claims: SessionClaims | undefined) {
      if (claims) await revocations.revoke(claims.jti, claims.exp);
      res.clearCookie(cookieNames(isSecureRequest(req)).session, cookieOptions(req));
    },
  };
  return service;
}
export type SessionService = ReturnType<typeof createSessionService>;
