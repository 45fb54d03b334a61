import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  authClient,
  captchaAt,
  commerceAt,
  commerceGraphql as commerceGraphqlAt,
  freePort,
  mailsTo,
  resetLinkIn,
  startBuiltService,
  startTestGateway,
} from './support';
import { startMailCatcher } from '@shop/mail/catcher';
import { eventually } from '@shop/node-kit/testing';

const INTERNAL_CAPTCHA = 'internal-captcha-secret-for-tests-0001';
let commerce: Awaited<ReturnType<typeof startBuiltService>>;
let vendors: Awaited<ReturnType<typeof startBuiltService>>;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  [commerce, vendors] = await Promise.all([
    startBuiltService(
      'commerce',
      { COMMERCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'gw-commerce-')), COMMERCE_SEED_PRODUCTS: '40' },
      'COMMERCE_PORT',
    ),
    startBuiltService('vendors', { CAPTCHA_SECRET: 'captcha-secret-for-tests' }, 'VENDORS_PORT'),
  ]);
  gateway = await startTestGateway({
    commerce: commerceAt(commerce.url),
    captcha: captchaAt(vendors.url, 'captcha-secret-for-tests', INTERNAL_CAPTCHA),
    // Tests play several client addresses through X-Forwarded-For.
    trustProxy: ['loopback'],
  });
}, 120_000);
afterAll(async () => {
  await gateway?.stop();
  await Promise.all([commerce?.stop(), vendors?.stop()]);
});

const signIn = async (client: ReturnType<typeof authClient>, fields: Record<string, string>) => {
  const response = await client.send('/callback/credentials', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
    body: new URLSearchParams({ csrfToken: await client.csrfToken(), ...fields }).toString(),
  });
  return ((await response.json()) as { url: string }).url;
};

