import { randomUUID } from 'node:crypto';
import type { Request, Response } from 'express';
import { cookieNames, isSecureRequest, readCookies } from './cookies';
import type { RevocationStore } from './revocation-store';
import {
  SESSION_MAX_AGE_SECONDS,
  SESSION_UPDATE_AGE_SECONDS,
  type SessionClaims,
  type SessionCodec,
  type SessionConsent,
  type SessionUser,
} from './session-token';

/**
 * Where a signed-in customer's privacy choice is kept beyond the session (the customer record).
 * Neither call throws: a read that fails answers undefined, a write that fails answers false.
 */
export interface CustomerConsentStore {
  read(customerId: string, correlationId: string): Promise<Omit<SessionConsent, 'saved'> | undefined>;
  write(customerId: string, consent: Omit<SessionConsent, 'saved'>, correlationId: string): Promise<boolean>;
}

const withoutSaved = ({ analytics, marketing, at }: SessionConsent) => ({ analytics, marketing, at });

/** Reads, writes and ends the session cookie. */
export function createSessionService(
  codec: SessionCodec,
  revocations: RevocationStore,
  now: () => number = Date.now,
  customerConsent?: CustomerConsentStore,
) {
  const cookieOptions = (req: Request) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: isSecureRequest(req),
    path: '/',
  });

  const brandOfRequest = (req: Request): string => (req.res as Response).locals.brandId;
  const correlationOf = (res: Response) => String(res.locals.correlationId ?? '');

  /**
   * At sign-in, the newer of the customer's stored choice and the one this browser carries wins;
   * a newer choice made here (as a guest) is stored on the customer.
   */
  const consentAtSignIn = async (
    res: Response,
    customerId: string,
    carried: SessionConsent | undefined,
  ): Promise<SessionConsent | undefined> => {
    if (!customerConsent) return carried;
    const stored = await customerConsent.read(customerId, correlationOf(res));
    if (stored && (!carried || stored.at >= carried.at)) return { ...stored, saved: true };
    if (!carried) return undefined;
    const saved = await customerConsent.write(customerId, withoutSaved(carried), correlationOf(res));
    return { ...withoutSaved(carried), saved };
  };

  const write = async (
    req: Request,
    res: Response,
    user: SessionUser,
    keep:
      | Pick<
          SessionClaims,
          | 'jti'
          | 'anonymousId'
          | 'previousCartId'
          | 'fraudSessionId'
          | 'orders'
          | 'guestOrders'
          | 'consent'
          | 'previewUntil'
        >
      | undefined,
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
      guestOrders: keep?.guestOrders,
      consent: keep?.consent,
      previewUntil: keep?.previewUntil,
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
    async start(
      req: Request,
      res: Response,
      user: SessionUser,
      extra: { previousCartId?: string; consent?: SessionConsent } = {},
    ) {
      const previous = user.isLoggedIn ? await service.read(req) : undefined;
      const anonymousId = previous && !previous.user.isLoggedIn ? previous.user.id : undefined;
      // Privacy choices made as a guest stay with the shopper who signs in, unless their account has a newer one.
      const carried = extra.consent ?? previous?.consent;
      return write(req, res, user, {
        jti: randomUUID(),
        anonymousId,
        previousCartId: extra.previousCartId,
        consent: user.isLoggedIn ? await consentAtSignIn(res, user.id, carried) : carried,
        // A previewer who signs in goes on previewing.
        previewUntil: previous?.previewUntil,
      });
    },
    /**
     * Marks this browser as a previewer of its brand until `untilMs` (it opened a manager's preview
     * link). A browser without a session gets a guest one, as a guest sign-in would start it.
     */
    async grantPreview(req: Request, res: Response, untilMs: number) {
      const claims = await service.read(req);
      if (claims) return write(req, res, claims.user, { ...claims, previewUntil: untilMs });
      const id = randomUUID();
      return write(req, res, { id, userId: id, isLoggedIn: false }, { jti: randomUUID(), previewUntil: untilMs });
    },
    /**
     * Keeps a privacy choice in the session, and on the customer's record when signed in (`saved`
     * says whether that worked; the session keeps the choice either way).
     */
    async choose(
      req: Request,
      res: Response,
      claims: SessionClaims,
      choice: { analytics: boolean; marketing: boolean },
    ) {
      const consent = { ...choice, at: now() };
      const saved =
        claims.user.isLoggedIn && customerConsent
          ? await customerConsent.write(claims.user.id, consent, correlationOf(res))
          : false;
      return write(req, res, claims.user, { ...claims, consent: { ...consent, saved } });
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
