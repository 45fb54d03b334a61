import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PrivacyPreferences } from '@shop/contracts';
import { eventually } from '@shop/node-kit/testing';
import { authClient, request, startTestGateway } from './support';

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;
let gateway: Gateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.stop());

const json = { 'content-type': 'application/json' };
const put = async (client: ReturnType<typeof authClient>, body: unknown, headers: Record<string, string> = {}) =>
  client.send('/api/privacy/preferences', {
    method: 'PUT',
    headers: { ...json, 'x-csrf-token': await client.csrfToken(), ...headers },
    body: JSON.stringify(body),
  });
const get = (client: ReturnType<typeof authClient>, headers: Record<string, string> = {}) =>
  client.send('/api/privacy/preferences', { headers });
const preferencesOf = async (client: ReturnType<typeof authClient>, headers: Record<string, string> = {}) =>
  (await (await get(client, headers)).json()) as PrivacyPreferences;
const track = (client: ReturnType<typeof authClient>, headers: Record<string, string> = {}) =>
  client.send('/api/tracking', {
    method: 'POST',
    headers: { ...json, 'sec-fetch-site': 'same-origin', ...headers },
    body: JSON.stringify({
      event: 'PAGE_VIEW',
      eventId: crypto.randomUUID(),
      eventUrl: 'http://127.0.0.1/c/bras',
      pagePath: '/c/bras',
    }),
  });
const loggedFor = (sessionToken: string | undefined) => {
  const file = join(gateway.dataDir, 'tracking.log');
  if (!sessionToken || !existsSync(file)) return 0;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .filter((line) => (JSON.parse(line) as { record: { sessionToken: string } }).record.sessionToken === sessionToken)
    .length;
};

describe('privacy preferences', () => {
  it('are both on by default when nothing was chosen and the browser sends no GPC signal', async () => {
    const res = await get(authClient(gateway.url));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ analytics: true, marketing: true, gpc: false, source: 'default' });
  });

  it('keeps a choice in the session cookie, and a fresh browser still has the default', async () => {
    const client = authClient(gateway.url);
    const saved = await put(client, { analytics: false, marketing: true });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ analytics: false, marketing: true, gpc: false, source: 'session' });
    expect(await (await get(client)).json()).toEqual({
      analytics: false,
      marketing: true,
      gpc: false,
      source: 'session',
    });
    expect((await preferencesOf(authClient(gateway.url))).source).toBe('default');
  });

  it('with Sec-GPC: 1 answers both off whatever was stored, and the stored choice returns without the signal', async () => {
    const client = authClient(gateway.url);
    await put(client, { analytics: true, marketing: true });
    expect(await (await get(client, { 'sec-gpc': '1' })).json()).toEqual({
      analytics: false,
      marketing: false,
      gpc: true,
      source: 'gpc',
    });
    expect((await preferencesOf(client)).analytics).toBe(true);
  });

  it.each([
    ['a missing field', { analytics: false }],
    ['a string for a boolean', { analytics: 'no', marketing: false }],
    ['an unknown field', { analytics: false, marketing: false, necessary: false }],
  ])('refuses %s with 400 VALIDATION_FAILED in the one error shape', async (_name, body) => {
    const res = await put(authClient(gateway.url), body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as { error: { code: string; message: string; correlationId: string } };
    expect(answer.error.code).toBe('VALIDATION_FAILED');
    expect(typeof answer.error.correlationId).toBe('string');
  });

  it('refuses a change without the CSRF token', async () => {
    const client = authClient(gateway.url);
    const res = await client.send('/api/privacy/preferences', {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ analytics: false, marketing: false }),
    });
    expect(res.status).toBe(403);
  });
});

describe('tracking obeys the effective consent', () => {
  it('records an event while analytics is on, and answers 204 recording nothing once it is switched off', async () => {
    const client = authClient(gateway.url);
    expect((await track(client)).status).toBe(202);
    const token = client.jar.get('sessionToken');
    await eventually(() => expect(loggedFor(token)).toBe(1));
    await put(client, { analytics: false, marketing: true });
    expect((await track(client)).status).toBe(204);
    // The sink appends in order: once the event sent after switching back on has landed, the refused one would have too.
    await put(client, { analytics: true, marketing: true });
    expect((await track(client)).status).toBe(202);
    await eventually(() => expect(loggedFor(token)).toBe(2));
  });

  it('records nothing from a browser sending Sec-GPC: 1, though analytics was left on (the same session without it is recorded)', async () => {
    const client = authClient(gateway.url);
    expect((await track(client, { 'sec-gpc': '1' })).status).toBe(204);
    expect((await track(client, { 'sec-gpc': '1' })).status).toBe(204);
    expect((await track(client)).status).toBe(202);
    await eventually(() => expect(loggedFor(client.jar.get('sessionToken'))).toBe(1));
  });
});

describe('the boot config carries the effective consent', () => {
  const bootOf = async (client: ReturnType<typeof authClient>, headers: Record<string, string> = {}) => {
    const cookie = [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const html = await (await request(`${gateway.url}/c/bras`, { headers: { cookie, ...headers } })).text();
    const json = /<script id="__SHOP_CONFIG__" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    return JSON.parse(json ?? '{}') as { consent?: PrivacyPreferences };
  };

  it('inlines the session choice into the page, and both off under Sec-GPC: 1', async () => {
    const client = authClient(gateway.url);
    expect((await bootOf(client)).consent).toEqual({ analytics: true, marketing: true, gpc: false, source: 'default' });
    await put(client, { analytics: false, marketing: false });
    expect((await bootOf(client)).consent).toMatchObject({ analytics: false, marketing: false, source: 'session' });
    const fresh = authClient(gateway.url);
    expect((await bootOf(fresh, { 'sec-gpc': '1' })).consent).toMatchObject({ analytics: false, gpc: true });
  });
});