describe('credentials sign-in through the commerce in-store login', () => {
  it('signs in with the internal captcha secret, lands on the callbackUrl, and can update the names', async () => {
    const client = authClient(gateway.url);
    const url = await signIn(client, {
      email: 'shopper@vanityfair.example',
      password: 'Shopper-Pass-1',
      captchaToken: INTERNAL_CAPTCHA,
      callbackUrl: '/c/bras',
    });
    expect(url).toBe(`${gateway.url}/c/bras`);
    const session = await client.getSession();
    expect(session?.user).toMatchObject({
      email: 'shopper@vanityfair.example',
      firstname: 'Sam',
      lastname: 'Shopper',
      isLoggedIn: true,
    });
    const updated = (await client.update({ firstname: 'Samantha' })) as { user: Record<string, unknown> };
    expect(updated.user.firstname).toBe('Samantha');
    await client.signOut('/');
    expect(await client.getSession()).toBeNull();
  });

  it('accepts a real invisible-captcha token once, and goes to /account without a callbackUrl', async () => {
    const client = authClient(gateway.url);
    const challenge = async () =>
      ((await (await client.send('/api/captcha/challenge')).json()) as { token: string }).token;
    const token = await challenge();
    expect(
      await signIn(client, { email: 'shopper@vanityfair.example', password: 'Shopper-Pass-1', captchaToken: token }),
    ).toBe(`${gateway.url}/account`);
    const again = authClient(gateway.url);
    expect(
      await signIn(again, { email: 'shopper@vanityfair.example', password: 'Shopper-Pass-1', captchaToken: token }),
    ).toContain('error=CredentialsSignin');
  });

  it('fails without a captcha, with a wrong password, and for another store’s customer', async () => {
    const client = authClient(gateway.url);
    expect(await signIn(client, { email: 'shopper@vanityfair.example', password: 'Shopper-Pass-1' })).toContain(
      'error=CredentialsSignin',
    );
    expect(
      await signIn(client, { email: 'shopper@vanityfair.example', password: 'wrong', captchaToken: INTERNAL_CAPTCHA }),
    ).toContain('error=CredentialsSignin');
    expect(
      await signIn(client, {
        email: 'shopper@everwear.example',
        password: 'Shopper-Pass-1',
        captchaToken: INTERNAL_CAPTCHA,
      }),
    ).toContain('error=CredentialsSignin');
    expect(await client.getSession()).toBeNull();
  });

  it('migrates a legacy password on a brand that has the flag on, and not on one without it', async () => {
    const hoopcraft = authClient(gateway.url, `hoopcraft.localhost:${new URL(gateway.url).port}`);
    expect(
      await signIn(hoopcraft, {
        email: 'legacy@hoopcraft.example',
        password: 'Legacy-Pass-1',
        captchaToken: INTERNAL_CAPTCHA,
      }),
    ).toContain('error=CredentialsSignin');

    const client = authClient(gateway.url);
    expect(
      await signIn(client, {
        email: 'legacy@vanityfair.example',
        password: 'Legacy-Pass-1',
        captchaToken: INTERNAL_CAPTCHA,
        callbackUrl: '/',
      }),
    ).toBe(`${gateway.url}/`);
    expect((await client.getSession())?.user).toMatchObject({ email: 'legacy@vanityfair.example', isLoggedIn: true });
    // After migration the password is the customer's real one: the plain login works.
    const login = await fetch(`${commerce.url}/commerce/oauth/token?grant_type=client_credentials`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('shop-gateway-dev:dev-only-commerce-client-secret').toString('base64')}`,
      },
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const direct = await fetch(`${commerce.url}/commerce/shop/in-store/key=vanityfair/login`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'legacy@vanityfair.example', password: 'Legacy-Pass-1' }),
    });
    const body = (await direct.json()) as { customer: { custom: { fields: Record<string, unknown> } } };
    expect(direct.status).toBe(200);
    expect(body.customer.custom.fields).not.toHaveProperty('legacyHash');
    // A wrong password does not migrate anything.
    expect(
      await signIn(authClient(gateway.url), {
        email: 'legacy@everwear.example',
        password: 'nope',
        captchaToken: INTERNAL_CAPTCHA,
      }),
    ).toContain('error=CredentialsSignin');
  });
});

const post = async (
  client: ReturnType<typeof authClient>,
  path: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) => {
  const response = await client.send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ csrfToken: await client.csrfToken(), ...body }),
  });
  return { status: response.status, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
};

describe('registration and passwords', () => {
  it('registers a customer and signs them in; refuses weak passwords, duplicates and missing fields', async () => {
    const client = authClient(gateway.url);
    const weak = await post(client, '/api/account/register', {
      email: 'new@example.com',
      password: 'password1',
      firstName: 'New',
      lastName: 'Shopper',
    });
    expect(weak).toMatchObject({ status: 400, body: { error: { code: 'WEAK_PASSWORD' } } });
    const created = await post(client, '/api/account/register', {
      email: 'new@example.com',
      password: 'a-good-long-passphrase',
      firstName: 'New',
      lastName: 'Shopper',
    });
    expect(created).toMatchObject({
      status: 201,
      body: { user: { email: 'new@example.com', firstname: 'New' }, url: '/account' },
    });
    expect((await client.getSession())?.user).toMatchObject({ email: 'new@example.com', isLoggedIn: true });
    // An account page is the page with the session, and a real redirect to sign-in without it,
    // with the query the shell's route guard uses.
    const orders = `${gateway.url}/account/orders?page=2`;
    const cookie = [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    expect((await fetch(orders, { headers: { cookie }, redirect: 'manual' })).status).toBe(200);
    const signedOut = await fetch(orders, { redirect: 'manual' });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get('location')).toBe(
      `/login?${new URLSearchParams({ error: 'SessionRequired', callbackUrl: '/account/orders?page=2' })}`,
    );
    expect(signedOut.headers.get('cache-control')).toBe('private, no-cache');
    const duplicate = await post(authClient(gateway.url), '/api/account/register', {
      email: 'NEW@example.com',
      password: 'another-good-passphrase',
      firstName: 'N',
      lastName: 'S',
    });
    expect(duplicate).toMatchObject({ status: 409, body: { error: { code: 'EMAIL_TAKEN' } } });
    const missing = await post(authClient(gateway.url), '/api/account/register', { email: 'x@example.com' });
    expect(missing).toMatchObject({ status: 400, body: { error: { code: 'VALIDATION_FAILED' } } });
  });

  it('answers forgot-password identically for unknown e-mails, mails a 10-minute link, and resets once', async () => {
    const client = authClient(gateway.url);
    const unknown = await post(client, '/api/account/password/forgot', { email: 'nobody-here@example.com' });
    const known = await post(client, '/api/account/password/forgot', { email: 'shopper@vanityfair.example' });
    expect(unknown).toEqual(known);
    expect(known.status).toBe(202);
    // The mail is sent after the answer: wait for it to reach the mail catcher.
    const messages = await mailsTo(gateway, 'shopper@vanityfair.example', 'password-reset');
    expect(messages).toHaveLength(1);
    expect(messages[0].text).toContain('within 10 minutes');
    expect(messages[0].subject).toBe('Reset your Vanity Fair password');
    expect(gateway.mail('nobody-here@example.com')).toEqual([]);
    const token = resetLinkIn(messages[0]).searchParams.get('token') as string;
    expect(
      await post(client, '/api/account/password/reset', { token, newPassword: 'a-brand-new-passphrase' }),
    ).toMatchObject({ status: 200 });
    expect(
      await post(client, '/api/account/password/reset', { token, newPassword: 'a-brand-new-passphrase' }),
    ).toMatchObject({
      status: 400,
      body: { error: { code: 'INVALID_RESET_TOKEN' } },
    });
    expect(
      await signIn(authClient(gateway.url), {
        email: 'shopper@vanityfair.example',
        password: 'a-brand-new-passphrase',
        captchaToken: INTERNAL_CAPTCHA,
        callbackUrl: '/',
      }),
    ).toBe(`${gateway.url}/`);
  });
});

describe('brute-force limits', () => {
  it('throttles the 11th wrong password for one account from one address, but not the owner elsewhere', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const attempt = async (client: ReturnType<typeof authClient>, password: string, ip: string) => {
      const response = await client.send('/callback/credentials', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1', ...from(ip) },
        body: new URLSearchParams({
          csrfToken: await client.csrfToken(),
          email: 'shopper@hoopcraft.example',
          password,
          captchaToken: INTERNAL_CAPTCHA,
        }).toString(),
      });
      return ((await response.json()) as { url: string }).url;
    };
    const hoop = () => authClient(gateway.url, `hoopcraft.localhost:${new URL(gateway.url).port}`);
    for (let i = 0; i < 10; i += 1)
      expect(await attempt(hoop(), 'wrong-guess', '10.0.0.66')).toContain('error=CredentialsSignin');
    // The 11th try from the same address fails even with the right password...
    expect(await attempt(hoop(), 'Shopper-Pass-1', '10.0.0.66')).toContain('error=CredentialsSignin');
    // ...while the customer, from their own address, still gets in.
    expect(await attempt(hoop(), 'Shopper-Pass-1', '10.0.0.7')).not.toContain('error=');
    // Twelve password checks (scrypt, one core each): on a loaded two-core machine they took over 30 s.
  }, 90_000);
});

describe('post-login', () => {
  const commerceGraphql = (query: string, variables: Record<string, unknown> = {}) =>
    commerceGraphqlAt(commerce.url, query, variables);

  it('makes the guest’s own anonymous cart the signed-in customer’s active cart, then goes to the callbackUrl', async () => {
    const anonymous = authClient(gateway.url);
    const refused = await anonymous.send(`/api/user/postLogin?anonymousCartId=${randomUUID()}&callbackUrl=%2Fcart`);
    expect(refused.headers.get('location')).toBe('/login?error=SessionRequired&callbackUrl=%2Fcart');

    const client = authClient(gateway.url);
    await client.signIn('guest', '/');
    const guestId = (await client.getSession())?.user.id;
    const cartOf = async (anonymousId: string) =>
      (
        await commerceGraphql(
          `mutation($a: String) { createCart(draft: { currency: "USD", anonymousId: $a }, storeKey: "vanityfair") { id } }`,
          { a: anonymousId },
        )
      ).createCart.id as string;
    const own = await cartOf(guestId as string);
    const someoneElses = await cartOf(randomUUID());
    await signIn(client, {
      email: 'shopper@vanityfair.example',
      password: 'a-brand-new-passphrase',
      captchaToken: INTERNAL_CAPTCHA,
      callbackUrl: '/',
    });
    const customerId = (await client.getSession())?.user.id;
    const activeCart = async () =>
      (
        await commerceGraphql(
          `query($c: String!) { inStore(key: "vanityfair") { customerActiveCart(customerId: $c) { id } } }`,
          { c: customerId },
        )
      ).inStore.customerActiveCart?.id;
    const before = await activeCart();

    // A cart id learnt elsewhere, or a link from another site, moves nothing.
    expect((await client.send(`/api/user/postLogin?anonymousCartId=${someoneElses}&callbackUrl=%2Fcart`)).status).toBe(
      302,
    );
    await client.send(`/api/user/postLogin?anonymousCartId=${own}&callbackUrl=%2Fcart`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(await activeCart()).toBe(before);

    const response = await client.send(`/api/user/postLogin?anonymousCartId=${own}&callbackUrl=%2Fcart`, {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/cart');
    expect(await activeCart()).toBe(own);
    const evil = await client.send('/api/user/postLogin?callbackUrl=https%3A%2F%2Fevil.example');
    expect(evil.headers.get('location')).toBe('/');
  });
});

describe('a mail out of retries', () => {
  const OPS_KEY = 'ops-key-for-dead-jobs-0123456789';
  let relayPort: number;
  let offline: Awaited<ReturnType<typeof startTestGateway>>;
  beforeAll(async () => {
    // A gateway whose mail relay is away (nothing listens on its port) and which retries nothing.
    relayPort = await freePort();
    offline = await startTestGateway({
      commerce: commerceAt(commerce.url),
      captcha: captchaAt(vendors.url, 'captcha-secret-for-tests', INTERNAL_CAPTCHA),
      smtpUrl: `smtp://127.0.0.1:${relayPort}`,
      jobs: { retry: { retries: 0, delaySeconds: 1 } },
      opsApiKey: OPS_KEY,
    });
  }, 60_000);
  afterAll(() => offline?.stop());

  it('waits on the dead-letter list for the back office, which sends it again once the relay is back', async () => {
    const ops = (path: string, init: RequestInit = {}, key = OPS_KEY) =>
      fetch(`${offline.url}/api/ops${path}`, {
        ...init,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers },
      });
    const client = authClient(offline.url);
    expect((await post(client, '/api/account/password/forgot', { email: 'shopper@vanityfair.example' })).status).toBe(
      202,
    );
    type Listed = { queue: string; jobs: Array<{ id: string; deadSince: string; summary: Record<string, string> }> };
    let listed: Listed = { queue: 'mail', jobs: [] };
    await eventually(async () => {
      listed = (await (await ops('/jobs/dead?queue=mail')).json()) as Listed;
      expect(listed.jobs).toHaveLength(1);
    });
    const [dead] = listed.jobs;
    // What it is, never what it says (the reset link stays in the queue).
    expect(dead.summary).toEqual({ storeKey: 'vanityfair', kind: 'password-reset', to: 'shopper@vanityfair.example' });
    expect(JSON.stringify(listed)).not.toContain('token');

    expect((await ops('/jobs/dead?queue=mail', {}, 'not-the-key')).status).toBe(401);
    expect((await ops('/jobs/dead?queue=email')).status).toBe(400);
    expect((await ops('/jobs/dead?queue=mail&limit=0')).status).toBe(400);
    expect((await ops(`/jobs/dead/mail/${randomUUID()}/again`, { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await ops('/jobs/dead/mail/not-an-id/again', { method: 'POST', body: '{}' })).status).toBe(400);

    const relay = await startMailCatcher({ smtpPort: relayPort });
    try {
      const again = await ops(`/jobs/dead/mail/${dead.id}/again`, { method: 'POST', body: '{}' });
      expect(await again.json()).toEqual({ queue: 'mail', id: dead.id, sentAgain: true });
      await eventually(() => expect(relay.messages('shopper@vanityfair.example')).toHaveLength(1));
      expect(relay.messages('shopper@vanityfair.example')[0].subject).toBe('Reset your Vanity Fair password');
      expect(((await (await ops('/jobs/dead?queue=mail')).json()) as Listed).jobs).toEqual([]);
      expect((await ops(`/jobs/dead/mail/${dead.id}/again`, { method: 'POST', body: '{}' })).status).toBe(404);
    } finally {
      await relay.close();
    }
  });
});
