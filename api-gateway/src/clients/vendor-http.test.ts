import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import request from 'supertest';
import { errorHandler } from '../entry-points/http/middleware/error-handler';
import { createAddressClient } from './address-verification';
import { createLoyaltyClient } from './loyalty';
import { createPaymentClient } from './payment';
import { createTaxClient } from './tax';
import { UpstreamUnavailableError, createUpstreamGuard } from './upstream-guard';
import { UpstreamAnswerError, VendorRefusal } from './vendor-http';

const logger = { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() };

/** A vendor on an ephemeral port whose answer each test sets; it records what it received. */
let answer: RequestHandler = (_req, res) => res.json({});
const received: Array<{ method: string; path: string; headers: Record<string, unknown>; body: unknown }> = [];
let server: Server;
let url = '';
beforeAll(async () => {
  const app = express();
  app.use(express.json());
  app.use((req, res, next) => {
    received.push({ method: req.method, path: req.path, headers: req.headers, body: req.body });
    answer(req, res, next);
  });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  jest.clearAllMocks();
});

const options = (path: string, failures = 5) => ({
  url: `${url}${path}`,
  apiKey: 'vendor-key-for-unit-tests-0014',
  logger,
  guard: createUpstreamGuard('tax', logger, { failures, halfOpenAfterMs: 60_000 }),
});
const quoteRequest = {
  address: { state: 'NY', postalCode: '10001' },
  lines: [{ id: 'line-1', quantity: 2, unitAmounts: [999, 999], taxCategory: 'general' as const }],
  shipping: { amount: 500 },
  correlationId: 'corr-7',
};
const goodQuote = {
  rate: { name: 'New York sales tax + New York City', amount: 0.08875, state: 'NY', postalCode: '10001' },
  lines: [{ id: 'line-1', rate: 0.08875, tax: 178 }],
  shipping: { rate: 0.08875, tax: 44 },
  totalTax: 222,
};

/** How the gateway answers the browser when a use case meets this error. */
async function answered(error: unknown) {
  const app = express();
  app.use((_req, res, next) => {
    res.locals.correlationId = 'corr-1';
    next();
  });
  app.get('/', () => {
    throw error;
  });
  app.use(errorHandler(logger));
  return request(app).get('/');
}

