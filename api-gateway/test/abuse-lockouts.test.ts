import { randomUUID } from 'node:crypto';
import { createLogger } from '@shop/node-kit';
import { generate } from 'otplib';
import { runStaffCli } from '../src/cli/staff-cli';
import { createCommerceClient } from '../src/clients/commercetools';
import { createUpstreamGuard } from '../src/clients/upstream-guard';
import { staffAccountRepository } from '../src/modules/admin/staff-account-repository';
import { staffDirectory } from '../src/modules/admin/staff-directory';
import { totpSecretSeal } from '../src/modules/admin/totp-secret-seal';
import { LIMITS } from '../src/shared/throttle';
import {
  type CheckoutStack,
  INTERNAL_CAPTCHA,
  checkoutShopper,
  orderBody,
  startCheckoutStack,
  stockedSkus,
} from './checkout-support';
import { authClient, commerceAt, request } from './support';

/** The test gateway's AUTH_SECRET (support.ts), which seals the staff authenticator secrets. */
const AUTH_SECRET = 'test-auth-secret-0123456789abcdef0123456789';
const STAFF_PASSWORD = 'a long staff passphrase';

let stack: CheckoutStack;
beforeAll(async () => {
  stack = await startCheckoutStack('abuse-lockouts');
}, 180_000);
afterAll(() => stack?.stop());

/** A correlation id of this test's own, to find what the gateway logged about one request. */
const correlation = () => `abuse-${randomUUID()}`;
/** How many of the requests' logged lines carry `message`. */
const logged = (ids: string[], message: string) =>
  ids.filter((id) => stack.gateway.logsAbout(id).some((line) => line.includes(`"${message}"`))).length;

describe('sign-in lockouts hold under concurrent attempts', () => {
  it('checks at most 10 of 20 concurrent staff sign-ins with the right password and wrong codes', async () => {
    const logger = createLogger('silent');
    const commerce = createCommerceClient({
      ...commerceAt(stack.commerce.url),
      logger,
      guard: createUpstreamGuard('commerce', logger),
    });
    const printed: string[] = [];
    const email = `racer-${Date.now()}@example.com`;
    const code = await runStaffCli(['create', '--email', email, '--password-stdin', '--role', 'hoopcraft=viewer'], {
      directory: staffDirectory(staffAccountRepository(commerce, totpSecretSeal(AUTH_SECRET))),
      brands: [...stack.gateway.catalog.keys()],
      readLine: async () => STAFF_PASSWORD,
      print: (line) => void printed.push(line),
    });
    expect(code).toBe(0);
    const secret = /secret: ([A-Z2-7]+)/.exec(printed.join('\n'))?.[1] as string;
    // A code the authenticator shows for no step the gateway takes (now, and one either side).
    const step = Math.floor(Date.now() / 30_000);
    const taken = await Promise.all(
      [step - 1, step, step + 1, step + 2].map((s) => generate({ secret, epoch: s * 30 })),
    );
    const wrong = ['000000', '111111', '222222', '333333', '444444'].find((c) => !taken.includes(c)) as string;

    // Twenty browsers, each with the site's CSRF token, then all at once.
    const browsers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const client = authClient(stack.gateway.url);
        return { client, csrf: await client.csrfToken(), id: correlation() };
      }),
    );
    const answers = await Promise.all(
      browsers.map(({ client, csrf, id }) =>
        client.send('/api/admin/session', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-csrf-token': csrf,
            'x-correlation-id': id,
            'x-forwarded-for': '203.0.113.61',
          },
          body: JSON.stringify({ email, password: STAFF_PASSWORD, totp: wrong }),
        }),
      ),
    );
    const bodies = await Promise.all(
      answers.map(async (answer) => [
        answer.status,
        ((await answer.json()) as { error?: { code?: string } }).error?.code,
      ]),
    );
    // Every attempt gets the one refusal (the lockout looks like any wrong code)...
    expect(bodies).toEqual(Array.from({ length: 20 }, () => [401, 'STAFF_SIGN_IN_FAILED']));
    const ids = browsers.map((browser) => browser.id);
    // ...and only the limit's worth got as far as the second factor; the rest were refused before the password.
    const checked = logged(ids, 'Staff sign-in refused');
    const throttled = logged(ids, 'Staff sign-in throttled');
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(LIMITS.staffSignInFailuresPerAccount.max);
    expect(checked + throttled).toBe(20);
    for (const id of ids.filter((one) => stack.gateway.logsAbout(one).some((line) => line.includes('refused'))))
      expect(stack.gateway.logsAbout(id).join('\n')).toContain('"why":"second factor"');
  }, 60_000);

  it('checks at most 10 of 20 concurrent wrong passwords for one customer from one address', async () => {
    const port = new URL(stack.gateway.url).port;
    const attempts = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const client = authClient(stack.gateway.url, `everwear.localhost:${port}`);
        return { client, csrf: await client.csrfToken(), id: correlation() };
      }),
    );
    const urls = await Promise.all(
      attempts.map(async ({ client, csrf, id }) => {
        const response = await client.send('/callback/credentials', {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            'x-auth-return-redirect': '1',
            'x-correlation-id': id,
            'x-forwarded-for': '203.0.113.62',
          },
          body: new URLSearchParams({
            csrfToken: csrf,
            email: 'shopper@everwear.example',
            password: 'not-the-password-1',
            captchaToken: INTERNAL_CAPTCHA,
          }).toString(),
        });
        return ((await response.json()) as { url: string }).url;
      }),
    );
    for (const url of urls) expect(url).toContain('error=CredentialsSignin');
    const ids = attempts.map((attempt) => attempt.id);
    // Checked: the platform's login was asked (refused, or on a busy machine too slow to answer,
    // which gives the place back but came after the place was taken).
    const checked = logged(ids, 'Sign-in refused') + logged(ids, 'Sign-in unavailable');
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(LIMITS.signInFailuresPerAccountAndIp.max);
    expect(checked + logged(ids, 'Sign-in throttled')).toBe(20);
  }, 60_000);
});

