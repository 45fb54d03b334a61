import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { authClient, commerceAt, startBuiltService, startTestGateway } from './support';

const OPS_KEY = 'test-ops-api-key-0123456789abcdef';
let commerce: Awaited<ReturnType<typeof startBuiltService>>;
let hoopcraft: Awaited<ReturnType<typeof startTestGateway>>;
let vanityfair: Awaited<ReturnType<typeof startTestGateway>>;

// Two gateways on one commerce service, as two instances behind a load balancer; each answers
// plain 127.0.0.1 as one brand (the brand comes from the host).
beforeAll(async () => {
  commerce = await startBuiltService(
    'commerce',
    { COMMERCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'gw-flags-')), COMMERCE_SEED_PRODUCTS: '40' },
    'COMMERCE_PORT',
  );
  const settings = { commerce: commerceAt(commerce.url), opsApiKey: OPS_KEY };
  hoopcraft = await startTestGateway({ ...settings, defaultBrand: 'hoopcraft' });
  vanityfair = await startTestGateway({ ...settings, defaultBrand: 'vanityfair' });
}, 120_000);
afterAll(async () => {
  await hoopcraft?.stop();
  await vanityfair?.stop();
  await commerce?.stop();
});

const ops = (base: string, path: string, init: { method?: string; body?: unknown; key?: string } = {}) =>
  fetch(`${base}/api/ops/flags${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${init.key ?? OPS_KEY}`,
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
const json = async (response: Response) => ({ status: response.status, body: (await response.json()) as any }); // eslint-disable-line @typescript-eslint/no-explicit-any
const versionOf = async (brand: string) => (await json(await ops(hoopcraft.url, `/${brand}`))).body.version as number;
/** The browser's view (OFREP) of one flag on a gateway. */
const seen = async (base: string, key: string) =>
  (
    (await (await fetch(`${base}/api/ofrep/v1/evaluate/flags/${key}`, { method: 'POST' })).json()) as {
      value?: unknown;
    }
  ).value;

/** OFREP of one flag on a gateway, as the brand of `host` (node:http sends the Host header it is given). */
const seenAs = (base: string, host: string, key: string) =>
  new Promise<unknown>((resolve, reject) => {
    const { port } = new URL(base);
    request(
      { host: '127.0.0.1', port, path: `/api/ofrep/v1/evaluate/flags/${key}`, method: 'POST', headers: { host } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve((JSON.parse(text) as { value?: unknown }).value));
      },
    )
      .once('error', reject)
      .end();
  });

