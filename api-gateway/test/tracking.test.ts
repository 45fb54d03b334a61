import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { eventually } from '@shop/node-kit/testing';
import { trackingTokens } from '../src/sessions/tracking-token';
import { startTestGateway } from './support';

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;
let gateway: Gateway;
const MAX_BYTES = 4096;
const FILES = 3;
beforeAll(async () => {
  // A small log cap so a few hundred events rotate it; trust proxy so each test is its own address.
  gateway = await startTestGateway({
    trustProxy: ['loopback'],
    trackingLogMaxBytes: MAX_BYTES,
    trackingLogFiles: FILES,
  });
});
afterAll(() => gateway.stop());

const uuid = () => crypto.randomUUID();
/** A session token as the gateway issues it (signed with its secret); a cookie it did not issue is replaced. */
const issued = () => trackingTokens(gateway.config.authSecret).issue();
let nextAddress = 1;
const address = () => `10.1.0.${nextAddress++}`;
const record = (sessionToken?: string) => ({
  event: 'PAGE_VIEW',
  eventId: uuid(),
  eventUrl: 'http://127.0.0.1/c/bras',
  pagePath: '/c/bras',
  ...(sessionToken ? { sessionToken } : {}),
});
/** A same-origin post as track() makes it, from one address, with the session cookie when given. */
const post = (ip: string, sessionToken?: string) => {
  const req = request(gateway.url)
    .post('/api/tracking')
    .set('host', '127.0.0.1')
    .set('x-forwarded-for', ip)
    .set('sec-fetch-site', 'same-origin');
  return sessionToken ? req.set('cookie', `sessionToken=${sessionToken}`) : req;
};
const cookieOf = (res: request.Response) =>
  ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).find((line) =>
    line.startsWith('sessionToken='),
  );
const logLines = () =>
  readdirSync(gateway.dataDir)
    .filter((name) => name.startsWith('tracking.log'))
    .flatMap((name) => readFileSync(join(gateway.dataDir, name), 'utf8').trim().split('\n').filter(Boolean))
    .map((line) => JSON.parse(line) as { record: Record<string, unknown> });

