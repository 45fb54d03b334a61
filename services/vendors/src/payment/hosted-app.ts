import { createHmac } from 'node:crypto';
import type { Logger } from '@shop/node-kit';
import express, { type Express } from 'express';
import { z } from 'zod';
import { type OriginPattern, canonicalOrigin, originAllowed } from '../http/allowed-origins';
import { randomId } from '../http/ids';
import { VendorError, bodyErrors, handle, jsonBody, notFound, parseInput, sendError } from '../http/vendor-http';
import { cardFieldScript } from './card-field-script';
import { clientSecrets } from './client-secret';
import { CARD_FIELD_CSS, cardFieldPage } from './card-field-page';
import { rules } from './card-rules';
import type { PaymentRepository } from './payment-repository';
import { outcomeOf } from './test-cards';

/** Tokens are good for 15 minutes (GET /payments/v1/tokens answers 410 TOKEN_EXPIRED after), and pay once. */
export const TOKEN_TTL_MS = 15 * 60 * 1000;

/**
 * The payment stand-in's browser-facing origin (PAYMENT_HOSTED_PORT), apart from the shop's so
 * the card number never touches a page the shop serves:
 *
 * GET  /hosted/card-field?pk=<publishable key>&origin=<the checkout page's origin>&clientSecret=<pcs_…>
 *      The card field page, to be framed by that origin only: `origin` must be an exact origin
 *      matching PAYMENT_ALLOWED_ORIGINS, and the page's CSP says `frame-ancestors <origin>`,
 *      `default-src 'none'`, scripts, styles and fetches from this origin only. The client secret
 *      (POST /payments/v1/client-secrets, client-secret.ts) binds the tokens the page makes to one
 *      bag, session and brand. 400 INVALID_REQUEST (missing or malformed parameter);
 *      401 UNKNOWN_PUBLISHABLE_KEY; 401 CLIENT_SECRET_INVALID (not ours, or expired: reload);
 *      403 ORIGIN_NOT_ALLOWED.
 * GET  /hosted/card-field.js, /hosted/card-field.css: the page's script and style.
 * POST /hosted/v1/tokens { pk, clientSecret, number, expMonth, expYear, cvc } (called by the frame itself)
 *      -> 200 { token: 'tok_…', card: { brand, last4, expMonth, expYear } }: the token is bound to
 *      the client secret's bag, session and brand, lives 15 minutes and pays once.
 *      400 with `field` ('number' | 'expiry' | 'cvc') and a message for the shopper:
 *      INVALID_NUMBER (digits, length for the brand, Luhn), INVALID_EXPIRY / CARD_EXPIRED
 *      (month 1-12, not past, at most 20 years ahead), INVALID_CVC (3 digits, Amex 4);
 *      401 UNKNOWN_PUBLISHABLE_KEY; 401 CLIENT_SECRET_INVALID; 403 ORIGIN_NOT_ALLOWED when a
 *      browser on another origin calls.
 *      Nothing but brand, last four digits, expiry, the test outcome and an HMAC fingerprint is
 *      stored; the number and CVC are neither stored nor logged.
 */
const pageQuery = z.object({
  pk: z.string().max(200),
  origin: z.string().max(300),
  clientSecret: z.string().max(1000),
});
const tokenBody = z.strictObject({
  pk: z.string().max(200),
  clientSecret: z.string().max(1000),
  number: z.string().max(40),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  cvc: z.string().max(8),
});

const cardError = (code: string, message: string, field: 'number' | 'expiry' | 'cvc') =>
  new VendorError(400, code, message, { field });

