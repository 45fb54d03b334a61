import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '@shop/node-kit/testing';
import { type LoadRoute, type PhaseResult, type Sample, allSamples, isOk, runPhase, table } from './load-phases';
import { authClient, captchaAt, commerceAt, startBuiltService, startTestGateway } from './support';

/**
 * Crashes the real commerce and vendor services under a bounded load and checks what shoppers
 * get: never a 500, never a hang, a 503 with Retry-After from whatever needs the crashed service,
 * everything back once it restarts, and no customer locked out by sign-ins the outage failed.
 */
const INTERNAL_CAPTCHA = 'internal-captcha-secret-for-faults-0004';
const CRM_KEY = 'crm-key-for-gateway-faults-0004';
/** No answer may take longer than this, whatever is down. */
const LIVENESS_MS = 6_000;
const PHASE_MS = 3_000;
const SHOPPER = { email: 'shopper@vanityfair.example', password: 'Shopper-Pass-1' };

type Service = Awaited<ReturnType<typeof startBuiltService>>;
const data = mkdtempSync(join(tmpdir(), 'gw-faults-'));
const commerceEnv = { COMMERCE_DATA_DIR: join(data, 'commerce-db'), COMMERCE_SEED_PRODUCTS: '100' };
const vendorsEnv = {
  CAPTCHA_SECRET: 'captcha-secret-for-faults',
  CRM_API_KEY: CRM_KEY,
  VENDORS_DATA_DIR: join(data, 'vendors-db'),
};
let commerce: Service;
let vendors: Service;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
let style = '';

beforeAll(async () => {
  [commerce, vendors] = await Promise.all([
    startBuiltService('commerce', commerceEnv, 'COMMERCE_PORT'),
    startBuiltService('vendors', vendorsEnv, 'VENDORS_PORT'),
  ]);
  gateway = await startTestGateway({
    commerce: commerceAt(commerce.url),
    captcha: captchaAt(vendors.url, vendorsEnv.CAPTCHA_SECRET, INTERNAL_CAPTCHA),
    crm: { url: vendors.url, apiKey: CRM_KEY },
    // Every load request comes from an address of its own, so no rate limit shapes the results.
    trustProxy: ['loopback'],
    // Nothing answered from the gateway's cache: each request shows what the upstream does.
    catalogCacheTtlSeconds: 0,
    breaker: { failures: 5, halfOpenAfterMs: 2_000 },
  });
  const listing = (await (await fetch(`${gateway.url}/api/products?category=bras&limit=1`)).json()) as {
    results: Array<{ masterStyle: string }>;
  };
  style = listing.results[0].masterStyle;
  // The stand-in CRM opens its database on the first request (seconds); that cold start is not what this test measures.
  await Promise.all(
    ['/cases', '/leads'].map((path) =>
      fetch(`${vendors.url}${path}`, { headers: { authorization: `Bearer ${CRM_KEY}` } }),
    ),
  );
}, 120_000);
afterAll(async () => {
  await gateway?.stop();
  await Promise.all([commerce?.stop(), vendors?.stop()]);
});

let counter = 0;
const nextAddress = () => ((counter += 1), `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`);

async function answer(response: Response): Promise<Omit<Sample, 'ms'>> {
  const body = (await response.json().catch(() => undefined)) as { error?: { code?: string } } | undefined;
  return { status: response.status, code: body?.error?.code, retryAfter: response.headers.get('retry-after') };
}
const get = (path: string) => async () =>
  answer(await fetch(`${gateway.url}${path}`, { headers: { 'x-forwarded-for': nextAddress() } }));
const post = (path: string, fields: () => Record<string, unknown>) => async () => {
  const client = authClient(gateway.url);
  const body = JSON.stringify({ csrfToken: await client.csrfToken(), ...fields() });
  return answer(
    await client.send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
      body,
    }),
  );
};
async function signIn(address: string, captchaToken = INTERNAL_CAPTCHA): Promise<Omit<Sample, 'ms'>> {
  const client = authClient(gateway.url);
  const response = await client.send('/callback/credentials', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-auth-return-redirect': '1',
      'x-forwarded-for': address,
    },
    body: new URLSearchParams({
      csrfToken: await client.csrfToken(),
      ...SHOPPER,
      captchaToken,
      callbackUrl: '/',
    }).toString(),
  });
  const { url } = (await response.json()) as { url?: string };
  const failed = url ? new URL(url).searchParams : undefined;
  return { status: response.status, outcome: failed?.get('error') ? (failed.get('code') ?? 'error') : 'signed-in' };
}