describe('vendor clients over HTTP', () => {
  it('send the key as a bearer, the correlation id, and the vendor’s own request shape', async () => {
    answer = (_req, res) => res.json(goodQuote);
    const quote = await createTaxClient(options('/tax/v1')).quote(quoteRequest);
    expect(quote).toEqual(goodQuote);
    expect(received[0]).toMatchObject({
      method: 'POST',
      path: '/tax/v1/quote',
      headers: { authorization: 'Bearer vendor-key-for-unit-tests-0014', 'x-correlation-id': 'corr-7' },
      body: {
        currency: 'USD',
        address: { country: 'US', state: 'NY', postalCode: '10001' },
        lines: [{ id: 'line-1', quantity: 2, unitAmounts: [999, 999], taxCategory: 'general' }],
        shipping: { amount: 500 },
      },
    });
  });

  it('answer an answer that breaks the vendor’s schema with 502 UPSTREAM_FAILED, never a 500', async () => {
    answer = (_req, res) => res.json({ ...goodQuote, totalTax: 'lots' });
    const error = await createTaxClient(options('/tax/v1'))
      .quote(quoteRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamAnswerError);
    const response = await answered(error);
    expect(response.status).toBe(502);
    expect(response.body.error).toMatchObject({
      code: 'UPSTREAM_FAILED',
      message: expect.stringContaining('tax quote'),
    });
    expect(logger.error).toHaveBeenCalledWith(
      'Vendor answered unexpectedly',
      expect.objectContaining({ upstream: 'tax' }),
    );
  });

  it('answer a body that is not JSON, or our key refused, with 502 as well', async () => {
    answer = (_req, res) => res.type('text/html').send('<html>maintenance</html>');
    await expect(createTaxClient(options('/tax/v1')).quote(quoteRequest)).rejects.toBeInstanceOf(UpstreamAnswerError);
    answer = (_req, res) => res.status(401).json({ error: { code: 'UNAUTHORIZED', message: 'no' } });
    const refused = await createTaxClient(options('/tax/v1'))
      .quote(quoteRequest)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UpstreamAnswerError);
    expect((await answered(refused)).status).toBe(502);
  });

  it('answer an outage (5xx) with 503 and Retry-After, and open the breaker after consecutive faults', async () => {
    answer = (_req, res) => res.status(500).json({ error: { code: 'INTERNAL', message: 'boom' } });
    const tax = createTaxClient(options('/tax/v1', 2));
    for (let i = 0; i < 2; i += 1)
      await expect(tax.quote(quoteRequest)).rejects.toBeInstanceOf(UpstreamUnavailableError);
    const calls = received.length;
    const open = await tax.quote(quoteRequest).catch((e: unknown) => e);
    expect(open).toMatchObject({ upstream: 'tax', reason: 'circuit open', operation: 'quote' });
    expect(received).toHaveLength(calls);
    const response = await answered(open);
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toMatch(/^\d+$/);
    expect(response.body.error.code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('turn a documented refusal into a VendorRefusal the use case can read', async () => {
    answer = (_req, res) =>
      res.status(400).json({ error: { code: 'UNKNOWN_ZIP', message: 'postalCode: 00000 is not a known ZIP code' } });
    const refusal = await createTaxClient(options('/tax/v1'))
      .quote(quoteRequest)
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(VendorRefusal);
    expect(refusal).toMatchObject({ status: 400, code: 'UNKNOWN_ZIP' });
    // One that no use case expected is still not a 500.
    expect((await answered(refusal)).status).toBe(502);
  });

  it('read a card token’s 404, 410 and 409 as missing, expired, used and foreign, and send the idempotency key and binding on an authorisation', async () => {
    const payment = createPaymentClient({ ...options('/payments/v1'), guard: createUpstreamGuard('payment', logger) });
    const binding = { reference: 'cart-1', session: 'session-hash-0123456789', brand: 'vanityfair' };
    answer = (_req, res) => res.status(404).json({ error: { code: 'TOKEN_NOT_FOUND', message: 'no' } });
    expect(await payment.token('tok_abc', binding)).toBe('missing');
    answer = (_req, res) => res.status(410).json({ error: { code: 'TOKEN_EXPIRED', message: 'gone' } });
    expect(await payment.token('tok_abc', binding)).toBe('expired');
    answer = (_req, res) => res.status(410).json({ error: { code: 'TOKEN_USED', message: 'paid' } });
    expect(await payment.token('tok_abc', binding)).toBe('used');
    answer = (_req, res) => res.status(409).json({ error: { code: 'TOKEN_NOT_BOUND', message: 'not yours' } });
    expect(await payment.token('tok_abc', binding)).toBe('foreign');
    answer = (_req, res) =>
      res
        .status(200)
        .set('idempotent-replayed', 'true')
        .json({
          id: 'auth_1',
          status: 'declined',
          declineCode: 'insufficient_funds',
          amount: { centAmount: 1001, currencyCode: 'USD' },
          card: { brand: 'visa', last4: '9995', expMonth: 1, expYear: 2030 },
        });
    const authorization = await payment.authorize({
      token: 'tok_abc',
      amount: 1001,
      ...binding,
      idempotencyKey: 'key-1',
    });
    expect(authorization).toMatchObject({ status: 'declined', declineCode: 'insufficient_funds', replayed: true });
    expect(received.at(-1)).toMatchObject({
      path: '/payments/v1/authorizations',
      headers: { 'idempotency-key': 'key-1' },
      body: { token: 'tok_abc', amount: { centAmount: 1001, currencyCode: 'USD' }, ...binding },
    });
  });

  it('read INSUFFICIENT_POINTS as a refusal to hold, and an address verdict as the vendor gave it', async () => {
    const loyalty = createLoyaltyClient({ ...options('/loyalty/v1'), guard: createUpstreamGuard('loyalty', logger) });
    answer = (_req, res) => res.status(400).json({ error: { code: 'INSUFFICIENT_POINTS', message: 'only 10' } });
    expect(await loyalty.hold('rallyathletic', 'c-1', { points: 500, reference: 'cart-1' })).toBe('insufficient');
    const address = createAddressClient({ ...options('/address/v1'), guard: createUpstreamGuard('address', logger) });
    const standard = { streetName: '123 MAIN ST', city: 'NEW YORK', state: 'NY', postalCode: '10001', country: 'US' };
    answer = (_req, res) =>
      res.json({ verdict: 'corrected', standardized: standard, issues: [], suggestion: standard });
    const verdict = await address.verify({
      streetName: '123 main street',
      city: 'New York',
      state: 'NY',
      postalCode: '10001',
    });
    expect(verdict).toEqual({
      verdict: 'corrected',
      standardized: { streetName: '123 MAIN ST', city: 'NEW YORK', state: 'NY', postalCode: '10001' },
      issues: [],
      suggestion: { streetName: '123 MAIN ST', city: 'NEW YORK', state: 'NY', postalCode: '10001' },
    });
  });
});
