import { Router } from 'express';
import type { CaptchaClient } from '../../clients/captcha/captcha-client';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';

/** GET /api/captcha/challenge: a fresh invisible-captcha token for the sign-in form. */
export function captchaRoutes(captcha: CaptchaClient): Router {
  const router = Router();
  router.get('/challenge', serviceLabel('Sign-in'), async (_req, res) => {
    // A vendor outage is an UpstreamUnavailableError: 503 with Retry-After.
    const token = await captcha.challenge();
    res.set('cache-control', 'no-store').json({ token });
  });
  return router;
}