const COMMERCE_ROUTES = [
  'GET /api/products?category=bras',
  'GET /api/products/{style}',
  'GET /api/categories',
  'GET /api/search/suggest?q=bra',
  'POST credentials sign-in',
  'POST /api/leads',
];
const VENDOR_ROUTES = ['POST /api/contact', 'POST /api/leads'];
const routes: LoadRoute[] = [
  { name: 'GET /api/products?category=bras', run: get('/api/products?category=bras') },
  { name: 'GET /api/products/{style}', run: async () => get(`/api/products/${style}`)() },
  { name: 'GET /api/categories', run: get('/api/categories') },
  { name: 'GET /api/search/suggest?q=bra', run: get('/api/search/suggest?q=bra') },
  { name: 'GET /api/content/home', run: get('/api/content/home') },
  { name: 'GET /api/stores?zip=10001', run: get('/api/stores?zip=10001') },
  {
    name: 'GET / (page)',
    run: async () => ({
      status: (await fetch(`${gateway.url}/`, { headers: { 'x-forwarded-for': nextAddress() } })).status,
    }),
  },
  { name: 'GET /api/auth/session', run: get('/api/auth/session') },
  { name: 'POST credentials sign-in', run: () => signIn(nextAddress()) },
  {
    name: 'POST /api/contact',
    run: post('/api/contact', () => ({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      country: 'US',
      topic: 'other',
      message: 'Checking in during a load test.',
      captchaToken: INTERNAL_CAPTCHA,
    })),
  },
  {
    name: 'POST /api/leads',
    run: post('/api/leads', () => ({ email: `fan-${counter}-${Date.now()}@example.com`, placement: 'footer' })),
  },
];

async function phase(name: string): Promise<PhaseResult> {
  const result = await runPhase(routes, PHASE_MS);
  console.log(table(name, result));
  // Whatever is down: no 500 (nor any 5xx but 503), no request that fails outright, no answer past the liveness budget.
  for (const sample of allSamples(result)) {
    expect(sample.status === 503 || (sample.status >= 200 && sample.status < 500)).toBe(true);
    expect(sample.ms).toBeLessThan(LIVENESS_MS);
    if (sample.status === 503)
      expect(sample).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', retryAfter: expect.stringMatching(/^[1-9]\d*$/) });
  }
  return result;
}

const expectAllOk = (result: PhaseResult, names: string[]) => {
  for (const name of names)
    expect({ name, bad: result.get(name)?.filter((sample) => !isOk(sample)) }).toEqual({ name, bad: [] });
};
const expectAllDown = (result: PhaseResult, names: string[]) => {
  for (const name of names) {
    const expected = name === 'POST credentials sign-in' ? { status: 200, outcome: 'unavailable' } : { status: 503 };
    expect({ name, samples: result.get(name)?.map((s) => ({ status: s.status, outcome: s.outcome })) }).toEqual({
      name,
      samples: result.get(name)?.map(() => expected),
    });
  }
};

/** After a restart the breaker lets a probe through within its half-open time: run sequential rounds until one passes whole. */
const expectRecovered = () =>
  eventually(
    async () => {
      const round: Array<{ name: string; sample: Omit<Sample, 'ms'> }> = [];
      for (const route of routes) round.push({ name: route.name, sample: await route.run() });
      expect(round.filter(({ sample }) => !isOk(sample))).toEqual([]);
    },
    { timeoutMs: 15_000, intervalMs: 250 },
  );

const others = (down: string[]) => routes.map((route) => route.name).filter((name) => !down.includes(name));
const SHOPPER_ADDRESS = '203.0.113.77';

describe('upstream faults under load', () => {
  it('answers everything while all services are up', async () => {
    expectAllOk(await phase('all up'), others([]));
  });

  it('answers 503 with Retry-After from what needs commerce once it crashes, and everything else as usual', async () => {
    await commerce.kill();
    const result = await phase('commerce killed');
    expectAllDown(result, COMMERCE_ROUTES);
    expectAllOk(result, others(COMMERCE_ROUTES));
    // The right password, again and again, while commerce is down: more tries than the wrong-password limit.
    for (let i = 0; i < 11; i += 1)
      expect(await signIn(SHOPPER_ADDRESS)).toEqual({ status: 200, outcome: 'unavailable' });
  });

  it('recovers once commerce is back, and the customer whose sign-ins failed during the outage signs in', async () => {
    commerce = await startBuiltService('commerce', commerceEnv, 'COMMERCE_PORT', commerce.port);
    await phase('commerce restarted');
    await expectRecovered();
    expect(await signIn(SHOPPER_ADDRESS)).toEqual({ status: 200, outcome: 'signed-in' });
  });

  it('answers 503 from the contact form and signups when the vendors crash, and sign-in says unavailable when the captcha is needed', async () => {
    await vendors.kill();
    const result = await phase('vendors killed');
    expectAllDown(result, VENDOR_ROUTES);
    expectAllOk(result, others(VENDOR_ROUTES));
    const challenge = await fetch(`${gateway.url}/api/captcha/challenge`);
    expect(challenge.status).toBe(503);
    expect(Number(challenge.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await signIn(nextAddress(), 'a-real-looking-captcha-token')).toEqual({
      status: 200,
      outcome: 'unavailable',
    });
  });

  it('recovers once the vendors are back', async () => {
    vendors = await startBuiltService('vendors', vendorsEnv, 'VENDORS_PORT', vendors.port);
    await phase('vendors restarted');
    await expectRecovered();
  });
});
