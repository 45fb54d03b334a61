import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningVendors } from '../src/server';
import { type DatabaseKind, KEYS, PUBLISHABLE_KEY, call, startVendors } from './support';

export const CARDS = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  review: '4000000000009235',
  processingError: '4000000000000119',
  amex: '378282246310005',
  discover: '6011111111111117',
  mastercard2Series: '2223003122003222',
} as const;

/** The same payment tests on PGlite and on PostgreSQL (where concurrent requests really run at once). */
export function paymentSuite(kind: DatabaseKind) {
  let vendors: RunningVendors;
  let clock = Date.now();
  beforeAll(async () => {
    vendors = await startVendors(kind, mkdtempSync(join(tmpdir(), 'vendors-pay-')), { now: () => new Date(clock) });
  });
  afterAll(() => vendors?.stop());
  const nextYear = new Date().getFullYear() + 1;

  const api = (path: string, options: Parameters<typeof call>[1] = {}) =>
    call(`${vendors.url}/payments/v1${path}`, { key: KEYS.paymentSecretKey, ...options });
  /** The shop's session reference and brand every token here is bound to (with its reference: the bag). */
  const SESSION = 'session-hash-for-payment-tests';
  const bindingOf = (reference: string) => ({ reference, session: SESSION, brand: 'vanityfair' });
  const clientSecretFor = async (reference: string, session = SESSION, brand = 'vanityfair') => {
    const answer = await api('/client-secrets', { method: 'POST', body: { reference, session, brand } });
    expect(answer.status).toBe(201);
    return answer.body.clientSecret as string;
  };
  const tokenise = async (
    card: Record<string, unknown>,
    headers: Record<string, string> = {},
    reference = 'VF0000000001',
  ) =>
    call(`${vendors.paymentHostedUrl}/hosted/v1/tokens`, {
      method: 'POST',
      body: {
        pk: PUBLISHABLE_KEY,
        clientSecret: await clientSecretFor(reference),
        expMonth: 12,
        expYear: nextYear,
        cvc: '123',
        ...card,
      },
      headers,
    });
  const tokenFor = async (number: string, reference = 'VF0000000001') => {
    const answer = await tokenise({ number }, {}, reference);
    expect(answer.status).toBe(200);
    return answer.body.token as string;
  };
  /** With a fresh Idempotency-Key unless one is given; `null` sends none. The session and brand are the tokens'. */
  const authorize = (body: Record<string, unknown>, key: string | null = randomUUID()) =>
    api('/authorizations', {
      method: 'POST',
      body: { session: SESSION, brand: 'vanityfair', ...body },
      headers: key === null ? {} : { 'idempotency-key': key },
    });
  const usd = (centAmount: number) => ({ centAmount, currencyCode: 'USD' });

  describe('tokenising from the hosted field', () => {
    it('turns a card into a token that names only brand, last four digits and expiry', async () => {
      const { status, body, headers } = await tokenise({ number: '4242 4242 4242 4242' });
      expect(status).toBe(200);
      expect(body.token).toMatch(/^tok_[A-Za-z0-9]{24}$/);
      expect(body.card).toEqual({ brand: 'visa', last4: '4242', expMonth: 12, expYear: nextYear });
      expect(headers.get('cache-control')).toBe('no-store');
      const lookup = await api(`/tokens/${body.token}?${new URLSearchParams(bindingOf('VF0000000001'))}`);
      expect(lookup.status).toBe(200);
      expect(lookup.body).toMatchObject({ token: body.token, card: body.card });
      expect(lookup.body.fingerprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Date.parse(lookup.body.expiresAt) - clock).toBe(15 * 60 * 1000);
    });

    it.each([
      [CARDS.mastercard, 'mastercard', '123'],
      [CARDS.mastercard2Series, 'mastercard', '123'],
      [CARDS.amex, 'amex', '1234'],
      [CARDS.discover, 'discover', '123'],
    ])('detects the brand of %s', async (number, brand, cvc) => {
      const { body } = await tokenise({ number, cvc });
      expect(body.card).toMatchObject({ brand, last4: number.slice(-4) });
    });

    it.each([
      ['a number failing the Luhn check', { number: '4242424242424241' }, 'INVALID_NUMBER', 'number'],
      ['a number of the wrong length for its brand', { number: '424242424242424' }, 'INVALID_NUMBER', 'number'],
      ['letters in the number', { number: '4242abcd42424242' }, 'INVALID_NUMBER', 'number'],
      ['month 13', { expMonth: 13 }, 'INVALID_EXPIRY', 'expiry'],
      ['an expired card', { expMonth: 1, expYear: 2020 }, 'CARD_EXPIRED', 'expiry'],
      ['an expiry 30 years ahead', { expYear: nextYear + 30 }, 'INVALID_EXPIRY', 'expiry'],
      ['a two-digit CVC', { cvc: '12' }, 'INVALID_CVC', 'cvc'],
      ['a three-digit CVC on Amex', { number: CARDS.amex, cvc: '123' }, 'INVALID_CVC', 'cvc'],
    ])('refuses %s with 400 naming the field', async (_what, card, code, field) => {
      const { status, body } = await tokenise({ number: CARDS.visa, ...card });
      expect(status).toBe(400);
      expect(body.error).toMatchObject({ code, field });
      expect(body.error.message).toMatch(/\.$/);
    });

    it('takes a two-digit year as 20YY and this month as not expired', async () => {
      const now = new Date(clock);
      const { status, body } = await tokenise({
        number: CARDS.visa,
        expMonth: now.getMonth() + 1,
        expYear: now.getFullYear() % 100,
      });
      expect(status).toBe(200);
      expect(body.card.expYear).toBe(now.getFullYear());
    });

    it('refuses an unknown publishable key, another origin, and a body that is not JSON', async () => {
      expect((await tokenise({ number: CARDS.visa, pk: 'pk_other' })).body.error.code).toBe('UNKNOWN_PUBLISHABLE_KEY');
      const crossSite = await tokenise({ number: CARDS.visa }, { origin: 'https://evil.example' });
      expect(crossSite).toMatchObject({ status: 403, body: { error: { code: 'ORIGIN_NOT_ALLOWED' } } });
      const sameOrigin = await tokenise({ number: CARDS.visa }, { origin: vendors.paymentHostedUrl });
      expect(sameOrigin.status).toBe(200);
      const form = await call(`${vendors.paymentHostedUrl}/hosted/v1/tokens`, {
        method: 'POST',
        body: `number=${CARDS.visa}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(form.status).toBe(415);
    });
  });

  describe('tokens on the server side', () => {
    it('need the secret key; an unknown token is 404 and a token over 15 minutes old 410', async () => {
      const token = await tokenFor(CARDS.visa, 'late-order');
      const query = new URLSearchParams(bindingOf('late-order'));
      expect((await call(`${vendors.url}/payments/v1/tokens/${token}?${query}`)).status).toBe(401);
      expect((await api(`/tokens/tok_000000000000000000000000?${query}`)).body.error.code).toBe('TOKEN_NOT_FOUND');
      clock += 15 * 60 * 1000;
      try {
        expect((await api(`/tokens/${token}?${query}`)).body.error.code).toBe('TOKEN_EXPIRED');
        const late = await authorize({ token, amount: usd(1000), reference: 'late-order' });
        expect(late).toMatchObject({ status: 410, body: { error: { code: 'TOKEN_EXPIRED' } } });
        expect((await api('/authorizations?reference=late-order')).body.authorizations).toEqual([]);
      } finally {
        clock -= 15 * 60 * 1000;
      }
    });

    it('bind a token to the bag, session and brand of its client secret, and let it pay once', async () => {
      const token = await tokenFor(CARDS.visa, 'VF-bound');
      const elsewhere = [
        { ...bindingOf('VF-other-bag') },
        { ...bindingOf('VF-bound'), session: 'another-session-hash-000' },
        { ...bindingOf('VF-bound'), brand: 'everwear' },
      ];
      for (const binding of elsewhere) {
        const lookup = await api(`/tokens/${token}?${new URLSearchParams(binding)}`);
        expect(lookup).toMatchObject({ status: 409, body: { error: { code: 'TOKEN_NOT_BOUND' } } });
        const paid = await authorize({ token, amount: usd(700), ...binding });
        expect(paid).toMatchObject({ status: 409, body: { error: { code: 'TOKEN_NOT_BOUND' } } });
      }
      expect((await api('/authorizations?reference=VF-other-bag')).body.authorizations).toEqual([]);
      const first = await authorize({ token, amount: usd(700), reference: 'VF-bound' });
      expect(first.status).toBe(201);
      expect(first.body.fingerprint).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const second = await authorize({ token, amount: usd(700), reference: 'VF-bound' });
      expect(second).toMatchObject({ status: 410, body: { error: { code: 'TOKEN_USED' } } });
      const lookup = await api(`/tokens/${token}?${new URLSearchParams(bindingOf('VF-bound'))}`);
      expect(lookup.body.error.code).toBe('TOKEN_USED');
      expect((await api('/authorizations?reference=VF-bound')).body.authorizations).toHaveLength(1);
    });

    it('issue one client secret per bag, session and brand, which only this service can make', async () => {
      const secret = await clientSecretFor('VF-secret');
      expect(secret).toMatch(/^pcs_/);
      expect(await clientSecretFor('VF-secret')).toBe(secret);
      expect(await clientSecretFor('VF-secret', 'another-session-hash-000')).not.toBe(secret);
      const forged = `${secret.slice(0, -4)}AAAA`;
      const answer = await tokenise({ number: CARDS.visa, clientSecret: forged });
      expect(answer).toMatchObject({ status: 401, body: { error: { code: 'CLIENT_SECRET_INVALID' } } });
      expect((await tokenise({ number: CARDS.visa, clientSecret: undefined })).status).toBe(400);
      const unkeyed = await call(`${vendors.url}/payments/v1/client-secrets`, {
        method: 'POST',
        body: bindingOf('VF-secret'),
      });
      expect(unkeyed.status).toBe(401);
      clock += 61 * 60 * 1000;
      try {
        expect((await tokenise({ number: CARDS.visa, clientSecret: secret })).body.error.code).toBe(
          'CLIENT_SECRET_INVALID',
        );
      } finally {
        clock -= 61 * 60 * 1000;
      }
    });
  });

  describe('authorisations', () => {
    it.each([
      [CARDS.visa, { status: 'authorized' }],
      [CARDS.mastercard, { status: 'authorized' }],
      [CARDS.discover, { status: 'authorized' }],
      [CARDS.declined, { status: 'declined', declineCode: 'card_declined' }],
      [CARDS.insufficientFunds, { status: 'declined', declineCode: 'insufficient_funds' }],
      [CARDS.review, { status: 'review' }],
      [CARDS.processingError, { status: 'declined', declineCode: 'processing_error' }],
    ])('answer the test card %s with %j', async (number, outcome) => {
      const token = await tokenFor(number, 'VF0000000001');
      const { status, body } = await authorize({ token, amount: usd(4599), reference: 'VF0000000001' });
      expect(status).toBe(201);
      expect(body).toMatchObject({ ...outcome, amount: usd(4599), reference: 'VF0000000001' });
      expect(body.id).toMatch(/^auth_/);
      expect(body.card.last4).toBe(number.slice(-4));
      if (!('declineCode' in outcome)) expect(body).not.toHaveProperty('declineCode');
    });

    it('answer the same key and body with the first answer, authorising once; another body is 409', async () => {
      const token = await tokenFor(CARDS.visa, 'VF-replay');
      const key = randomUUID();
      const body = { token, amount: usd(2500), reference: 'VF-replay' };
      const first = await authorize(body, key);
      const again = await authorize(body, key);
      expect(first.status).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      expect(again.status).toBe(200);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.body).toEqual(first.body);
      const other = await authorize({ ...body, amount: usd(2600) }, key);
      expect(other).toMatchObject({ status: 409, body: { error: { code: 'IDEMPOTENCY_KEY_REUSED' } } });
      expect((await authorize({ ...body, reference: 'VF-other' }, key)).status).toBe(409);
      expect((await api('/authorizations?reference=VF-replay')).body.authorizations).toHaveLength(1);
    });

    it('authorise once when 20 requests with one key arrive at once', async () => {
      const key = randomUUID();
      const reference = `VF-race-${key.slice(0, 8)}`;
      const token = await tokenFor(CARDS.visa, reference);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => authorize({ token, amount: usd(9999), reference }, key)),
      );
      expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(19);
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      const { body } = await api(`/authorizations?reference=${reference}`);
      expect(body.authorizations).toHaveLength(1);
      expect(body.authorizations[0]).toMatchObject({ status: 'authorized', amount: usd(9999) });
    });

    it.each([
      ['no Idempotency-Key', null, {}, 400, 'IDEMPOTENCY_KEY_REQUIRED'],
      ['an unknown token', 'k-unknown-token', { token: 'tok_000000000000000000000000' }, 404, 'TOKEN_NOT_FOUND'],
      ['a malformed token', 'k-bad-token', { token: '4242424242424242' }, 400, 'INVALID_REQUEST'],
      ['another currency', 'k-eur', { amount: { centAmount: 100, currencyCode: 'EUR' } }, 400, 'INVALID_REQUEST'],
      ['a zero amount', 'k-zero', { amount: usd(0) }, 400, 'INVALID_REQUEST'],
      ['no reference', 'k-no-ref', { reference: undefined }, 400, 'INVALID_REQUEST'],
    ])('refuse %s', async (_what, key, change, status, code) => {
      const token = await tokenFor(CARDS.visa, 'VF-refused');
      const answer = await authorize({ token, amount: usd(100), reference: 'VF-refused', ...change }, key);
      expect(answer.status).toBe(status);
      expect(answer.body.error.code).toBe(code);
    });
  });

  describe('capture, void and refunds', () => {
    const authorized = async (number: string = CARDS.visa, amount = 10_000) => {
      const token = await tokenFor(number, 'VF-lifecycle');
      return (await authorize({ token, amount: usd(amount), reference: 'VF-lifecycle' })).body.id as string;
    };
    const act = (id: string, action: string, body: unknown = {}) =>
      api(`/authorizations/${id}/${action}`, { method: 'POST', body });

    it('captures all that was authorised, once', async () => {
      const id = await authorized();
      const captured = await act(id, 'capture');
      expect(captured).toMatchObject({ status: 200, body: { id, status: 'captured', capturedAmount: usd(10_000) } });
      const again = await act(id, 'capture');
      expect(again).toMatchObject({ status: 409, body: { error: { code: 'INVALID_STATE', status: 'captured' } } });
      expect((await act(id, 'void')).status).toBe(409);
      expect((await api(`/authorizations/${id}`)).body).toMatchObject({
        status: 'captured',
        capturedAmount: usd(10_000),
      });
    });

    it('captures part of it, never more, given in cents or as money; a review authorisation too', async () => {
      const id = await authorized();
      expect((await act(id, 'capture', { amount: usd(10_001) })).body.error.code).toBe('AMOUNT_TOO_LARGE');
      expect((await act(id, 'capture', { amount: 9_000 })).body.capturedAmount).toEqual(usd(9_000));
      const held = await authorized(CARDS.review);
      expect((await act(held, 'capture', { amount: usd(500) })).body).toMatchObject({ status: 'captured' });
    });

    it('lets one of five concurrent captures through', async () => {
      const id = await authorized();
      const answers = await Promise.all(Array.from({ length: 5 }, () => act(id, 'capture')));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    });

    it('voids an authorisation, after which it cannot be captured; a declined one cannot be voided', async () => {
      const id = await authorized();
      expect((await act(id, 'void')).body).toEqual({ id, status: 'voided' });
      expect((await act(id, 'capture')).body.error).toMatchObject({ code: 'INVALID_STATE', status: 'voided' });
      const declined = await authorized(CARDS.declined);
      expect((await act(declined, 'void')).body.error).toMatchObject({ code: 'INVALID_STATE', status: 'declined' });
      expect((await act(declined, 'capture')).status).toBe(409);
    });

    it('refunds what was captured, in parts, and no more', async () => {
      const id = await authorized();
      expect((await act(id, 'refunds', { amount: usd(100) })).body.error.code).toBe('INVALID_STATE');
      await act(id, 'capture', { amount: usd(8_000) });
      const first = await act(id, 'refunds', { amount: usd(3_000) });
      expect(first).toMatchObject({
        status: 201,
        body: { authorizationId: id, status: 'refunded', amount: usd(3_000) },
      });
      expect(first.body.id).toMatch(/^re_/);
      expect((await act(id, 'refunds', { amount: usd(5_001) })).body.error.code).toBe('AMOUNT_TOO_LARGE');
      expect((await api(`/authorizations/${id}`)).body.status).toBe('captured');
      await act(id, 'refunds', { amount: 5_000 });
      expect((await api(`/authorizations/${id}`)).body).toMatchObject({
        status: 'refunded',
        refundedAmount: usd(8_000),
      });
      expect((await act(id, 'refunds', { amount: usd(1) })).status).toBe(409);
    });

    it('refunds once per Idempotency-Key: a retry, or three at once, is the same refund', async () => {
      const id = await authorized();
      await act(id, 'capture');
      const refund = (amount: number) =>
        api(`/authorizations/${id}/refunds`, {
          method: 'POST',
          body: { amount: usd(amount) },
          headers: { 'idempotency-key': 'VF0000000001-R1' },
        });
      const answers = await Promise.all([refund(2_500), refund(2_500), refund(2_500)]);
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
      expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
      expect((await refund(2_500)).body.id).toBe(answers[0].body.id);
      expect((await api(`/authorizations/${id}`)).body.refundedAmount).toEqual(usd(2_500));
      expect((await refund(100)).body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect((await act(id, 'refunds', { amount: usd(100) })).status).toBe(201);
    });

    it('answer 404 for an unknown authorisation and 401 without the key', async () => {
      expect((await act('auth_nope', 'capture')).body.error.code).toBe('AUTHORIZATION_NOT_FOUND');
      expect((await call(`${vendors.url}/payments/v1/authorizations/auth_nope/void`, { method: 'POST' })).status).toBe(
        401,
      );
    });
  });

  describe('what is stored', () => {
    it('holds no card number and no CVC in any table, after every test card was tokenised and used', async () => {
      const cvc = '7391';
      for (const number of Object.values(CARDS)) {
        const answer = await tokenise({ number, cvc: number === CARDS.amex ? cvc : cvc.slice(0, 3) }, {}, 'VF-scan');
        expect(answer.status).toBe(200);
        await authorize({ token: answer.body.token, amount: usd(1234), reference: 'VF-scan' });
      }
      const db = await vendors.database();
      const tables = await db.query<{ name: string }>(
        `SELECT table_name AS name FROM information_schema.tables
         WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
      );
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['pay_tokens', 'pay_authorizations']));
      let rows = 0;
      for (const { name } of tables) {
        const dump = await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM "${name}" t`);
        rows += dump.length;
        for (const { row } of dump) {
          for (const number of Object.values(CARDS)) {
            expect(row).not.toContain(number);
            expect(row).not.toContain(number.slice(0, 12));
          }
          // A CVC stored anywhere (a column, a JSON field) is a word of its own. Four digits can
          // also turn up by chance inside a hex fingerprint or a timestamp's microseconds, which
          // is why the row is read as words rather than searched as one string.
          expect(row.split(/[^0-9A-Za-z]+/)).not.toContain(cvc);
        }
      }
      expect(rows).toBeGreaterThan(Object.keys(CARDS).length * 2);
    });
  });
}
