import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config';
import type { GatewayConfig } from '../src/config';
import {
  authClient,
  captchaAt,
  commerceAt,
  mailsTo,
  resetLinkIn,
  startBuiltService,
  startTestGateway,
} from './support';

/**
 * Penetration-test findings 2 (reset-link poisoning), 4 (X-Forwarded-For rotation), 5 (sessions
 * outliving sign-out and password resets) and the cross-brand session, against the real commerce
 * and vendor services.
 */
const INTERNAL_CAPTCHA = 'internal-captcha-secret-for-tests-0002';
type Client = ReturnType<typeof authClient>;
let commerce: Awaited<ReturnType<typeof startBuiltService>>;
let vendors: Awaited<ReturnType<typeof startBuiltService>>;
let upstreams: Partial<GatewayConfig>;

beforeAll(async () => {
  [commerce, vendors] = await Promise.all([
    startBuiltService(
      'commerce',
      { COMMERCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'gw-commerce-')), COMMERCE_SEED_PRODUCTS: '20' },
      'COMMERCE_PORT',
    ),
    startBuiltService('vendors', { CAPTCHA_SECRET: 'captcha-secret-for-tests' }, 'VENDORS_PORT'),
  ]);
  upstreams = {
    commerce: commerceAt(commerce.url),
    captcha: captchaAt(vendors.url, 'captcha-secret-for-tests', INTERNAL_CAPTCHA),
  };
}, 120_000);
afterAll(() => Promise.all([commerce?.stop(), vendors?.stop()]));

const post = async (
  client: Client,
  path: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) => {
  const response = await client.send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ csrfToken: await client.csrfToken(), ...body }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
};
const signIn = async (client: Client, email: string, password: string, headers: Record<string, string> = {}) =>
  (
    await post(
      client,
      '/callback/credentials',
      { email, password, captchaToken: INTERNAL_CAPTCHA, callbackUrl: '/' },
      { 'x-auth-return-redirect': '1', ...headers },
    )
  ).body.url as string;

async function newCustomer(client: Client) {
  const email = `pen-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Correct-Horse-Battery-9';
  expect(
    (await post(client, '/api/account/register', { email, password, firstName: 'Pen', lastName: 'Test' })).status,
  ).toBe(201);
  return { email, password };
}

describe('reset links use the brand’s configured origin', () => {
  it.each([
    ['Host', (port: string) => ({ host: `evil.example.com:${port}`, headers: {} })],
    ['X-Forwarded-Host', () => ({ host: undefined, headers: { 'x-forwarded-host': 'evil.example.com' } })],
  ])('a forgot-password with a foreign %s mails a link to the brand’s own origin', async (_header, forge) => {
    const gateway = await startTestGateway({ ...upstreams, trustProxy: ['loopback'] });
    try {
      const port = String(gateway.port);
      const client = authClient(gateway.url);
      const { email } = await newCustomer(client);
      const { host, headers } = forge(port);
      expect(
        (await post(authClient(gateway.url, host), '/api/account/password/forgot', { email }, headers)).status,
      ).toBe(202);
      const [mail] = await mailsTo(gateway, email, 'password-reset');
      expect(resetLinkIn(mail).origin).toBe(`http://vanityfair.localhost:${port}`);
      expect(mail.text).not.toContain('evil.example.com');
      expect(mail.html).not.toContain('evil.example.com');
    } finally {
      await gateway.stop();
    }
  });
});

describe('per-address limits behind proxies', () => {
  it('refuses TRUST_PROXY=true, which would let any client name its own address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/^Invalid environment variable TRUST_PROXY: /);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });

  it('a rotating X-Forwarded-For from an untrusted peer is still limited', async () => {
    // The proxy is 192.0.2.10; this test client (127.0.0.1) is not it, so its headers are ignored.
    const gateway = await startTestGateway({ ...upstreams, trustProxy: ['192.0.2.10'] });
    try {
      const { email, password } = await newCustomer(authClient(gateway.url));
      // Eleven wrong passwords, each naming another address: all are counted against this one.
      for (let i = 0; i < 11; i += 1) {
        const url = await signIn(authClient(gateway.url), email, 'a-wrong-guess', {
          'x-forwarded-for': `203.0.113.${i}`,
        });
        expect(url).toContain('error=CredentialsSignin');
      }
      // After ten wrong passwords from this address the right one no longer gets in from it.
      expect(await signIn(authClient(gateway.url), email, password, { 'x-forwarded-for': '198.51.100.200' })).toContain(
        'error=CredentialsSignin',
      );
    } finally {
      await gateway.stop();
    }
  }, 90_000);
});

describe('sessions end for good', () => {
  it('a signed-out cookie and a cookie from before a password reset stay refused after a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gw-sessions-'));
    let gateway = await startTestGateway({ ...upstreams, dataDir });
    const cookieOf = (client: Client) =>
      [...client.jar].find(([name]) => name.endsWith('session-token')) as [string, string];
    const sessionWith = async (cookie: [string, string]) => {
      const client = authClient(gateway.url);
      client.jar.set(...cookie);
      return client.getSession();
    };

    const signedOut = authClient(gateway.url);
    await signedOut.signIn('guest', '/');
    const copied = cookieOf(signedOut);
    await signedOut.signOut('/');
    expect(await sessionWith(copied)).toBeNull();

    const client = authClient(gateway.url);
    const { email } = await newCustomer(client);
    const beforeReset = authClient(gateway.url);
    expect(await signIn(beforeReset, email, 'Correct-Horse-Battery-9')).not.toContain('error=');
    const preReset = cookieOf(beforeReset);
    expect((await sessionWith(preReset))?.user.email).toBe(email);
    await post(client, '/api/account/password/forgot', { email });
    const [mail] = await mailsTo(gateway, email, 'password-reset');
    const token = resetLinkIn(mail).searchParams.get('token') as string;
    expect(
      (await post(client, '/api/account/password/reset', { token, newPassword: 'Another-Long-Passphrase-4' })).status,
    ).toBe(200);
    expect(await sessionWith(preReset)).toBeNull();

    await gateway.stop();
    gateway = await startTestGateway({ ...upstreams, dataDir });
    try {
      expect(await sessionWith(copied)).toBeNull();
      expect(await sessionWith(preReset)).toBeNull();
      // Signing in with the new password after the reset works.
      const after = authClient(gateway.url);
      expect(await signIn(after, email, 'Another-Long-Passphrase-4')).not.toContain('error=');
      expect((await after.getSession())?.user.email).toBe(email);
    } finally {
      await gateway.stop();
    }
  });

  it('a session from one brand is not accepted on another brand’s host', async () => {
    const gateway = await startTestGateway(upstreams);
    try {
      const port = gateway.port;
      const vanityfair = authClient(gateway.url, `vanityfair.localhost:${port}`);
      await vanityfair.signIn('guest', '/');
      expect(await vanityfair.getSession()).not.toBeNull();
      const hoopcraft = authClient(gateway.url, `hoopcraft.localhost:${port}`);
      for (const [name, value] of vanityfair.jar) hoopcraft.jar.set(name, value);
      expect(await hoopcraft.getSession()).toBeNull();
    } finally {
      await gateway.stop();
    }
  });
});
