import { randomUUID } from 'node:crypto';
import { countableAddress } from '../src/fraud/client-address';
import { type RuleInput, decide, sameAddress } from '../src/fraud/fraud-rules';
import { zipMiles } from '../src/fraud/zip-distance';
import { zipDataFrom } from '../src/zip-data';
import type { RunningVendors } from '../src/server';
import { KEYS, call, startVendors } from './support';

describe('fraud decision rules (accept < 50 <= review < 80 <= reject)', () => {
  const clean: RuleInput = {
    amount: 5_000,
    email: 'ada@example.com',
    session: { attributeCount: 12, deviceId: 'dev_x' },
    addressesMatch: true,
    emailDecisions: 0,
    deviceOtherEmails: 0,
    cardOtherEmails: 0,
    cardDecisions: 0,
    ipOtherEmails: 0,
  };

  it('accepts a small order from a collected session with a device, scoring 0', () => {
    expect(decide(clean)).toEqual({ decision: 'accept', score: 0, reasons: [] });
  });

  it.each<[string, Partial<RuleInput>, string, number]>([
    ['no collected session (unknown)', { session: undefined }, 'NO_SESSION_DATA', 30],
    ['a session with no attributes', { session: { attributeCount: 0, deviceId: 'dev_x' } }, 'NO_SESSION_DATA', 30],
    ['no device cookie', { session: { attributeCount: 5, deviceId: null } }, 'NO_DEVICE_ID', 10],
    ['$1,000.00', { amount: 100_000 }, 'HIGH_AMOUNT', 20],
    ['$4,999.99', { amount: 499_999 }, 'HIGH_AMOUNT', 20],
    ['$5,000.00', { amount: 500_000 }, 'VERY_HIGH_AMOUNT', 40],
    ['billing unlike shipping', { addressesMatch: false }, 'ADDRESS_MISMATCH', 15],
    ['10 decisions for the e-mail this hour', { emailDecisions: 10 }, 'EMAIL_VELOCITY', 25],
    ['20 decisions for the e-mail this hour', { emailDecisions: 20 }, 'EMAIL_VELOCITY_HIGH', 50],
    ['3 other e-mails on the device this hour', { deviceOtherEmails: 3 }, 'DEVICE_VELOCITY', 25],
    ['5 other e-mails on the device this hour', { deviceOtherEmails: 5 }, 'DEVICE_VELOCITY_HIGH', 50],
    ['billing 101 miles from shipping', { billingShippingMiles: 101 }, 'FAR_SHIPPING', 20],
    ['3 other e-mails on the card today', { cardOtherEmails: 3 }, 'CARD_EMAIL_VELOCITY', 25],
    ['5 other e-mails on the card today', { cardOtherEmails: 5 }, 'CARD_EMAIL_VELOCITY_HIGH', 50],
    ['5 decisions for the card this hour', { cardDecisions: 5 }, 'CARD_VELOCITY', 25],
    ['4 other e-mails from the client address this hour', { ipOtherEmails: 4 }, 'IP_VELOCITY', 15],
    ['8 other e-mails from the client address this hour', { ipOtherEmails: 8 }, 'IP_VELOCITY_HIGH', 35],
  ])('scores %s', (_what, change, reason, points) => {
    const result = decide({ ...clean, ...change });
    expect(result.reasons).toEqual([reason]);
    expect(result.score).toBe(points);
    expect(result.decision).toBe(points >= 80 ? 'reject' : points >= 50 ? 'review' : 'accept');
  });

  it('stays below every threshold just under it', () => {
    expect(
      decide({
        ...clean,
        amount: 99_999,
        emailDecisions: 9,
        deviceOtherEmails: 2,
        billingShippingMiles: 100,
        cardOtherEmails: 2,
        cardDecisions: 4,
        ipOtherEmails: 3,
      }).score,
    ).toBe(0);
  });

  it('adds rules up: review from 50, reject from 80, capped at 100', () => {
    expect(decide({ ...clean, session: undefined, amount: 100_000 })).toMatchObject({ decision: 'review', score: 50 });
    expect(decide({ ...clean, session: undefined, addressesMatch: false })).toMatchObject({
      decision: 'accept',
      score: 45,
    });
    expect(decide({ ...clean, session: undefined, emailDecisions: 20 })).toMatchObject({
      decision: 'reject',
      score: 80,
      reasons: ['NO_SESSION_DATA', 'EMAIL_VELOCITY_HIGH'],
    });
    const everything = decide({
      ...clean,
      session: undefined,
      amount: 900_000,
      addressesMatch: false,
      emailDecisions: 30,
      deviceOtherEmails: 9,
    });
    expect(everything).toMatchObject({ decision: 'reject', score: 100 });
  });

  it('follows the sandbox triggers whatever else fires', () => {
    expect(decide({ ...clean, email: 'ada+fraud-review@example.com' })).toEqual({
      decision: 'review',
      score: 50,
      reasons: ['TEST_REVIEW'],
    });
    expect(
      decide({ ...clean, session: undefined, amount: 500_000, addressesMatch: false, email: 'a+fraud-review@x.com' }),
    ).toMatchObject({
      decision: 'review',
      score: 79,
    });
    expect(decide({ ...clean, email: 'Ada+Fraud-Reject@example.com' })).toEqual({
      decision: 'reject',
      score: 80,
      reasons: ['TEST_REJECT'],
    });
  });

  describe('ordinary shoppers and a scripted run', () => {
    const noCollector = { ...clean, session: undefined };

    it('accepts one or two orders with billing and shipping in the same area, even without collected data', () => {
      const nearby = { ...noCollector, addressesMatch: false, billingShippingMiles: 12 };
      expect(decide(nearby)).toMatchObject({ decision: 'accept', reasons: ['NO_SESSION_DATA', 'ADDRESS_MISMATCH'] });
      expect(decide({ ...nearby, cardDecisions: 1 }).decision).toBe('accept');
    });

    it('accepts a family at one address: five e-mails from one client address, three sharing one card', () => {
      expect(decide({ ...noCollector, ipOtherEmails: 3 }).decision).toBe('accept');
      expect(decide({ ...noCollector, ipOtherEmails: 3, cardOtherEmails: 2, cardDecisions: 2 }).decision).toBe(
        'accept',
      );
    });

    it('accepts a gift to another city from a collected session, and reviews it from an unknown device', () => {
      const gift = { addressesMatch: false, billingShippingMiles: 204 };
      expect(decide({ ...clean, ...gift })).toMatchObject({ decision: 'accept', score: 35 });
      expect(decide({ ...noCollector, ...gift })).toMatchObject({ decision: 'review', score: 65 });
    });

    // Six orders, one card, billing in DC and shipping to New York, a fresh e-mail each, one address.
    const scripted = (base: RuleInput) =>
      Array.from(
        { length: 6 },
        (_, earlier) =>
          decide({
            ...base,
            addressesMatch: false,
            billingShippingMiles: 204,
            cardOtherEmails: earlier,
            cardDecisions: earlier,
            ipOtherEmails: earlier,
          }).decision,
      );

    it('reviews a scripted run from the fourth order on and rejects the sixth, even with the collector run', () => {
      expect(scripted(clean)).toEqual(['accept', 'accept', 'accept', 'review', 'review', 'reject']);
    });

    it('accepts none of a scripted run without collected data', () => {
      expect(scripted(noCollector)).toEqual(['review', 'review', 'review', 'reject', 'reject', 'reject']);
    });
  });

  it('measures billing to shipping between ZIP centroids, silent for a code it does not know', () => {
    const zips = zipDataFrom([
      { zip: '20001', city: 'Washington', state: 'DC', country: 'US', latitude: 38.9122, longitude: -77.0177 },
      { zip: '10001', city: 'New York', state: 'NY', country: 'US', latitude: 40.7484, longitude: -73.9967 },
      { zip: '10002', city: 'New York', state: 'NY', country: 'US', latitude: 40.7152, longitude: -73.9877 },
      { zip: '99999', city: 'Nowhere', state: 'AK', country: 'US' },
    ]);
    expect(zipMiles(zips, '20001', '10001')).toBeCloseTo(204, 0);
    expect(zipMiles(zips, '10001-1234', '10002')).toBeLessThan(3);
    expect(zipMiles(zips, '10001', '10001')).toBe(0);
    expect(zipMiles(zips, '10001', '99999')).toBeUndefined();
    expect(zipMiles(zips, '10001', '12345')).toBeUndefined();
  });

  it('counts public client addresses only, an IPv4-mapped one as IPv4', () => {
    expect(countableAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(countableAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(countableAddress('2001:DB8::1')).toBe('2001:db8::1');
    for (const shared of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.10',
      '100.64.3.4',
      '169.254.0.1',
      'fd00::1',
      'fe80::1',
    ])
      expect(countableAddress(shared)).toBeUndefined();
    expect(countableAddress(undefined)).toBeUndefined();
  });

  it('compares addresses ignoring case, punctuation, spacing and ZIP+4', () => {
    const a = { streetName: '123 Main St.', city: 'New York', state: 'NY', postalCode: '10001' };
    expect(sameAddress(a, { ...a, streetName: '123  MAIN ST', postalCode: '10001-1234' })).toBe(true);
    expect(sameAddress(a, { ...a, additionalStreetInfo: 'Apt 2' })).toBe(false);
    expect(sameAddress(a, { ...a, postalCode: '10002' })).toBe(false);
  });
});

describe('the fraud stand-in over HTTP', () => {
  let vendors: RunningVendors;
  beforeAll(async () => {
    vendors = await startVendors('pglite');
  });
  afterAll(() => vendors.stop());
  const page = 'http://vanityfair.localhost:3000';
  const collector = (path: string, options: Parameters<typeof call>[1] = {}) =>
    call(`${vendors.fraudCollectorUrl}${path}`, { ...options, headers: { origin: page, ...options.headers } });
  const address = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    streetName: '123 Main St',
    city: 'New York',
    state: 'NY',
    postalCode: '10001',
    country: 'US',
  };
  const decide = (body: Record<string, unknown>, key: string | null = KEYS.fraudApiKey) =>
    call(`${vendors.url}/fraud/v1/decisions`, {
      method: 'POST',
      key,
      body: {
        orgId: 'shop-test',
        sessionId: randomUUID(),
        orderAmount: { centAmount: 4_599, currencyCode: 'USD' },
        email: `${randomUUID()}@example.com`,
        shippingAddress: address,
        billingAddress: address,
        ...body,
      },
    });
  /** What the shop's collector does in a browser: config, device cookie, attributes. */
  const collect = async (session: string, device?: string) => {
    const config = await collector(`/cs/config?org=shop-test&session=${session}`);
    expect(config.body.refreshMs).toBe(900_000);
    const value = device ?? (await collector('/cs/generatecookie?org=shop-test')).body.value;
    const stored = await collector('/cs/storecookie', { method: 'POST', body: { org: 'shop-test', session, value } });
    expect(stored.body).toEqual({ stored: true });
    const attributes = {
      userAgent: 'Mozilla/5.0',
      timezone: 'America/Chicago',
      screen: '1920x1080',
      languages: ['en-US'],
    };
    const posted = await collector(`/session/${session}`, { method: 'POST', body: { org: 'shop-test', attributes } });
    expect(posted.body).toEqual({ stored: 4 });
    return value as string;
  };

  describe('collector origin', () => {
    it('answers the allowed origins with CORS and refuses other origins', async () => {
      const config = await collector('/cs/config?org=shop-test&session=abcdefgh-1');
      expect(config.status).toBe(200);
      expect(config.headers.get('access-control-allow-origin')).toBe(page);
      expect(config.body.collect).toEqual(expect.arrayContaining(['userAgent', 'timezone', 'screen']));
      const preflight = await collector('/session/abcdefgh-1', {
        method: 'OPTIONS',
        headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
      const evil = await collector('/cs/generatecookie?org=shop-test', { headers: { origin: 'https://evil.example' } });
      expect(evil).toMatchObject({ status: 403, body: { error: { code: 'ORIGIN_NOT_ALLOWED' } } });
      expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    });

    it('hands out signed device ids and takes back only its own', async () => {
      const { body } = await collector('/cs/generatecookie?org=shop-test');
      expect(body.value).toMatch(/^dev_[A-Za-z0-9]{24}\.[A-Za-z0-9_-]{22}$/);
      const forged = `${body.value.slice(0, -1)}${body.value.endsWith('A') ? 'B' : 'A'}`;
      const refused = await collector('/cs/storecookie', {
        method: 'POST',
        body: { org: 'shop-test', session: 'abcdefgh-2', value: forged },
      });
      expect(refused).toMatchObject({ status: 400, body: { error: { code: 'INVALID_COOKIE' } } });
    });

    it('takes attributes as text/plain too (sendBeacon), within bounds', async () => {
      const session = randomUUID();
      const beacon = await collector(`/session/${session}`, {
        method: 'POST',
        body: JSON.stringify({ org: 'shop-test', attributes: { webdriver: false } }),
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
      });
      expect(beacon).toMatchObject({ status: 200, body: { stored: 1 } });
      const many = (from: number) => Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`a${from + i}`, i]));
      for (const from of [0, 40]) {
        expect(
          (
            await collector(`/session/${session}`, {
              method: 'POST',
              body: { org: 'shop-test', attributes: many(from) },
            })
          ).status,
        ).toBe(200);
      }
      const full = await collector(`/session/${session}`, {
        method: 'POST',
        body: { org: 'shop-test', attributes: many(80) },
      });
      expect(full).toMatchObject({ status: 400, body: { error: { code: 'TOO_MANY_ATTRIBUTES' } } });
      const oversized = { ...many(300), one: 'more' };
      const fresh = await collector(`/session/${randomUUID()}`, {
        method: 'POST',
        body: { org: 'shop-test', attributes: oversized },
      });
      expect(fresh.status).toBe(400);
    });

    it.each([
      ['an unknown org', '/cs/config?org=other&session=abcdefgh', 'UNKNOWN_ORG'],
      ['a malformed session id', '/cs/config?org=shop-test&session=a<b', 'INVALID_REQUEST'],
      ['a missing org', '/cs/generatecookie', 'INVALID_REQUEST'],
    ])('refuses %s', async (_what, path, code) => {
      const { status, body } = await collector(path);
      expect(status).toBe(400);
      expect(body.error.code).toBe(code);
    });

    it.each([
      ['an attribute value over 512 characters', { ua: 'x'.repeat(513) }],
      ['an attribute name with spaces', { 'user agent': 'x' }],
      ['a nested object', { screen: { width: 1 } }],
    ])('refuses %s', async (_what, attributes) => {
      const { status } = await collector('/session/abcdefgh-3', {
        method: 'POST',
        body: { org: 'shop-test', attributes },
      });
      expect(status).toBe(400);
    });

    it('serves the hidden frame, framable by the allowed origins only, reporting from its own origin', async () => {
      const frame = await collector('/logo.htm?org=shop-test&session=abcdefgh-4');
      expect(frame.status).toBe(200);
      expect(frame.headers.get('content-type')).toContain('text/html');
      const csp = frame.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain('frame-ancestors http://localhost:* http://*.localhost:*');
      expect(frame.body).toContain('data-session="abcdefgh-4"');
      expect(frame.body).toContain('<script src="/logo.js"></script>');
      const script = await collector('/logo.js');
      expect(script.headers.get('content-type')).toContain('text/javascript');
      expect(script.body).toContain('/session/');
      // The frame's own report: same origin as the collector.
      const own = await call(`${vendors.fraudCollectorUrl}/session/abcdefgh-4`, {
        method: 'POST',
        body: { org: 'shop-test', attributes: { 'frame.timezone': 'UTC' } },
        headers: { origin: vendors.fraudCollectorUrl },
      });
      expect(own.status).toBe(200);
    });
  });

  describe('POST /fraud/v1/decisions', () => {
    it('accepts a small order from a session the collector saw, with reasons empty', async () => {
      const session = randomUUID();
      await collect(session);
      const { status, body } = await decide({ sessionId: session });
      expect(status).toBe(200);
      expect(body).toMatchObject({ decision: 'accept', score: 0, reasons: [] });
      expect(body.id).toMatch(/^frd_/);
    });

    it('counts a session the collector never saw as a risk, and adds the amount rule', async () => {
      expect((await decide({})).body).toMatchObject({ decision: 'accept', score: 30, reasons: ['NO_SESSION_DATA'] });
      const big = await decide({ orderAmount: { centAmount: 150_000, currencyCode: 'USD' } });
      expect(big.body).toMatchObject({ decision: 'review', score: 50, reasons: ['NO_SESSION_DATA', 'HIGH_AMOUNT'] });
    });

    it('notices a billing address unlike the shipping one, ignoring names', async () => {
      const session = randomUUID();
      await collect(session);
      const same = await decide({ sessionId: session, billingAddress: { ...address, firstName: 'Grace' } });
      expect(same.body.reasons).toEqual([]);
      const other = await decide({ sessionId: session, billingAddress: { ...address, postalCode: '10002' } });
      expect(other.body).toMatchObject({ score: 15, reasons: ['ADDRESS_MISMATCH'] });
      const washington = {
        ...address,
        streetName: '1 Pennsylvania Ave',
        city: 'Washington',
        state: 'DC',
        postalCode: '20001',
      };
      const far = await decide({ sessionId: session, billingAddress: washington });
      expect(far.body).toMatchObject({ score: 35, reasons: ['ADDRESS_MISMATCH', 'FAR_SHIPPING'] });
    });

    it('counts e-mails per card fingerprint and per public client address, never per private one', async () => {
      const card = `fp_${randomUUID().replaceAll('-', '')}`;
      // Each order from its own collected session and device, as a script clearing its cookies does.
      const reasonsOf = async (body: Record<string, unknown>) => {
        const session = randomUUID();
        await collect(session);
        return (await decide({ sessionId: session, ...body })).body.reasons;
      };
      for (let n = 0; n < 3; n += 1)
        expect(await reasonsOf({ cardFingerprint: card, ipAddress: '127.0.0.1' })).toEqual([]);
      expect(await reasonsOf({ cardFingerprint: card, ipAddress: '127.0.0.1' })).toEqual(['CARD_EMAIL_VELOCITY']);
      // Another card from the same loopback address: nothing counts against it.
      expect(await reasonsOf({ cardFingerprint: `${card}x`, ipAddress: '127.0.0.1' })).toEqual([]);

      const ip = '198.51.100.23';
      for (let n = 0; n < 4; n += 1) expect(await reasonsOf({ ipAddress: ip })).toEqual([]);
      expect(await reasonsOf({ ipAddress: `::ffff:${ip}` })).toEqual(['IP_VELOCITY']);
    });

    it('counts decisions per e-mail and e-mails per device in the last hour', async () => {
      const email = `${randomUUID()}@example.com`;
      const session = randomUUID();
      const device = await collect(session);
      for (let i = 0; i < 10; i += 1) expect((await decide({ sessionId: session, email })).body.score).toBe(0);
      expect((await decide({ sessionId: session, email: email.toUpperCase() })).body.reasons).toEqual([
        'EMAIL_VELOCITY',
      ]);

      const shared = randomUUID();
      await collect(shared, device);
      // The device has seen one e-mail; two more make three others for a fourth.
      for (const n of [1, 2]) await decide({ sessionId: shared, email: `other-${n}-${email}` });
      expect((await decide({ sessionId: shared, email: `fourth-${email}` })).body.reasons).toEqual(['DEVICE_VELOCITY']);
    });

    it('follows the sandbox e-mails to review and reject', async () => {
      const session = randomUUID();
      await collect(session);
      expect((await decide({ sessionId: session, email: 'ada+fraud-review@example.com' })).body.decision).toBe(
        'review',
      );
      expect((await decide({ sessionId: session, email: 'ada+fraud-reject@example.com' })).body.decision).toBe(
        'reject',
      );
    });

    it.each([
      ['another org', { orgId: 'someone-else' }, 'UNKNOWN_ORG'],
      ['a malformed session id', { sessionId: 'short' }, 'INVALID_REQUEST'],
      ['a bad e-mail', { email: 'not-an-email' }, 'INVALID_REQUEST'],
      ['another currency', { orderAmount: { centAmount: 1, currencyCode: 'EUR' } }, 'INVALID_REQUEST'],
      ['an address without a street', { billingAddress: { ...address, streetName: '' } }, 'INVALID_REQUEST'],
      ['a bad IP address', { ipAddress: '999.1.1.1' }, 'INVALID_REQUEST'],
      ['a malformed card fingerprint', { cardFingerprint: '4242424242424242 ' }, 'INVALID_REQUEST'],
    ])('refuses %s with 400', async (_what, change, code) => {
      const { status, body } = await decide(change);
      expect(status).toBe(400);
      expect(body.error.code).toBe(code);
    });

    it('takes an IPv4 or IPv6 address and a customer id, and needs its key', async () => {
      expect((await decide({ ipAddress: '203.0.113.9', customerId: 'c-1' })).status).toBe(200);
      expect((await decide({ ipAddress: '::ffff:127.0.0.1' })).status).toBe(200);
      expect((await decide({}, null)).status).toBe(401);
      expect((await decide({}, KEYS.loyaltyApiKey)).status).toBe(401);
    });
  });
});
