import { Router } from 'express';
import type { CaptchaClient } from '../../../clients/captcha/captcha-client';
import type { FileOutbox } from '../../../data-access/outbox';
import { HttpError } from '../../../errors';

/** GET /api/captcha/challenge: a fresh invisible-captcha token for the sign-in form. */
export function captchaRoutes(captcha: CaptchaClient): Router {
  const router = Router();
  router.get('/challenge', async (_req, res) => {
    const token = await captcha.challenge();
    if (!token) throw new HttpError(503, 'CAPTCHA_UNAVAILABLE', 'The captcha service is not answering.');
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
