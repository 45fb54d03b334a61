import { authClient, startTestGateway } from './support';

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;
let gateway: Gateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.stop());

const POSTS = [
  '/api/auth/signin/credentials',
  '/api/auth/callback/credentials',
  '/api/auth/signin/guest',
  '/api/auth/callback/guest',
  '/api/auth/signin/google',
  '/api/auth/signout',
  '/api/auth/session',
  '/api/account/register',
  '/api/account/password/forgot',
  '/api/account/password/reset',
  '/api/contact',
  '/api/leads',
];

const WRONG_TYPES = [
  { email: 42, password: ['x'], firstName: { a: 1 }, lastName: null, token: 7, newPassword: false, data: 'nope', callbackUrl: { '//': 'evil' } },
  { email: 'a'.repeat(400), password: 'p'.repeat(2000), firstName: '', lastName: 'x'.repeat(200), token: 'short', newPassword: 'x' },
];

/** Never a 5xx: a JSON 4xx error, or (Auth.js sign-in semantics) a redirect naming the error. */
async function expectHandled(response: Response) {
  expect(response.status).toBeLessThan(500);
  if (response.status >= 400) {
    const body = (await response.json()) as { error: { code: string; message: string; correlationId: string; fields?: Record<string, string> } };
    const { fields, ...error } = body.error;
    expect(error).toEqual({ code: expect.any(String), message: expect.any(String), correlationId: expect.any(String) });
    // Form routes also name each wrong field.
    if (fields) expect(Object.values(fields).every((message) => typeof message === 'string')).toBe(true);
  } else {
    const text = await response.text();
    expect(text.includes('error=') || response.headers.get('location')?.includes('error=') || response.status === 200).toBe(true);
  }
}

describe('bad input on every auth and account route', () => {
  it.each(POSTS)('%s: malformed JSON', async (path) => {
    const client = authClient(gateway.url);
    await client.csrfToken();
    const response = await client.send(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"csrfToken": "x", ' });
    expect(response.status).toBe(400);
    await expectHandled(response);
  });

  it.each(POSTS)('%s: wrong types and bounds, with a valid CSRF token', async (path) => {
    const client = authClient(gateway.url);
    for (const fields of WRONG_TYPES) {
      const response = await client.send(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-auth-return-redirect': '1' },
        body: JSON.stringify({ csrfToken: await client.csrfToken(), ...fields }),
      });
      await expectHandled(response);
    }
  });

  it.each(POSTS)('%s: oversized body', async (path) => {
    const client = authClient(gateway.url);
    const response = await client.send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csrfToken: await client.csrfToken(), email: 'x'.repeat(64 * 1024) }),
    });
    expect(response.status).toBe(413);
    await expectHandled(response);
  });

  it.each(POSTS)('%s: missing fields', async (path) => {
    const client = authClient(gateway.url);
    const response = await client.send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-return-redirect': '1' },
      body: JSON.stringify({ csrfToken: await client.csrfToken() }),
    });
    await expectHandled(response);
  });

  it('handles odd query strings on the GET routes', async () => {
    const client = authClient(gateway.url);
    for (const path of ['/api/auth/error?error[]=x', '/api/auth/session?x=%ZZ', '/api/user/postLogin?callbackUrl[]=//evil&anonymousCartId=%00', '/api/auth/signin/google/authorize?callbackUrl=//evil']) {
      await expectHandled(await client.send(path));
    }
  });
});

describe('CSRF tokens from outside', () => {
  it.each(POSTS)('%s refuses a token of the right length in other bytes with 403, never a 5xx', async (path) => {
    const client = authClient(gateway.url);
    await client.csrfToken();
    const response = await client.send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csrfToken: 'é'.repeat(64), email: 'a@example.com' }),
    });
    expect(response.status).toBe(403);
    await expectHandled(response);
  });
});