describe('order tracking lookups', () => {
  it('never lets wrong e-mails from one address lock the order for its owner at another', async () => {
    const [item] = await stockedSkus(stack, 'vanityfair', 1);
    const buyer = await checkoutShopper(stack, 'vanityfair');
    expect((await buyer.add(item.sku, 1)).status).toBe(200);
    const placed = await buyer.place(randomUUID(), orderBody(await buyer.ready()));
    expect(placed.status).toBe(201);
    const { orderNumber, email } = placed.body;

    const attacker = await checkoutShopper(stack, 'vanityfair');
    const fromA = { 'x-forwarded-for': '203.0.113.71' };
    for (let i = 0; i < 10; i += 1) {
      const guess = await attacker.send(
        'POST',
        '/api/order/lookup',
        { orderNumber, email: `guess${i}@example.com` },
        fromA,
      );
      expect(guess.status).toBe(404);
    }
    // Address A is limited for this order, even with the right e-mail...
    const limited = await attacker.send('POST', '/api/order/lookup', { orderNumber, email }, fromA);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // ...while the owner, on another device at address B, finds the order.
    const owner = await checkoutShopper(stack, 'vanityfair');
    const found = await owner.send(
      'POST',
      '/api/order/lookup',
      { orderNumber, email },
      { 'x-forwarded-for': '198.51.100.72' },
    );
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ orderNumber });
  }, 120_000);
});

describe('listing and search limits per address', () => {
  const from = (ip: string) => ({ 'x-forwarded-for': ip });
  const random = () => `zq${randomUUID().replace(/-/g, '')}`;

  it('stops a flood of made-up searches from one address at 429, and leaves another address alone', async () => {
    const flooder = from('203.0.113.81');
    const suggest = (q: string, headers: Record<string, string>) =>
      request(`${stack.gateway.url}/api/search/suggest?q=${q}`, { headers });
    // A search the cache then holds: asking it again costs nothing, so it never counts.
    expect((await suggest('bra', flooder)).status).toBe(200);
    const limit = LIMITS.catalogQueriesPerIp.max;
    const statuses: number[] = [];
    for (let batch = 0; batch < limit; batch += 20) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => suggest(random(), flooder)));
      statuses.push(...answers.map((answer) => answer.status));
    }
    // The first query of the flood was counted with 'bra': `limit` in all, then refusals.
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit - 1);
    const refused = await suggest(random(), flooder);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: Record<string, string> }).error).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      correlationId: expect.any(String),
    });
    const listing = await request(`${stack.gateway.url}/api/products?q=${random()}`, { headers: flooder });
    expect(listing.status).toBe(429);
    expect((await suggest('bra', flooder)).status).toBe(200);
    // Another shopper's searches go on.
    expect((await suggest(random(), from('198.51.100.82'))).status).toBe(200);
    expect(
      (await request(`${stack.gateway.url}/api/products?q=${random()}`, { headers: from('198.51.100.82') })).status,
    ).toBe(200);
  }, 120_000);

  it('answers a flood of listing and search pages from one address with a 429 page, and another address with the page', async () => {
    const flooder = from('203.0.113.91');
    const page = (path: string, headers: Record<string, string>) =>
      request(`${stack.gateway.url}${path}`, { headers: { accept: 'text/html', ...headers } });
    const limit = LIMITS.listingPagesPerIp.max;
    const statuses: number[] = [];
    for (let batch = 0; batch < limit; batch += 20) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => page(i % 2 ? `/c?q=${random()}` : '/c/bras', flooder)),
      );
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
    const refused = await page(`/c?q=${random()}`, flooder);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toContain('Too many pages at once');
    // Other pages than listings are not counted, and another address is not affected.
    expect((await page('/customer-service/contact', flooder)).status).toBe(200);
    expect((await page('/c/bras', from('198.51.100.92'))).status).toBe(200);
  }, 120_000);
});
