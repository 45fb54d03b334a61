import { createHash } from 'node:crypto';
import type { Logger } from '@shop/node-kit';
import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { randomId } from '../http/ids';
import { reference, usd } from '../http/schemas';
import { VendorError, bodyErrors, handle, jsonBody, notFound, parseInput, requireBearer } from '../http/vendor-http';
import { type CardBinding, clientSecrets, sameBinding } from './client-secret';
import type { PaymentRepository, StoredAuthorization, StoredToken } from './payment-repository';
import { authorizationStatus } from './test-cards';

/**
 * Card payment stand-in, server to server, mounted at /payments/v1. Key: `PAYMENT_SECRET_KEY`
 * as `Authorization: Bearer <key>`. The card itself never comes here: the hosted card field
 * (hosted-app.ts, on its own origin) turns it into a token in the shopper's browser.
 *
 * POST /client-secrets { reference, session, brand } -> 201 { clientSecret: 'pcs_…', expiresAt }
 *      The hosted card field's client secret for one bag (the reference: the cart id), the
 *      shopper's session (an opaque hash) and the brand (client-secret.ts): the same three within
 *      one half hour give the same secret; it lives 30-60 minutes.
 * GET  /tokens/:token?reference=&session=&brand= -> { token, card: { brand, last4, expMonth, expYear }, fingerprint, expiresAt }
 *      404 TOKEN_NOT_FOUND; 410 TOKEN_EXPIRED (tokens live 15 minutes); 410 TOKEN_USED (an
 *      authorisation consumed it: a token pays once); 409 TOKEN_NOT_BOUND (made for another bag,
 *      session or brand). `fingerprint` is an HMAC of the card number: one card, one fingerprint.
 * POST /authorizations, header `Idempotency-Key` (1-255 printable characters, required)
 *      { token, amount: { centAmount, currencyCode: 'USD' }, reference, session, brand }
 *      -> 201 { id: 'auth_…', status: 'authorized' | 'review' | 'declined', declineCode?, amount, card, fingerprint, reference, createdAt }
 *      The test card decides the status (test-cards.ts); a decline is an answer, not an error.
 *      The token must have been made for this reference, session and brand (409 TOKEN_NOT_BOUND)
 *      and not be used (409 TOKEN_USED): the authorisation consumes it, whatever its status.
 *      The same key with the same body answers the first answer again (200, `Idempotent-Replayed: true`);
 *      with another body 409 IDEMPOTENCY_KEY_REUSED. Concurrent requests with one key authorise
 *      once: a unique constraint on the key decides which one records it, the others replay it.
 *      400 IDEMPOTENCY_KEY_REQUIRED; 404 TOKEN_NOT_FOUND; 410 TOKEN_EXPIRED; 409 TOKEN_NOT_BOUND;
 *      409 TOKEN_USED (nothing recorded in each).
 * GET  /authorizations/:id -> the authorisation now: status, amount, capturedAmount, refundedAmount...
 * GET  /authorizations?reference=… -> { authorizations: [...] } (all made for one reference, oldest first)
 * POST /authorizations/:id/capture { amount? } (cents, or { centAmount, currencyCode }; at most
 *      what was authorised; the whole amount when absent) -> { id, status: 'captured', capturedAmount }
 *      Only from authorized or review; 409 INVALID_STATE (with `status`) otherwise; 400 AMOUNT_TOO_LARGE.
 * POST /authorizations/:id/void -> { id, status: 'voided' }: only from authorized or review; 409 INVALID_STATE.
 * POST /authorizations/:id/refunds { amount }, header `Idempotency-Key` (optional)
 *      -> 201 { id: 're_…', authorizationId, status: 'refunded', amount }
 *      The same key again answers the same refund (another amount: 409 IDEMPOTENCY_KEY_REUSED).
 *      Only once captured, up to what was captured less earlier refunds (400 AMOUNT_TOO_LARGE);
 *      the authorisation becomes `refunded` when all of it is refunded; 409 INVALID_STATE.
 * 404 AUTHORIZATION_NOT_FOUND; 400 INVALID_REQUEST naming the field; 401 UNAUTHORIZED.
 */
const TOKEN = /^tok_[A-Za-z0-9]{16,64}$/;
const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,255}$/;
const cents = z.number().int('must be whole cents').min(1, 'must be at least 1 cent').max(100_000_000);
const money = z.strictObject({ centAmount: cents, currencyCode: usd });
const amountInput = z.union([cents, z.strictObject({ centAmount: cents, currencyCode: usd.optional() })]);
const centsOf = (amount: z.infer<typeof amountInput>) => (typeof amount === 'number' ? amount : amount.centAmount);