describe('brand managers’ flag overrides (back office API)', () => {
  it('turns loyalty on for hoopcraft only: OFREP and the API agree at once, another gateway within seconds', async () => {
    expect(await seen(hoopcraft.url, 'loyalty')).toBe(false);
    // The loyalty API says the feature does not exist, before.
    expect((await fetch(`${hoopcraft.url}/api/loyalty`)).status).toBe(404);
    const changed = await json(
      await ops(hoopcraft.url, '/hoopcraft/loyalty', {
        method: 'PUT',
        body: { version: await versionOf('hoopcraft'), defaultVariant: 'on', reason: 'Rewards launch', actor: 'ana' },
      }),
    );
    expect(changed.status).toBe(200);
    expect(changed.body.change).toMatchObject({ flag: 'loyalty', actor: 'ana', reason: 'Rewards launch' });
    expect(await seen(hoopcraft.url, 'loyalty')).toBe(true);
    // The API now wants a signed-in shopper instead of denying the feature.
    expect((await fetch(`${hoopcraft.url}/api/loyalty`)).status).toBe(401);
    // The boot config a page starts with says so too.
    const boot = (await (await fetch(`${hoopcraft.url}/api/brand`)).json()) as { flags: Record<string, unknown> };
    expect(boot.flags.loyalty).toBe(true);
    // vanityfair's flags are its own.
    expect(await seen(vanityfair.url, 'loyalty')).toBe(false);
    // The other gateway puts hoopcraft's change in force within its refresh (2 s), unasked.
    const started = Date.now();
    while ((await seenAs(vanityfair.url, 'hoopcraft.localhost', 'loyalty')) !== true && Date.now() - started < 5_000)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await seenAs(vanityfair.url, 'hoopcraft.localhost', 'loyalty')).toBe(true);
    const listed = (await json(await ops(vanityfair.url, '/hoopcraft'))).body.flags.find(
      (f: { key: string }) => f.key === 'loyalty',
    );
    expect(listed).toMatchObject({
      defaultVariant: 'on',
      file: { defaultVariant: 'off' },
      lastChange: { actor: 'ana' },
    });
  });

  it('gives one of two managers saving at once a conflict, and loses neither change', async () => {
    const version = await versionOf('hoopcraft');
    const [a, b] = await Promise.all([
      ops(hoopcraft.url, '/hoopcraft/returns', {
        method: 'PUT',
        body: { version, defaultVariant: 'on', reason: 'Returns online', actor: 'ana' },
      }),
      ops(vanityfair.url, '/hoopcraft/discounts', {
        method: 'PUT',
        body: { version, defaultVariant: 'off', reason: 'Pause promo codes', actor: 'ben' },
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect((await loser.json()) as object).toMatchObject({ error: { code: 'FLAG_CONFLICT' } });
    const audit = (await json(await ops(hoopcraft.url, '/hoopcraft/audit'))).body.changes as Array<{ flag: string }>;
    // Exactly the winner's change was recorded, after the loyalty change.
    expect(audit.map((c) => c.flag).slice(0, 2)).toEqual([a.status === 200 ? 'returns' : 'discounts', 'loyalty']);
  });

  it('rolls a change back as a change of its own, shown in the audit with whom and why', async () => {
    const audit = (await json(await ops(hoopcraft.url, '/hoopcraft/audit'))).body.changes as Array<{
      version: number;
      flag: string;
    }>;
    const loyalty = audit.find((c) => c.flag === 'loyalty') as { version: number };
    const rolled = await json(
      await ops(hoopcraft.url, `/hoopcraft/audit/${loyalty.version}/rollback`, {
        method: 'POST',
        body: { version: await versionOf('hoopcraft'), reason: 'Launch moved to spring', actor: 'ana' },
      }),
    );
    expect(rolled.status).toBe(200);
    expect(rolled.body.change).toMatchObject({ flag: 'loyalty', rollbackOf: loyalty.version, new: {} });
    expect(await seen(hoopcraft.url, 'loyalty')).toBe(false);
    const [latest] = (await json(await ops(hoopcraft.url, '/hoopcraft/audit'))).body.changes;
    expect(latest).toMatchObject({ flag: 'loyalty', actor: 'ana', reason: 'Launch moved to spring', new: {} });
  });

  it('refuses a guest’s order through the API once guest ordering is turned off, before any cart is read', async () => {
    const guest = authClient(vanityfair.url);
    expect((await guest.signIn('guest', '/')).status).toBe(200);
    const place = async () =>
      guest.send('/api/orders', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': await guest.csrfToken(),
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ cartId: randomUUID(), expectedTotal: 1000 }),
      });
    // Guest ordering is on at vanityfair: the order gets as far as looking for the bag.
    expect((await place()).status).not.toBe(403);
    const { version } = (await json(await ops(vanityfair.url, '/vanityfair'))).body;
    await ops(vanityfair.url, '/vanityfair/guestOrdering', {
      method: 'PUT',
      body: { version, defaultVariant: 'off', reason: 'Members only weekend', actor: 'ana' },
    });
    const refused = await place();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('SIGN_IN_REQUIRED');
  });

  it('refuses what is wrong, and has no way to edit or delete the audit', async () => {
    const version = await versionOf('hoopcraft');
    const put = (path: string, body: unknown, key?: string) =>
      ops(hoopcraft.url, path, { method: 'PUT', body, ...(key ? { key } : {}) });
    const good = { version, reason: 'A reason', actor: 'ana' };
    expect((await put('/hoopcraft/loyalty', { ...good, defaultVariant: 'maybe' })).status).toBe(400);
    expect((await put('/hoopcraft/loyalty', { ...good, reason: '' })).status).toBe(400);
    expect((await put('/hoopcraft/loyalty', { ...good, targeting: { if: 'not a rule' } })).status).toBe(400);
    expect((await put('/hoopcraft/noSuchFlag', { ...good, defaultVariant: 'on' })).status).toBe(404);
    expect((await put('/nobrand/loyalty', { ...good, defaultVariant: 'on' })).status).toBe(404);
    expect((await put('/hoopcraft/loyalty', { ...good, defaultVariant: 'on' }, 'wrong-key')).status).toBe(401);
    // No route edits or deletes the audit: a PUT there is a change of a flag named "audit" (refused),
    // and DELETE or PATCH reach no route at all (refused, first for the CSRF token nothing accepts).
    for (const method of ['PUT', 'DELETE', 'PATCH'])
      for (const path of ['/hoopcraft/audit', '/hoopcraft/audit/1'])
        expect([400, 403, 404]).toContain((await ops(hoopcraft.url, path, { method, body: {} })).status);
    // Nothing above was saved.
    expect(await versionOf('hoopcraft')).toBe(version);
  });
});
