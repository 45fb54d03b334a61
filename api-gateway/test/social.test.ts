import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authClient, commerceAt, startBuiltService, startTestGateway } from './support';

let commerce: Awaited<ReturnType<typeof startBuiltService>>;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
let provider: ChildProcess;
let providerUrl: string;

const ask = (message: unknown) =>
  new Promise<Record<string, string>>((resolve) => {
    provider.once('message', (reply) => resolve(reply as Record<string, string>));
    if (message) provider.send(message as never);
  });

beforeAll(async () => {
  provider = fork(join(__dirname, '..', '..', 'tools', 'testing', 'oauth-provider.mjs'), [], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  providerUrl = (await ask(undefined)).url;
  commerce = await startBuiltService(
    'commerce',
    { COMMERCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'gw-social-')), COMMERCE_SEED_PRODUCTS: '20' },
    'COMMERCE_PORT',
  );
  const oauth = (id: string) => ({
    clientId: id,
    clientSecret: `${id}-secret`,
    authorizationUrl: `${providerUrl}/authorize`,
    tokenUrl: `${providerUrl}/token`,
    profileUrl: `${providerUrl}/userinfo`,
  });
  gateway = await startTestGateway({
    commerce: commerceAt(commerce.url),
    google: oauth('google-client'),
    facebook: oauth('facebook-client'),
  });
}, 120_000);
afterAll(async () => {
  await gateway?.stop();
  await commerce?.stop();
  provider?.kill();
});

/** The browser's trip: our POST, our authorize step, the provider, back to our callback. */
async function socialSignIn(client: ReturnType<typeof authClient>, name: 'google' | 'facebook', callbackUrl: string) {
  const start = await client.send(`/signin/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
    body: new URLSearchParams({ csrfToken: await client.csrfToken(), callbackUrl }).toString(),
  });
  const authorizeStep = new URL(((await start.json()) as { url: string }).url);
  const toProvider = await client.send(`${authorizeStep.pathname}${authorizeStep.search}`);
  const providerAuthorize = new URL(toProvider.headers.get('location') as string);
  expect(providerAuthorize.origin).toBe(providerUrl);
  expect(providerAuthorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(providerAuthorize.searchParams.get('state')).toBeTruthy();
  const back = await fetch(providerAuthorize, { redirect: 'manual' });
  const callback = new URL(back.headers.get('location') as string);
  const done = await client.send(`${callback.pathname}${callback.search}`);
  return { status: done.status, location: done.headers.get('location'), callback };
}

describe('Google and Facebook sign-in through a local OAuth2 provider', () => {
  it('creates the customer on first Google sign-in and finds the same one the second time', async () => {
    await ask({
      user: { sub: 'g-1', email: 'gina@example.com', given_name: 'Gina', family_name: 'Google', name: 'Gina Google' },
    });
    const first = authClient(gateway.url);
    expect(await socialSignIn(first, 'google', '/c/bras')).toMatchObject({ status: 302, location: '/c/bras' });
    const session = await first.getSession();
    expect(session?.user).toMatchObject({
      email: 'gina@example.com',
      firstname: 'Gina',
      lastname: 'Google',
      isLoggedIn: true,
    });
    const second = authClient(gateway.url);
    await socialSignIn(second, 'google', '/');
    expect((await second.getSession())?.user.id).toBe(session?.user.id);
  });

  it('splits a full name and keeps the Facebook id on Facebook sign-in', async () => {
    await ask({ user: { sub: 'fb-777', email: 'fay@example.com', name: 'Fay Book Smith' } });
    const client = authClient(gateway.url);
    await socialSignIn(client, 'facebook', '/account');
    expect((await client.getSession())?.user).toMatchObject({
      email: 'fay@example.com',
      firstname: 'Fay',
      lastname: 'Book Smith',
      externalLoginData: { facebookId: 'fb-777' },
    });
  });

  it('refuses a callback whose state does not match, and brands without social sign-in', async () => {
    await ask({ user: { sub: 'g-2', email: 'mallory@example.com', given_name: 'Mal', family_name: 'Lory' } });
    const victim = authClient(gateway.url);
    const attacker = authClient(gateway.url);
    const { callback } = await socialSignIn(attacker, 'google', '/');
    const forged = await victim.send(`${callback.pathname}${callback.search}`);
    expect(forged.headers.get('location')).toMatch(/^\/login\?error=/);
    expect(await victim.getSession()).toBeNull();

    const rally = authClient(gateway.url, `rallyathletic.localhost:${new URL(gateway.url).port}`);
    const providers = (await (await rally.send('/providers')).json()) as Record<string, unknown>;
    expect(Object.keys(providers).sort()).toEqual(['credentials', 'guest']);
    const refused = await rally.send('/signin/google', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csrfToken: await rally.csrfToken() }),
    });
    expect(refused.status).toBe(404);
  });
});
