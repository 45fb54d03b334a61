import { Router } from 'express';
import type { CaptchaClient } from '../../clients/captcha/captcha-client';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';
import { internalCaller } from '../../shared/browse-limit';
import { DomainError } from '../../shared/domain-error';
import type { Throttle, Verdict } from '../../shared/throttle';

/**
 * GET /api/captcha/challenge: a fresh invisible-captcha token for the sign-in and contact forms and
 * each order attempt after a decline; 60 per address block in 15 minutes (429 with Retry-After).
 */
export function captchaRoutes(captcha: CaptchaClient, throttle: Pick<Throttle, 'captchaChallengeAllowed'>): Router {
  const router = Router();
  router.get('/challenge', serviceLabel('Sign-in'), async (req, res) => {
    // Our own machines through no proxy (local runs, health checks) are not counted, as for browse limits.
    const verdict: Verdict = internalCaller(req)
      ? { allowed: true }
      : await throttle.captchaChallengeAllowed(req.ip ?? 'unknown');
    if (!verdict.allowed) {
      res.set('retry-after', String(verdict.retryAfterSeconds));
      throw new DomainError('TOO_MANY_REQUESTS', 'Too many attempts from here. Wait a few minutes and try again.');
    }
    // A vendor outage is an UpstreamUnavailableError: 503 with Retry-After.
    const token = await captcha.challenge();
    res.set('cache-control', 'no-store').json({ token });
  });
  return router;
}
