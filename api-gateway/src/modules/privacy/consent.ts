import { DEFAULT_CONSENT, GPC_HEADER, type PrivacyPreferences } from '@shop/contracts';
import type { Request } from 'express';
import type { SessionClaims } from '../../sessions/session-token';

/** Global Privacy Control: the browser says `Sec-GPC: 1` (any other value means no signal). */
export const hasGpc = (req: Request): boolean => req.get(GPC_HEADER)?.trim() === '1';

/**
 * The consent a request acts under. GPC wins over everything stored (both off); then the
 * session's choice (made here, or the customer's own brought in at sign-in: source `customer`
 * when it is on the customer's record); then the default
 * (both on: a US shop's opt-out model).
 */
export function effectiveConsent(req: Request, claims: SessionClaims | undefined): PrivacyPreferences {
  const gpc = hasGpc(req);
  if (gpc) return { analytics: false, marketing: false, gpc, source: 'gpc' };
  const stored = claims?.consent;
  if (stored)
    return {
      analytics: stored.analytics,
      marketing: stored.marketing,
      gpc,
      source: stored.saved ? 'customer' : 'session',
    };
  return { ...DEFAULT_CONSENT, gpc, source: 'default' };
}
