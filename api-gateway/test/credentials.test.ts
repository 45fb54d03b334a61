import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authClient, startBuiltService, startTestGateway } from './support';

const INTERNAL_CAPTCHA = 'internal-captcha-secret-for-tests-0001';
let commerce: Awaited<ReturnType<typeof startBuiltService>>;
let vendors: Awaited<ReturnType<typeof startBuiltService>>;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  [commerce, vendors] = await Promise.all([
    startBuiltService('commerce', { COMMERCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'gw-commerce-')), COMMERCE_SEED_PRODUCTS: '40' }, 'COMMERCE_PORT'),
    startBuiltService('vendors', { CAPTCHA_SECRET: 'captcha-secret-for-tests' }, 'VENDORS_PORT'),
  ]);
  gateway = await startTestGateway({
    commerce: { apiUrl: `${commerce.url}/commerce`, authUrl: `${commerce.url}/commerce`, projectKey: 'shop', clientId: 'shop-gateway-dev', clientSecret: 'dev-only-commerce-client-secret' },
    captcha: { verifyUrl: `${vendors.url}/captcha/siteverify`, challengeUrl: `${vendors.url}/captcha/challenge`, secret: 'captcha-secret-for-tests', internalSecret: INTERNAL_CAPTCHA },
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
    const url = await signIn(client, { email: 'shopper@vanityfair.example', password: 'Shopper-Pass-1', captchaToken: INTERNAL_CAPTCHA, callbackUrl: '/c/bras' });
    expect(url).toBe(`${gateway.url}/c/bras`);
    const session = await client.getSession();
    expect(session?.user).toMatchObject({ email: 'shopper@vanityfair.example', firstname: 'Sam', lastname: 'Shopper', isLoggedIn: true });
    const updated = (await client.update({ firstname: 'Samantha' })) as { user: Record<string, unknown> };
    expect(updated.user.firstname).toBe('Samantha');
    await client.signOut('/');
    expect(await client.getSession()).toBeNull();
  });

  it('accepts a real invisible-captcha token once, and goes to /account without a callbackUrl', async () => {
    const client = authClient(gateway.url);
    const challenge = async () => ((await (await client.send('/api/captcha/challenge')).json()) as { token: string }).token;
    const token = await challenge();
    expect(await signIn(client, { email: 'shopper@vanityfair.example', password: 'Shopper-Pass-1', captchaToken: token })).toBe(`${gateway.url}/account`);
    const again = authClient(gateway.url);
    expect(await signIn(again, { email: 'shopper@vanityfair.example', password: 'Shopper-Pass-1', captchaToken: token })).toContain('error=CredentialsSignin');
  });

  it('fails without a captcha, with a wrong password, and for another store’s customer', async () => {
    const client = authClient(gateway.url);
    expect(await signIn(client, { email: 'shopper@vanityfair.example', password: 'Shopper-Pass-1' })).toContain('error=CredentialsSignin');
    expect(await signIn(client, { email: 'shopper@vanityfair.example', password: 'wrong', captchaToken: INTERNAL_CAPTCHA })).toContain('error=CredentialsSignin');
    expect(await signIn(client, { email: 'shopper@everwear.example', password: 'Shopper-Pass-1', captchaToken: INTERNAL_CAPTCHA })).toContain('error=CredentialsSignin');
    expect(await client.getSession()).toBeNull();
  });

  it('migrates a legacy password on a brand that has the flag on, and not on one without it', async () => {
    const hoopcraft = authClient(gateway.url, `hoopcraft.localhost:${new URL(gateway.url).port}`);
    expect(await signIn(hoopcraft, { email: 'legacy@hoopcraft.example', password: 'Legacy-Pass-1', captchaToken: INTERNAL_CAPTCHA })).toContain('error=CredentialsSignin');

    const client = authClient(gateway.url);
    expect(await signIn(client, { email: 'legacy@vanityfair.example', password: 'Legacy-Pass-1', captchaToken: INTERNAL_CAPTCHA, callbackUrl: '/' })).toBe(`${gateway.url}/`);
    expect((await client.getSession())?.user).toMatchObject({ email: 'legacy@vanityfair.example', isLoggedIn: true });
    // After migration the password is the customer's real one: the plain login works.
    const login = await fetch(`${commerce.url}/commerce/oauth/token?grant_type=client_credentials`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('shop-gateway-dev:dev-only-commerce-client-secret').toString('base64')}` },
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
    expect(await signIn(authClient(gateway.url), { email: 'legacy@everwear.example', password: 'nope', captchaToken: INTERNAL_CAPTCHA })).toContain('error=CredentialsSignin');
  });
});