const session = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/, 'must be 16-128 letters, digits, _ or -');
const brand = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'must be a brand key (lower-case letters, digits, -)');
const bindingSchema = z.strictObject({ reference, session, brand });
const authorizeSchema = z.strictObject({
  token: z.string().regex(TOKEN, 'must be a card token (tok_…)'),
  amount: money,
  reference,
  session,
  brand,
});
const captureSchema = z.strictObject({ amount: amountInput.optional() });
const refundSchema = z.strictObject({ amount: amountInput });

const usdOf = (centAmount: number) => ({ centAmount, currencyCode: 'USD' });
const cardOf = (token: StoredToken) => ({
  brand: token.brand,
  last4: token.last4,
  expMonth: token.expMonth,
  expYear: token.expYear,
});

const authorizationNow = (authorization: StoredAuthorization) => ({
  id: authorization.id,
  status: authorization.status,
  ...(authorization.declineCode ? { declineCode: authorization.declineCode } : {}),
  amount: usdOf(authorization.amount),
  capturedAmount: usdOf(authorization.capturedAmount),
  refundedAmount: usdOf(authorization.refundedAmount),
  card: authorization.response.card,
  reference: authorization.reference,
  createdAt: authorization.createdAt.toISOString(),
});

export function paymentRoutes({
  secretKey,
  repository,
  logger,
  now = () => new Date(),
}: {
  secretKey: string;
  repository: PaymentRepository;
  logger: Logger;
  now?: () => Date;
}): Router {
  const router = Router();
  const json = jsonBody('8kb');
  const secrets = clientSecrets(secretKey);
  const run = (work: (req: Request, res: Response) => Promise<unknown>) => handle(logger, 'payment', work);
  router.use(requireBearer(secretKey, 'payment secret'));

  /** The token, if it exists and has not expired. */
  const liveToken = async (token: string) => {
    const stored = TOKEN.test(token) ? await repository.token(token) : undefined;
    if (!stored) throw new VendorError(404, 'TOKEN_NOT_FOUND', 'No such card token.');
    if (stored.expiresAt.getTime() <= now().getTime()) {
      throw new VendorError(410, 'TOKEN_EXPIRED', 'The card token has expired: enter the card again.');
    }
    return stored;
  };
  /** The token, if it is live, unused and was made for this bag, session and brand. */
  const boundToken = async (token: string, binding: CardBinding) => {
    const stored = await liveToken(token);
    if (!stored.binding || !sameBinding(stored.binding, binding)) {
      logger.warn('Card token used outside its binding', { reference: binding.reference, brand: binding.brand });
      throw new VendorError(409, 'TOKEN_NOT_BOUND', 'This card token was made for another bag or session.');
    }
    if (stored.usedAt) throw tokenUsed();
    return stored;
  };
  const tokenUsed = () => new VendorError(410, 'TOKEN_USED', 'This card token has already paid: enter the card again.');
  const existing = async (id: string) => {
    const authorization = await repository.authorization(id);
    if (!authorization) throw new VendorError(404, 'AUTHORIZATION_NOT_FOUND', 'No such authorization.');
    return authorization;
  };
  const wrongState = (authorization: StoredAuthorization, action: string) =>
    new VendorError(409, 'INVALID_STATE', `The authorization is ${authorization.status}: it cannot be ${action}.`, {
      status: authorization.status,
    });

  router.post(
    '/client-secrets',
    json,
    run(async (req, res) => {
      const binding = parseInput(bindingSchema, req.body ?? {});
      const { clientSecret, expiresAt } = secrets.issue(binding, now());
      res.status(201).set('Cache-Control', 'no-store').json({ clientSecret, expiresAt: expiresAt.toISOString() });
    }),
  );

  router.get(
    '/tokens/:token',
    run(async (req, res) => {
      const binding = parseInput(bindingSchema, req.query);
      const token = await boundToken(String(req.params.token), binding);
      res.json({
        token: token.token,
        card: cardOf(token),
        fingerprint: token.fingerprint,
        expiresAt: token.expiresAt.toISOString(),
      });
    }),
  );

  router.post(
    '/authorizations',
    json,
    run(async (req, res) => {
      const key = req.get('idempotency-key');
      if (key === undefined || key === '') {
        throw new VendorError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'Send an Idempotency-Key header.');
      }
      if (!IDEMPOTENCY_KEY.test(key)) {
        throw new VendorError(400, 'INVALID_REQUEST', 'Idempotency-Key: 1 to 255 printable characters.');
      }
      const body = parseInput(authorizeSchema, req.body);
      const requestHash = createHash('sha256')
        .update(JSON.stringify([body.token, body.amount.centAmount, body.amount.currencyCode, body.reference]))
        .digest('base64url');
      const replay = (earlier: StoredAuthorization) => {
        if (earlier.requestHash !== requestHash) {
          throw new VendorError(
            409,
            'IDEMPOTENCY_KEY_REUSED',
            'This Idempotency-Key was used with another request: use a new key for a new payment.',
          );
        }
        res.status(200).set('Idempotent-Replayed', 'true').json(earlier.response);
      };
      const earlier = await repository.authorizationByKey(key);
      if (earlier) return replay(earlier);

      let token: Awaited<ReturnType<typeof boundToken>>;
      try {
        token = await boundToken(body.token, body);
      } catch (error) {
        // A request with this key may have used the token and committed since the look above:
        // answer as it did, not as a stranger with a used token.
        const winner = await repository.authorizationByKey(key);
        if (winner) return replay(winner);
        throw error;
      }
      const { status, declineCode } = authorizationStatus(token.outcome);
      const id = randomId('auth_');
      const response = {
        id,
        status,
        ...(declineCode ? { declineCode } : {}),
        amount: body.amount,
        card: cardOf(token),
        fingerprint: token.fingerprint,
        reference: body.reference,
        createdAt: now().toISOString(),
      };
      const recorded = await repository.authorizeWithToken({
        id,
        idempotencyKey: key,
        requestHash,
        token: token.token,
        reference: body.reference,
        amount: body.amount.centAmount,
        currency: body.amount.currencyCode,
        status,
        declineCode,
        response,
      });
      if (recorded !== 'recorded') {
        // Another request with this key got there first (and has committed): answer as it did.
        // Without one, another authorisation consumed the token.
        const winner = await repository.authorizationByKey(key);
        if (winner) return replay(winner);
        if (recorded === 'used') throw tokenUsed();
        throw new Error('An authorization vanished under its idempotency key');
      }
      logger.info('Authorization', { id, status, declineCode, reference: body.reference });
      return res.status(201).json(response);
    }),
  );

  router.get(
    '/authorizations',
    run(async (req, res) => {
      const { reference: wanted } = parseInput(z.strictObject({ reference }), req.query);
      const authorizations = await repository.authorizationsFor(wanted);
      res.json({ authorizations: authorizations.map(authorizationNow) });
    }),
  );

  router.get(
    '/authorizations/:id',
    run(async (req, res) => {
      res.json(authorizationNow(await existing(String(req.params.id))));
    }),
  );

  router.post(
    '/authorizations/:id/capture',
    json,
    run(async (req, res) => {
      const body = parseInput(captureSchema, req.body ?? {});
      const authorization = await existing(String(req.params.id));
      const amount = body.amount === undefined ? authorization.amount : centsOf(body.amount);
      if (authorization.status !== 'authorized' && authorization.status !== 'review') {
        throw wrongState(authorization, 'captured');
      }
      if (amount > authorization.amount) {
        throw new VendorError(400, 'AMOUNT_TOO_LARGE', `amount: at most the ${authorization.amount} cents authorized`);
      }
      const captured = await repository.transition(authorization.id, ['authorized', 'review'], 'captured', amount);
      if (!captured) throw wrongState(await existing(authorization.id), 'captured');
      logger.info('Capture', { id: captured.id, amount });
      res.json({ id: captured.id, status: 'captured', capturedAmount: usdOf(captured.capturedAmount) });
    }),
  );

  router.post(
    '/authorizations/:id/void',
    json,
    run(async (req, res) => {
      parseInput(z.strictObject({}), req.body ?? {});
      const authorization = await existing(String(req.params.id));
      const voided = await repository.transition(authorization.id, ['authorized', 'review'], 'voided');
      if (!voided) throw wrongState(await existing(authorization.id), 'voided');
      logger.info('Void', { id: voided.id });
      res.json({ id: voided.id, status: 'voided' });
    }),
  );

  router.post(
    '/authorizations/:id/refunds',
    json,
    run(async (req, res) => {
      const amount = centsOf(parseInput(refundSchema, req.body ?? {}).amount);
      const key = req.get('idempotency-key');
      if (key !== undefined && !IDEMPOTENCY_KEY.test(key))
        throw new VendorError(400, 'INVALID_REQUEST', 'Idempotency-Key: 1 to 255 printable characters.');
      const authorization = await existing(String(req.params.id));
      const refunded = await repository.refund(authorization.id, randomId('re_'), amount, key);
      if (refunded && refunded.amount !== amount)
        throw new VendorError(
          409,
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was used for a refund of another amount: use a new key for a new refund.',
        );
      if (!refunded) {
        // Another refund got in first: say why this one cannot follow it.
        const current = await existing(authorization.id);
        if (current.status !== 'captured') throw wrongState(current, 'refunded');
        const rest = current.capturedAmount - current.refundedAmount;
        throw new VendorError(400, 'AMOUNT_TOO_LARGE', `amount: at most the ${rest} cents not refunded`);
      }
      logger.info('Refund', { id: refunded.refundId, authorization: authorization.id, amount });
      res.status(201).json({
        id: refunded.refundId,
        authorizationId: authorization.id,
        status: 'refunded',
        amount: usdOf(amount),
      });
    }),
  );

  router.use(notFound);
  router.use(bodyErrors);
  return router;
}