export function paymentHostedApp({
  publishableKey,
  allowedOrigins,
  secretKey,
  repository,
  logger,
  now = () => new Date(),
}: {
  publishableKey: string;
  allowedOrigins: readonly OriginPattern[];
  /** Keys the card fingerprints' HMAC. */
  secretKey: string;
  repository: PaymentRepository;
  logger: Logger;
  now?: () => Date;
}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  const script = cardFieldScript();
  const checkKey = (pk: string) => {
    if (pk !== publishableKey) throw new VendorError(401, 'UNKNOWN_PUBLISHABLE_KEY', 'Unknown publishable key.');
  };
  const secrets = clientSecrets(secretKey);
  const bindingOf = (clientSecret: string) => {
    const binding = secrets.read(clientSecret, now());
    if (binding === 'invalid' || binding === 'expired')
      throw new VendorError(
        401,
        'CLIENT_SECRET_INVALID',
        binding === 'expired'
          ? 'This card form has expired. Reload the page to enter your card.'
          : 'This card form is not valid. Reload the page to enter your card.',
      );
    return binding;
  };
  app.use((_req, res, next) => {
    res.set({ 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer' });
    next();
  });
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));

  app.get(
    '/hosted/card-field',
    handle(logger, 'payment', async (req, res) => {
      const { pk, origin, clientSecret } = parseInput(pageQuery, req.query);
      checkKey(pk);
      bindingOf(clientSecret);
      const parent = canonicalOrigin(origin);
      if (!parent)
        throw new VendorError(400, 'INVALID_REQUEST', 'origin: must be an origin such as https://shop.example');
      if (!originAllowed(allowedOrigins, parent)) {
        throw new VendorError(403, 'ORIGIN_NOT_ALLOWED', `${parent} may not frame the card field.`);
      }
      res
        .set({
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-store',
          'Content-Security-Policy': [
            "default-src 'none'",
            "script-src 'self'",
            "style-src 'self'",
            "connect-src 'self'",
            "img-src 'self'",
            "base-uri 'none'",
            "form-action 'none'",
            `frame-ancestors ${parent}`,
          ].join('; '),
        })
        .send(cardFieldPage({ origin: parent, publishableKey, clientSecret }));
    }),
  );
  // Only the card field page loads these; another site gets nothing it can use.
  app.get('/hosted/card-field.js', (_req, res) => {
    res
      .set({
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-cache',
        'Cross-Origin-Resource-Policy': 'same-origin',
      })
      .send(script);
  });
  app.get('/hosted/card-field.css', (_req, res) => {
    res
      .set({
        'Content-Type': 'text/css; charset=utf-8',
        'Cache-Control': 'no-cache',
        'Cross-Origin-Resource-Policy': 'same-origin',
      })
      .send(CARD_FIELD_CSS);
  });

  app.post(
    '/hosted/v1/tokens',
    (req, res, next) => {
      // The frame calls from this very origin; a browser elsewhere may not tokenise through it.
      const origin = req.get('origin');
      if (origin !== undefined && origin !== `${req.protocol}://${req.get('host')}`) {
        return sendError(res, new VendorError(403, 'ORIGIN_NOT_ALLOWED', 'Tokenise from the card field only.'));
      }
      return next();
    },
    jsonBody('2kb'),
    handle(logger, 'payment', async (req, res) => {
      const body = parseInput(tokenBody, req.body);
      checkKey(body.pk);
      const binding = bindingOf(body.clientSecret);
      const numberProblem = rules.numberProblem(body.number);
      if (numberProblem) throw cardError('INVALID_NUMBER', numberProblem, 'number');
      const digits = rules.digitsOf(body.number);
      const brand = rules.brandOf(digits);
      const expYear = body.expYear < 100 ? 2000 + body.expYear : body.expYear;
      if (body.expMonth < 1 || body.expMonth > 12 || expYear < 2000 || expYear > 2200) {
        throw cardError('INVALID_EXPIRY', 'Enter the expiry date as MM/YY, for example 04/29.', 'expiry');
      }
      const expiryProblem = rules.expiryProblem(body.expMonth, expYear, now());
      if (expiryProblem) {
        const code = expiryProblem === 'This card has expired.' ? 'CARD_EXPIRED' : 'INVALID_EXPIRY';
        throw cardError(code, expiryProblem, 'expiry');
      }
      const cvcProblem = rules.cvcProblem(body.cvc, brand);
      if (cvcProblem) throw cardError('INVALID_CVC', cvcProblem, 'cvc');

      const token = randomId('tok_');
      const card = { brand, last4: digits.slice(-4), expMonth: body.expMonth, expYear };
      await repository.insertToken({
        token,
        ...card,
        outcome: outcomeOf(digits),
        fingerprint: createHmac('sha256', secretKey).update(`card-fingerprint:${digits}`).digest('base64url'),
        expiresAt: new Date(now().getTime() + TOKEN_TTL_MS),
        binding,
      });
      logger.info('Card tokenised', { brand });
      res.set('Cache-Control', 'no-store').json({ token, card });
    }),
  );
  app.use(notFound);
  app.use(bodyErrors);
  return app;
}
