import request from 'supertest';
import { authClient, startTestGateway } from './support';

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;
let gateway: Gateway;
beforeAll(async () => {
  // No commerce or CRM behind this gateway: a bad field must be refused before any upstream call.
  gateway = await startTestGateway();
});
afterAll(() => gateway.stop());

type ErrorBody = { error: { code: string; message: string; correlationId: string; fields?: Record<string, string> } };

async function postJson(path: string, fields: Record<string, unknown>) {
  const client = authClient(gateway.url);
  const response = await client.send(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-return-redirect': '1' },
    body: JSON.stringify({ csrfToken: await client.csrfToken(), ...fields }),
  });
  return { status: response.status, body: (await response.json()) as ErrorBody };
}

const register = { email: 'ann@example.com', password: 'a-long-unusual-passphrase', firstName: 'Ann', lastName: 'Lee' };

describe('text fields refuse NUL and lone surrogates with 400 (pen-test findings)', () => {
  it.each([
    ['a NUL', 'Ann\u0000'],
    ['a lone surrogate', 'Ann\ud800'],
  ])('register: %s in a name is a 400 naming the field (was 502)', async (_name, firstName) => {
    const { status, body } = await postJson('/api/account/register', { ...register, firstName });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      correlationId: expect.any(String),
      fields: { firstName: expect.any(String) },
    });
  });

  it('register: a NUL in the password is a 400 too', async () => {
    const { status, body } = await postJson('/api/account/register', {
      ...register,
      password: 'a-long-\u0000-passphrase',
    });
    expect(status).toBe(400);
    expect(body.error.fields).toHaveProperty('password');
  });

  it('leads: a NUL in the e-mail is a 400 naming the field (was 503)', async () => {
    const { status, body } = await postJson('/api/leads', { email: 'ann\u0000@example.com', placement: 'footer' });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { email: expect.any(String) } });
  });

  it.each([
    ['a NUL', 'ann\u0000@example.com'],
    ['a lone surrogate', 'ann\udc00@example.com'],
  ])('sign-in: %s in the e-mail is a 400, not a redirect or a 500', async (_name, email) => {
    const { status, body } = await postJson('/api/auth/callback/credentials', {
      email,
      password: 'whatever-it-is',
      captchaToken: 'x',
    });
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { email: expect.any(String) } });
  });

  it('session update: a NUL in a name is a 400', async () => {
    const client = authClient(gateway.url);
    await client.signIn('guest', '/');
    const response = await client.send('/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ csrfToken: await client.csrfToken(), data: { firstname: 'Ann\u0000' } }),
    });
    expect(response.status).toBe(400);
  });

  it('callbackUrl: a NUL is a 400 rather than a silent fallback', async () => {
    const { status, body } = await postJson('/api/auth/signout', { callbackUrl: '/account\u0000' });
    expect(status).toBe(400);
    expect(body.error.code).toBe('INVALID_CALLBACK_URL');
  });

  it.each([
    '/api/products?q=lace%00',
    '/api/products?size=M%00',
    '/api/search/suggest?q=la%00ce',
    // A lone surrogate cannot arrive in a query string: invalid UTF-8 percent-escapes decode to U+FFFD.
    '/api/content/learn?q=lace%01',
    '/api/stores?zip=10001%00',
  ])('query strings: %s is a 400', async (path) => {
    const response = await request(gateway.url).get(path).set('host', 'hoopcraft.localhost');
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('INVALID_PARAMETER');
  });

  it('normalises text to NFC before it is checked', async () => {
    // "e" + combining acute (2 code units) becomes one "é"; the decomposed form would be 101 long.
    const q = `${'e\u0301'.repeat(50)}x`;
    expect((await request(gateway.url).get('/api/content/learn').query({ q })).status).toBe(200);
  });
});

describe('bodies nested 1,000 levels deep are a 400 on every JSON route', () => {
  const deep = `{"csrfToken":"x","a":${'['.repeat(1000)}${']'.repeat(1000)}}`;
  it.each([
    '/api/auth/session',
    '/api/auth/callback/credentials',
    '/api/account/register',
    '/api/account/password/reset',
    '/api/contact',
    '/api/leads',
    '/api/tracking',
  ])('%s', async (path) => {
    const response = await request(gateway.url)
      .post(path)
      .set('content-type', 'application/json')
      .set('sec-fetch-site', 'same-origin')
      .send(deep);
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: 'BODY_TOO_DEEP',
      message: expect.any(String),
      correlationId: expect.any(String),
    });
  });
});

describe('query strings cannot nest', () => {
  it('reads a[b][c] as one flat key (Express 5 "simple" parser), so strict schemas refuse it', async () => {
    expect(gateway.app.get('query parser')).toBe('simple');
    const response = await request(gateway.url).get('/api/products?size[a][b][c]=M').set('host', 'hoopcraft.localhost');
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('size[a][b][c]');
  });
});
