import { Router } from 'express';
import type { CaptchaClient } from '../../clients/captcha/captcha-client';
import type { FileOutbox } from '../../data-access/outbox';
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

/** GET /api/dev/outbox: the mail that would have been sent (development and test only). */
export function devRoutes(outbox: FileOutbox): Router {
  const router = Router();
  router.get('/outbox', (_req, res) => res.set('cache-control', 'no-store').json({ messages: outbox.recent() }));
  return router;
}
