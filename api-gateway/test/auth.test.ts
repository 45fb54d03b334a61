import { createSessionCodec } from '../src/sessions/session-token';
import { authClient, startTestGateway } from './support';

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;
let gateway: Gateway;

beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.stop());

describe('Auth.js-compatible session routes', () => {
  it('starts a guest session with the Auth.js client sequence, reads it, and ends it on sign-out', async () => {
    const client = authClient(gateway.url);
    expect(await client.getSession()).toBeNull();
    const signIn = await client.signIn('guest', '/c/socks');
    expect(signIn).toEqual({ status: 200, body: { url: `${gateway.url}/c/socks` } });
    const session = await client.getSession();
    expect(session).toEqual({
      user: { id: expect.any(String), userId: expect.any(String), isLoggedIn: false },
      expires: expect.any(String),
    });
    expect(new Date(session?.expires ?? 0).getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);

    const cookieName = [...client.jar.keys()].find((k) => k.endsWith('session-token')) as string;
    const copy = client.jar.get(cookieName) as string;
    const signOut = await client.signOut('https://evil.example/phish');
    expect(signOut.url).toBe(`${gateway.url}/`);
    expect(await client.getSession()).toBeNull();

    // An old copy of the cookie no longer works after sign-out.
    client.jar.set(cookieName, copy);
    expect(await client.getSession()).toBeNull();
  });

  it('sets HttpOnly, SameSite=Lax session cookies and no-cache session responses', async () => {
    const client = authClient(gateway.url);
    const response = await client.send('/callback/guest', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfToken: await client.csrfToken(), callbackUrl: '/cart' }).toString(),
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/cart');
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('authjs.session-token='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect((await client.send('/session')).headers.get('cache-control')).toContain('no-store');
  });

  it('refuses every POST without the right CSRF token', async () => {
    const client = authClient(gateway.url);
    await client.csrfToken();
    for (const path of ['/callback/guest', '/signin/guest', '/signout', '/session']) {
      for (const token of [undefined, 'f'.repeat(64)]) {
        const response = await client.send(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(token ? { csrfToken: token } : {}),
        });
        expect(response.status).toBe(403);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('MissingCSRF');
      }
    }
    // A token with a forged cookie is refused too.
    const forged = authClient(gateway.url);
    forged.jar.set('authjs.csrf-token', `${'a'.repeat(64)}|${'0'.repeat(64)}`);
    const response = await forged.send('/signout', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csrfToken: 'a'.repeat(64) }),
    });
    expect(response.status).toBe(403);
  });

  it('rejects tampered and expired session cookies', async () => {
    const client = authClient(gateway.url);
    await client.signIn('guest', '/');
    const name = [...client.jar.keys()].find((k) => k.endsWith('session-token')) as string;
    const token = client.jar.get(name) as string;
    client.jar.set(name, `${token.slice(0, -4)}AAAA`);
    expect(await client.getSession()).toBeNull();

    const codec = createSessionCodec('test-auth-secret-0123456789abcdef0123456789');
    const old = await codec.encode(
      { id: 'x', isLoggedIn: false },
      { salt: name, brand: 'vanityfair', now: Date.now() - 31 * 24 * 3600 * 1000 },
    );
    client.jar.set(name, old.token);
    expect(await client.getSession()).toBeNull();
    const other = await createSessionCodec('another-secret-0123456789abcdef0123456789').encode(
      { id: 'x', isLoggedIn: false },
      { salt: name, brand: 'vanityfair' },
    );
    client.jar.set(name, other.token);
    expect(await client.getSession()).toBeNull();
  });

  it('re-issues a session older than a day, and uses __Secure- cookies over https', async () => {
    const client = authClient(gateway.url);
    const codec = createSessionCodec('test-auth-secret-0123456789abcdef0123456789');
    const old = await codec.encode(
      { id: 'day-old', isLoggedIn: false },
      { salt: 'authjs.session-token', brand: 'vanityfair', now: Date.now() - 2 * 24 * 3600 * 1000 },
    );
    client.jar.set('authjs.session-token', old.token);
    const response = await client.send('/session');
    expect(((await response.json()) as { user: { id: string } }).user.id).toBe('day-old');
    const renewed = response.headers.getSetCookie().find((c) => c.startsWith('authjs.session-token='));
    expect(renewed).toBeDefined();
    expect(renewed).not.toContain(old.token);

    const secure = await startTestGateway({ trustProxy: ['loopback'] });
    try {
      const overHttps = authClient(secure.url);
      const csrf = await overHttps.send('/csrf', { headers: { 'x-forwarded-proto': 'https' } });
      expect(csrf.headers.getSetCookie()[0]).toMatch(
        /^__Host-authjs\.csrf-token=.*; Path=\/; HttpOnly; Secure; SameSite=Lax/,
      );
    } finally {
      await secure.stop();
    }
  });

  it('updates only the names of a signed-in session, and answers the info routes', async () => {
    const client = authClient(gateway.url);
    await client.signIn('guest', '/');
    const updated = (await client.update({ firstname: 'Ann', isLoggedIn: true })) as { user: Record<string, unknown> };
    expect(updated.user.isLoggedIn).toBe(false);
    expect(updated.user.firstname).toBeUndefined();
    const providers = (await (await client.send('/providers')).json()) as Record<
      string,
      { signinUrl: string; callbackUrl: string }
    >;
    expect(providers.guest.callbackUrl).toBe(`${gateway.url}/api/auth/callback/guest`);
    expect((await client.send('/error?error=SessionRequired')).status).toBe(400);
    expect((await client.send('/webauthn-options')).status).toBe(400);
    const unknown = await client.send('/callback/nope', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csrfToken: await client.csrfToken() }),
    });
    expect(unknown.status).toBe(404);
  });
});
