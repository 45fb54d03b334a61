import { TRACKING_SESSION_COOKIE, TRACKING_SESSION_MAX_AGE_SECONDS } from '@shop/contracts';
import type { Request, RequestHandler, Response } from 'express';
import { isSecureRequest, readCookies } from '../../../sessions/cookies';
import { type TrackingTokens, trackingTokens } from '../../../sessions/tracking-token';

/** Puts the gateway's tracking token signer on `res.locals` for the routes that issue or read the token. */
export function trackingTokenSigner(secret: string): RequestHandler {
  const tokens = trackingTokens(secret);
  return (_req, res, next) => {
    res.locals.trackingTokens = tokens;
    next();
  };
}

const tokensOf = (res: Response): TrackingTokens => {
  // A programming error (the app-wide middleware was left out), never a shopper's: fail closed.
  if (!res.locals.trackingTokens) throw new Error('The tracking token signer is not installed');
  return res.locals.trackingTokens;
};

/**
 * The tracking session token (SPEC §4): the request's sessionToken cookie when the gateway
 * issued it (signed, sessions/tracking-token.ts), else a fresh one set on the response. The
 * gateway, not page script, creates it, and a value a shopper writes into the cookie is not one
 * it issued: it is replaced, so no one picks the session their records (and canary buckets) fall in.
 */
export function trackingSession(req: Request, res: Response): { token: string; issued: boolean } {
  const existing = readTrackingSession(req, res);
  if (existing) return { token: existing, issued: false };
  const token = tokensOf(res).issue();
  res.cookie(TRACKING_SESSION_COOKIE, token, {
    // Page script reads it to put it in each record (SPEC §3), so not HttpOnly.
    httpOnly: false,
    sameSite: 'lax',
    secure: isSecureRequest(req),
    path: '/',
    maxAge: TRACKING_SESSION_MAX_AGE_SECONDS * 1000,
  });
  return { token, issued: true };
}

/** The request's tracking session token, when it carries one this gateway issued; never issues one. */
export function readTrackingSession(req: Request, res: Response): string | undefined {
  const existing = readCookies(req)[TRACKING_SESSION_COOKIE];
  return tokensOf(res).verify(existing) ? existing : undefined;
}
