import { createHash, randomBytes } from 'node:crypto';
import { start } from '../src/server';

const CALLBACK = 'http://everwear.localhost:8080/api/idMe/callback';
const CLIENT = { idmeClientId: 'shop-test', idmeClientSecret: 'test-idme-client-secret-0123456789' };

let vendors: Awaited<ReturnType<typeof start>>;
beforeAll(async () => {
  vendors = await start({ port: 0, ...CLIENT, idmeRedirectUris: [CALLBACK], logLevel: 'silent' });
});
afterAll(() => vendors.stop());

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};
const basic = (id = CLIENT.idmeClientId, secret = CLIENT.idmeClientSecret) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

const authorizeUrl = (params: Record<string, string>) =>
  `${vendors.idmeUrl}/oauth/authorize?${new URLSearchParams({
    client_id: CLIENT.idmeClientId,
    redirect_uri: CALLBACK,
    response_type: 'code',
    code_challenge_method: 'S256',
    scope: 'military',
    ...params,
  })}`;

/** The person approves on the provider's page: the answer redirects to the callback. */
async function approve(challenge: string, state: string, extra: Record<string, string> = {}) {
  const answer = await fetch(`${vendors.idmeUrl}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({
      client_id: CLIENT.idmeClientId,
      redirect_uri: CALLBACK,
      state,
      code_challenge: challenge,
      scope: 'military',
      email: 'shopper@everwear.example',
      decision: 'approve',
      ...extra,
    }),
  });
  return answer;
}
const codeOf = (answer: Response) => new URL(answer.headers.get('location') as string).searchParams;

const exchange = (code: string, verifier: string, redirectUri = CALLBACK, auth = basic()) =>
  fetch(`${vendors.idmeUrl}/oauth/token`, {
    method: 'POST',
    headers: { authorization: auth },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });

describe('the ID.me stand-in (authorization code with PKCE)', () => {
  it('shows the verification page with a strict CSP and no script', async () => {
    const { challenge } = pkce();
    const page = await fetch(authorizeUrl({ state: 'state-12345', code_challenge: challenge }));
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://everwear.localhost:8080");
    const html = await page.text();
    expect(html).not.toContain('<script');
    expect(html).toContain('<option value="military" selected>');
  });

  it('gives a code bound to the state, then a token and the verified group for the right verifier', async () => {
    const { verifier, challenge } = pkce();
    const answer = await approve(challenge, 'state-abcdef');
    expect(answer.status).toBe(302);
    const params = codeOf(answer);
    expect(params.get('state')).toBe('state-abcdef');
    const token = await exchange(params.get('code') as string, verifier);
    expect(token.status).toBe(200);
    const body = (await token.json()) as { access_token: string; token_type: string };
    expect(body.token_type).toBe('Bearer');
    const attributes = await fetch(`${vendors.idmeUrl}/api/public/v3/attributes.json`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(await attributes.json()).toMatchObject({
      attributes: expect.arrayContaining([{ handle: 'email', name: 'Email', value: 'shopper@everwear.example' }]),
      status: [{ group: 'military', verified: true }],
    });
  });

  it('refuses a verifier that does not match the challenge', async () => {
    const { challenge } = pkce();
    const code = codeOf(await approve(challenge, 'state-000001')).get('code') as string;
    const token = await exchange(code, pkce().verifier);
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('takes a code once and revokes its token when it comes back', async () => {
    const { verifier, challenge } = pkce();
    const code = codeOf(await approve(challenge, 'state-000002')).get('code') as string;
    const first = (await (await exchange(code, verifier)).json()) as { access_token: string };
    const again = await exchange(code, verifier);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
    const attributes = await fetch(`${vendors.idmeUrl}/api/public/v3/attributes.json`, {
      headers: { authorization: `Bearer ${first.access_token}` },
    });
    expect(attributes.status).toBe(401);
  });

  it('refuses a redirect_uri other than the authorization request one at the token endpoint', async () => {
    const { verifier, challenge } = pkce();
    const code = codeOf(await approve(challenge, 'state-000003')).get('code') as string;
    const token = await exchange(code, verifier, 'http://everwear.localhost:8080/api/idMe/callback2');
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('never redirects to an unregistered address or for an unknown client', async () => {
    const { challenge } = pkce();
    const cases: Array<Record<string, string>> = [
      { redirect_uri: 'http://evil.example/api/idMe/callback' },
      { redirect_uri: `${CALLBACK}/` },
      { client_id: 'someone-else' },
    ];
    for (const params of cases) {
      const page = await fetch(authorizeUrl({ state: 'state-12345', code_challenge: challenge, ...params }), {
        redirect: 'manual',
      });
      expect(page.status).toBe(400);
      expect(page.headers.get('location')).toBeNull();
    }
  });

  it('sends the callback invalid_request without a PKCE S256 challenge or a state', async () => {
    const { challenge } = pkce();
    const cases: Array<Record<string, string>> = [
      { state: 'state-12345', code_challenge: challenge, code_challenge_method: 'plain' },
      { state: 'state-12345', code_challenge: 'short' },
      { code_challenge: challenge },
    ];
    for (const params of cases) {
      const page = await fetch(authorizeUrl(params), { redirect: 'manual' });
      expect(page.status).toBe(302);
      expect(codeOf(page).get('error')).toBe('invalid_request');
    }
  });

  it('answers access_denied with the state when the person denies', async () => {
    const { challenge } = pkce();
    const answer = await approve(challenge, 'state-denied', { decision: 'deny', email: '' });
    expect(Object.fromEntries(codeOf(answer))).toMatchObject({ error: 'access_denied', state: 'state-denied' });
  });

  it('refuses a client that does not authenticate with its secret', async () => {
    const { verifier, challenge } = pkce();
    const code = codeOf(await approve(challenge, 'state-000004')).get('code') as string;
    const token = await exchange(code, verifier, CALLBACK, basic(CLIENT.idmeClientId, 'wrong-secret-0123456789'));
    expect(token.status).toBe(401);
    expect(await token.json()).toMatchObject({ error: 'invalid_client' });
  });
});
