import { createHmac, hkdfSync, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { isSecureRequest, readCookies } from '../../sessions/cookies';
import type { RevocationStore } from '../../sessions/revocation-store';
import { createSealer } from '../../sessions/sealed';

/** A staff session ends after 30 minutes without a request, and 8 hours after sign-in whatever happens. */
export const STAFF_IDLE_SECONDS = 30 * 60;
export const STAFF_MAX_SECONDS = 8 * 60 * 60;
/** The cookie is sealed again (its idle end moved on) at most once a minute, not on every request. */
const RESEAL_AFTER_MS = 60_000;

/** Not a shopper's cookie name: `__Host-` over https (this host only, path /, Secure). */
export const staffCookieName = (secure: boolean) => (secure ? '__Host-shop-staff' : 'shop-staff');

export interface StaffSessionClaims {
  /** The session's id: revoked by it on sign-out. */
  sid: string;
  email: string;
  /** Sign-in time (ms): the absolute lifetime counts from it. */
  startedAtMs: number;
  /** When the cookie was last sealed (ms). */
  sealedAtMs: number;
}

/**
 * Staff sessions, apart from shoppers': their own cookie, sealed under a key derived for staff
 * sessions only (a shopper's cookie, under whatever name, never opens as one), SameSite=Strict,
 * an idle and an absolute end, and revocation by id on sign-out. The CSRF token of a session is
 * an HMAC of its id, so it is bound to that session and needs no cookie of its own.
 */
export function createStaffSessions(secret: string, revocations: RevocationStore, now: () => number = Date.now) {
  const sealer = createSealer(secret, 'shop-staff-session');
  const csrfKey = Buffer.from(hkdfSync('sha256', secret, 'shop-staff-csrf', 'Staff session CSRF token key', 32));
  const cookieOptions = (req: Request) => ({
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: isSecureRequest(req),
    path: '/',
  });
  const endOf = (startedAtMs: number) => startedAtMs + STAFF_MAX_SECONDS * 1000;

  const seal = async (req: Request, res: Response, claims: Omit<StaffSessionClaims, 'sealedAtMs'>) => {
    const at = now();
    const ends = Math.min(at + STAFF_IDLE_SECONDS * 1000, endOf(claims.startedAtMs));
    const token = await sealer.seal(
      { typ: 'staff', sid: claims.sid, sub: claims.email, sat: claims.startedAtMs },
      Math.max(0, Math.floor((ends - at) / 1000)),
      at,
    );
    res.cookie(staffCookieName(isSecureRequest(req)), token, { ...cookieOptions(req), maxAge: ends - at });
    return { ...claims, sealedAtMs: at };
  };

  const service = {
    start: (req: Request, res: Response, email: string) =>
      seal(req, res, { sid: randomUUID(), email, startedAtMs: now() }),

    /** The request's live session, its idle end moved on (with `res`); undefined when none, expired or signed out. */
    async read(req: Request, res?: Response): Promise<StaffSessionClaims | undefined> {
      const payload = await sealer.open(readCookies(req)[staffCookieName(isSecureRequest(req))], now());
      if (!payload) return undefined;
      const { typ, sid, sub, sat, iat } = payload;
      if (typ !== 'staff' || typeof sid !== 'string' || typeof sub !== 'string' || typeof sat !== 'number')
        return undefined;
      if (typeof iat !== 'number' || now() >= endOf(sat)) return undefined;
      if (await revocations.isRevoked({ jti: sid, issuedAtMs: sat })) return undefined;
      const claims = { sid, email: sub, startedAtMs: sat, sealedAtMs: iat * 1000 };
      return res && now() - claims.sealedAtMs >= RESEAL_AFTER_MS ? seal(req, res, claims) : claims;
    },

    /** Ends the session on every copy of its cookie (until it would have ended anyway). */
    revoke: (claims: StaffSessionClaims) => revocations.revoke(claims.sid, Math.ceil(endOf(claims.startedAtMs) / 1000)),

    /** Signs out: this cookie, and every copy of it, stops working. */
    async end(req: Request, res: Response, claims: StaffSessionClaims | undefined) {
      if (claims) await service.revoke(claims);
      res.clearCookie(staffCookieName(isSecureRequest(req)), cookieOptions(req));
    },

    csrfToken: (claims: StaffSessionClaims) => createHmac('sha256', csrfKey).update(claims.sid).digest('base64url'),

    csrfMatches(claims: StaffSessionClaims, submitted: unknown) {
      if (typeof submitted !== 'string') return false;
      const [expected, given] = [Buffer.from(service.csrfToken(claims)), Buffer.from(submitted)];
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
  return service;
}
export type StaffSessions = ReturnType<typeof createStaffSessions>;
