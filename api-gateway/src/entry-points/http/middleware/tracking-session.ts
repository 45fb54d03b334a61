import { TRACKING_SESSION_COOKIE, TRACKING_SESSION_MAX_AGE_SECONDS } from '@shop/contracts';
import type { Request, Response } from 'express';
import { randomUUID } from 'node:crypto';
import { isSecureRequest, readCookies } from '../../../sessions/cookies';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * The tracking session token (SPEC §4): the request's sessionToken cookie, or a fresh random one
 * set on the response. The gateway, not page script, creates it, so every record's token is one
 * the gateway handed out (or at least a well-formed one it can rate-limit by).
 */
export function trackingSession(req: Request, res: Response): { token: string; issued: boolean } {
  const existing = readTrackingSession(req);
  if (existing) return { token: existing, issued: false };
  const token = randomUUID();
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

/** The request's tracking session token, when it carries a well-formed one; never issues one. */
export function readTrackingSession(req: Request): string | undefined {
  const existing = readCookies(req)[TRACKING_SESSION_COOKIE];
  return existing && UUID.test(existing) ? existing : undefined;
}
