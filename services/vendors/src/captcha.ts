import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import express, { Router } from 'express';

const TOKEN_TTL_MS = 2 * 60 * 1000;

/**
 * An invisible captcha in the shape of the hosted ones (reCAPTCHA, Turnstile): the page gets a
 * short-lived single-use token from the challenge endpoint, the server checks it at
 * `POST /captcha/siteverify` with its secret and reads `success`.
 */
export function captchaRoutes(secret: string, now: () => number = Date.now): Router {
  const used = new Map<string, number>();
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');
  const router = Router();

  router.post('/challenge', (_req, res) => {
    const payload = `${randomBytes(12).toString('base64url')}.${now() + TOKEN_TTL_MS}`;
    res.set('cache-control', 'no-store').json({ token: `${payload}.${sign(payload)}` });
  });

  router.post(
    '/siteverify',
    express.urlencoded({ extended: false, limit: '4kb' }),
    express.json({ limit: '4kb' }),
    (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const fail = (code: string) => res.json({ success: false, 'error-codes': [code] });
      if (
        typeof body.secret !== 'string' ||
        body.secret.length !== secret.length ||
        !timingSafeEqual(Buffer.from(body.secret), Buffer.from(secret))
      ) {
        return fail('invalid-input-secret');
      }
      const token = body.response;
      if (typeof token !== 'string' || token.length > 200) return fail('missing-input-response');
      const [nonce, expires, signature] = token.split('.');
      const payload = `${nonce}.${expires}`;
      const expected = sign(payload);
      if (
        !signature ||
        signature.length !== expected.length ||
        !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
      ) {
        return fail('invalid-input-response');
      }
      if (Number(expires) < now()) return fail('timeout-or-duplicate');
      if (used.has(nonce)) return fail('timeout-or-duplicate');
      used.set(nonce, Number(expires));
      for (const [key, until] of used) if (until < now()) used.delete(key);
      return res.json({ success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' });
    },
  );
  return router;
}