describe('POST /api/tracking only from this site', () => {
  it('refuses text/plain (the content type any page may send without a preflight) with 415', async () => {
    const res = await post(address(), uuid()).set('content-type', 'text/plain').send(JSON.stringify(record()));
    expect(res.status).toBe(415);
    expect(res.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it.each(['cross-site', 'same-site', 'none'])('refuses Sec-Fetch-Site: %s with 403', async (site) => {
    const res = await post(address(), uuid()).set('sec-fetch-site', site).send(record());
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({
      code: 'CROSS_SITE_REQUEST',
      message: expect.any(String),
      correlationId: expect.any(String),
    });
  });

  it('without Sec-Fetch-Site, accepts only an Origin equal to its own', async () => {
    const own = `127.0.0.1:${gateway.port}`;
    const bare = () => request(gateway.url).post('/api/tracking').set('host', own).set('x-forwarded-for', address());
    expect((await bare().set('origin', 'https://evil.example').send(record())).status).toBe(403);
    expect((await bare().set('origin', 'null').send(record())).status).toBe(403);
    expect((await bare().send(record())).status).toBe(403);
    expect((await bare().set('origin', 'http://127.0.0.1').send(record())).status).toBe(403);
    expect((await bare().set('origin', `http://${own}`).send(record())).status).toBe(202);
  });
});

describe('the tracking session cookie', () => {
  it('is issued by the gateway with the first event that has none, and that event is recorded under it', async () => {
    const first = record();
    const res = await post(address()).send(first);
    expect(res.status).toBe(202);
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/^sessionToken=[0-9a-f-]{36}; Max-Age=43200; Path=\/; Expires=[^;]+; SameSite=Lax$/);
    const token = cookie!.split(';')[0].split('=')[1];
    // The sink appends through a stream: wait for the line to land.
    await eventually(() =>
      expect(logLines().find((line) => line.record.eventId === first.eventId)?.record.sessionToken).toBe(token),
    );
  });

  it('refuses a record naming another session than its cookie', async () => {
    const res = await post(address(), issued()).send(record(issued()));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('SESSION_TOKEN_MISMATCH');
  });

  it('replaces a cookie it did not issue (a UUID the shopper chose) and records the event under its own', async () => {
    const chosen = uuid();
    const first = record();
    const res = await post(address(), chosen).send(first);
    expect(res.status).toBe(202);
    const token = cookieOf(res)!.split(';')[0].split('=')[1];
    expect(token).not.toBe(chosen);
    await eventually(() =>
      expect(logLines().find((line) => line.record.eventId === first.eventId)?.record.sessionToken).toBe(token),
    );
  });
});

describe('cart events in the log (SPEC §3)', () => {
  it('logs ADD_TO_CART with exactly eventId, quantity, sessionToken and sku (plus event and eventUrl)', async () => {
    const session = issued();
    const added = {
      event: 'ADD_TO_CART',
      eventId: uuid(),
      eventUrl: 'http://127.0.0.1/p/bras/lace/1',
      sku: 'VF-1-34B',
      quantity: 2,
    };
    expect((await post(address(), session).send({ ...added, sessionToken: session })).status).toBe(202);
    await eventually(() =>
      expect(logLines().find((line) => line.record.eventId === added.eventId)?.record).toEqual({
        ...added,
        sessionToken: session,
      }),
    );
  });

  it('refuses an ADD_TO_CART record carrying any other field', async () => {
    const session = issued();
    const res = await post(address(), session).send({
      event: 'ADD_TO_CART',
      eventId: uuid(),
      eventUrl: 'http://127.0.0.1/p/bras/lace/1',
      sku: 'VF-1-34B',
      quantity: 2,
      price: 4200,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('INVALID_TRACKING_EVENT');
  });

  it('logs CART_VIEW whole', async () => {
    const session = issued();
    const viewed = {
      event: 'CART_VIEW',
      eventId: uuid(),
      eventUrl: 'http://127.0.0.1/cart',
      itemCount: 3,
      value: 9800,
      currency: 'USD',
      items: [{ sku: 'VF-1-34B', quantity: 2, price: 4200 }],
    };
    expect((await post(address(), session).send(viewed)).status).toBe(202);
    await eventually(() =>
      expect(logLines().find((line) => line.record.eventId === viewed.eventId)?.record).toEqual({
        ...viewed,
        sessionToken: session,
      }),
    );
  });
});

describe('tracking rate limits and the log cap', () => {
  it('limits 300 posts from one session to 120 a minute with 429 and Retry-After, and the log stays within its cap', async () => {
    const ip = address();
    const session = issued();
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 300; i += 1) {
      const res = await post(ip, session).send(record(session));
      statuses.push(res.status);
      if (res.status === 429) retryAfter ??= res.headers['retry-after'];
    }
    expect(statuses.filter((s) => s === 202)).toHaveLength(120);
    expect(statuses.filter((s) => s === 429)).toHaveLength(180);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(retryAfter)).toBeLessThanOrEqual(60);

    await gateway.stop();
    const files = readdirSync(gateway.dataDir).filter((name) => /^tracking\.log(\.\d+)?$/.test(name));
    const total = files.reduce((sum, name) => sum + statSync(join(gateway.dataDir, name)).size, 0);
    // 120 records are about 30 KB; rotation keeps FILES files of about MAX_BYTES (a line may overshoot each).
    expect(files.length).toBeLessThanOrEqual(FILES);
    expect(total).toBeLessThanOrEqual(FILES * (MAX_BYTES + 1024));
    gateway = await startTestGateway({
      trustProxy: ['loopback'],
      trackingLogMaxBytes: MAX_BYTES,
      trackingLogFiles: FILES,
    });
  });

  it('limits one address to 600 events a minute whatever sessions it claims', async () => {
    const ip = address();
    const statuses: number[] = [];
    for (let i = 0; i < 610; i += 1) statuses.push((await post(ip, uuid()).send(record())).status);
    expect(statuses.slice(0, 600).every((s) => s === 202)).toBe(true);
    expect(statuses.slice(600).every((s) => s === 429)).toBe(true);
  });
});

describe('deeply nested JSON', () => {
  // 1,000 levels in 2 KB: once a stack overflow inside validation (500).
  const deep = `${'['.repeat(1000)}${']'.repeat(1000)}`;

  it('is refused with 400 BODY_TOO_DEEP before validation', async () => {
    const res = await post(address(), uuid()).set('content-type', 'application/json').send(deep);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'BODY_TOO_DEEP',
      message: expect.any(String),
      correlationId: expect.any(String),
    });
  });

  it('is refused inside a record too', async () => {
    let nested: unknown = 'x';
    for (let i = 0; i < 30; i += 1) nested = { a: nested };
    const session = issued();
    const res = await post(address(), session).send({ ...record(session), nested });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('BODY_TOO_DEEP');
  });
});
