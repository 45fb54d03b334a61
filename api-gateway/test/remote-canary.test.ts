import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { RegistryRepository } from '../src/data-access/registry-repository';
import { RemoteStore } from '../src/data-access/remote-store';
import { catalogBuild, startRemoteAdmin, writeShellManifest } from './remote-admin-support';
import { request, startTestGateway } from './support';

/**
 * A canary of a remote for one brand: half of its shoppers get the new version, each keeps theirs
 * on every page and registry answer (and the server render uses the same one), other brands see
 * nothing of it; promote gives it to everyone, rollback takes it back. The admin routes run in an
 * app of their own on the same data folder, as a second gateway process would.
 */

/** The page renderer stand-in draws the catalog version it was asked to render with. */
const renderedWith: string[] = [];
const renderer = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const { boot } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      boot: { remotes: { catalog?: { version: string } } };
    };
    const version = boot.remotes.catalog?.version ?? 'none';
    renderedWith.push(version);
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        html: `<main data-catalog-build="${version}"></main>`,
        head: {},
        state: {},
        modules: [],
      }),
    );
  });
});

let gateway: Awaited<ReturnType<typeof startTestGateway>>;
let admin: Awaited<ReturnType<typeof startRemoteAdmin>>;
let v1: string;
let v2: string;
let legacy: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => renderer.listen(0, '127.0.0.1', resolve));
  const { port } = renderer.address() as AddressInfo;
  gateway = await startTestGateway({ renderer: { url: `http://127.0.0.1:${port}`, timeoutMs: 1500 } });
  writeShellManifest(gateway.config.shellDist);
  const store = new RemoteStore(join(gateway.dataDir, 'remotes'));
  v1 = (await store.publish(catalogBuild('1.0.0'))).version;
  v2 = (await store.publish(catalogBuild('1.1.0'))).version;
  legacy = (await store.publish(catalogBuild('0.9.0', '18.3.1'))).version;
  // The first version goes live for every brand when published (as `npm run remote -- publish` does).
  await new RegistryRepository(gateway.dataDir).release('*', 'catalog', v1, {
    actor: 'cli:test',
    reason: 'first publish',
  });

  admin = await startRemoteAdmin(gateway, store);
});

afterAll(async () => {
  await gateway.stop();
  await admin.close();
  await new Promise((resolve) => renderer.close(resolve));
});

const manager = 'ana@shop.example hoopcraft=manager';

const adminCall = (path: string, body?: unknown, staff: string = manager) => admin.call(path, staff, body);

const registryVersion = async () => (await adminCall('/brands/hoopcraft/remotes')).body.registryVersion as number;

/** A shopper's browser: its own cookies, on a brand's host. */
function shopper() {
  const cookies = new Map<string, string>();
  const get = async (brand: string, path: string) => {
    const response = await request(`${gateway.url}${path}`, {
      headers: {
        host: `${brand}.localhost`,
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  return {
    /** The catalog version of a page (its boot config, its preload hint, its server render) and of /api/remotes. */
    async versions(brand: string, path = '/c/bras') {
      const page = await get(brand, path);
      const html = await page.text();
      const boot = JSON.parse(/<script id="__SHOP_CONFIG__" type="application\/json">(.*?)<\/script>/.exec(html)![1]);
      const hinted =
        /<link rel="preload" as="fetch" crossorigin="anonymous" href="[^"]*\/remotes\/catalog\/([^/"]+)\/mf-manifest\.json"/.exec(
          html,
        )?.[1];
      const rendered = /data-catalog-build="([^"]+)"/.exec(html)?.[1];
      const registry = (await (await get(brand, '/api/remotes')).json()) as {
        remotes: { catalog: { version: string } };
      };
      return {
        page: boot.remotes.catalog.version as string,
        hinted,
        rendered,
        registry: registry.remotes.catalog.version,
        cacheControl: page.headers.get('cache-control'),
      };
    },
  };
}

describe('a canary of a remote for one brand', () => {
  it('lists every published version with its status and compatibility verdict', async () => {
    const { status, body } = await adminCall('/brands/hoopcraft/remotes');
    expect(status).toBe(200);
    const catalog = body.remotes.find((remote: { remote: string }) => remote.remote === 'catalog');
    expect(catalog).toMatchObject({ live: { version: v1, inherited: true }, history: [] });
    expect(catalog.versions).toEqual([
      {
        version: legacy,
        publishedAt: expect.any(String),
        status: 'published',
        compatibility: {
          compatible: false,
          problems: [
            'it requires react ^18.3.1, but the shell provides 19.3.1 (a shared singleton)',
            'it requires react-dom ^18.3.1, but the shell provides 19.3.1 (a shared singleton)',
          ],
        },
      },
      {
        version: v2,
        publishedAt: expect.any(String),
        status: 'published',
        compatibility: { compatible: true, problems: [] },
      },
      {
        version: v1,
        publishedAt: expect.any(String),
        status: 'live',
        compatibility: { compatible: true, problems: [] },
      },
    ]);
  });

  it('refuses an incompatible or unpublished version, a stale registry version, bad input and a viewer', async () => {
    const at = await registryVersion();
    const canary = (body: Record<string, unknown>, staff?: string) =>
      adminCall(
        '/brands/hoopcraft/remotes/catalog/canary',
        { percent: 50, reason: 'try it', registryVersion: at, ...body },
        staff,
      );

    const incompatible = await canary({ version: legacy });
    expect(incompatible.status).toBe(422);
    expect(incompatible.body.error).toMatchObject({ code: 'REMOTE_INCOMPATIBLE', correlationId: expect.any(String) });
    expect(incompatible.body.error.message).toContain('it requires react ^18.3.1, but the shell provides 19.3.1');

    const unpublished = await canary({ version: '2.0.0-00000000' });
    expect(unpublished.status).toBe(422);
    expect(unpublished.body.error.code).toBe('REMOTE_NOT_PUBLISHED');

    const stale = await canary({ version: v2, registryVersion: at - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'REGISTRY_CONFLICT', registryVersion: at });

    const invalid = await canary({ version: v2, percent: 100, reason: 'x' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.fields).toMatchObject({ percent: expect.any(String), reason: expect.any(String) });

    expect((await canary({ version: v2 }, 'val@shop.example hoopcraft=viewer')).status).toBe(403);
    expect((await canary({ version: v2 }, 'ana@shop.example everwear=manager')).status).toBe(403);
    expect(
      (await adminCall('/brands/hoopcraft/remotes/nope/promote', { reason: 'why not', registryVersion: at })).status,
    ).toBe(404);
    expect(await registryVersion()).toBe(at);
  });

  it('gives two shoppers of the brand different versions, each the same on every page and answer, and leaves other brands alone', async () => {
    const started = await adminCall('/brands/hoopcraft/remotes/catalog/canary', {
      version: v2,
      percent: 50,
      reason: 'new listing for half the shoppers',
      registryVersion: await registryVersion(),
    });
    expect(started.status).toBe(200);
    expect(started.body.remote).toMatchObject({ canary: { version: v2, percent: 50 }, live: { version: v1 } });

    // New shoppers until one of each kind turns up (each is a coin toss at 50 %).
    const seen = new Map<string, ReturnType<typeof shopper>>();
    for (let tries = 0; tries < 40 && seen.size < 2; tries += 1) {
      const browser = shopper();
      const first = await browser.versions('hoopcraft');
      if (!seen.has(first.page)) seen.set(first.page, browser);
    }
    expect([...seen.keys()].sort()).toEqual([v1, v2].sort());

    for (const [version, browser] of seen) {
      for (let reload = 0; reload < 3; reload += 1) {
        const now = await browser.versions('hoopcraft');
        // The page, its hint, its server render and the browser's registry answer agree.
        expect(now).toEqual({
          page: version,
          hinted: version,
          rendered: version,
          registry: version,
          cacheControl: 'private, no-cache',
        });
      }
      // Another brand runs no canary: the same shopper gets its live version, in a page caches may share.
      expect(await browser.versions('everwear')).toMatchObject({
        page: v1,
        registry: v1,
        rendered: v1,
        cacheControl: 'no-cache',
      });
    }
    const registry = await request(`${gateway.url}/api/remotes`, { headers: { host: 'hoopcraft.localhost' } });
    expect(registry.headers.get('cache-control')).toBe('no-store');

    const promoted = await adminCall('/brands/hoopcraft/remotes/catalog/promote', {
      reason: 'no errors in a day',
      registryVersion: await registryVersion(),
    });
    expect(promoted.status).toBe(200);
    for (const browser of seen.values()) {
      expect(await browser.versions('hoopcraft')).toMatchObject({
        page: v2,
        rendered: v2,
        registry: v2,
        cacheControl: 'no-cache',
      });
      expect((await browser.versions('everwear')).page).toBe(v1);
    }

    const rolledBack = await adminCall('/brands/hoopcraft/remotes/catalog/rollback', {
      reason: 'checkout errors after the promotion',
      registryVersion: await registryVersion(),
    });
    expect(rolledBack.status).toBe(200);
    expect(rolledBack.body.change).toMatchObject({ action: 'rollback', old: { live: v2 }, new: { live: v1 } });
    for (const browser of seen.values()) expect((await browser.versions('hoopcraft')).page).toBe(v1);
  });

  it('ends a canary on abort, and records every change with who, when and why', async () => {
    await adminCall('/brands/hoopcraft/remotes/catalog/canary', {
      version: v2,
      percent: 10,
      reason: 'second try',
      registryVersion: await registryVersion(),
    });
    const aborted = await adminCall('/brands/hoopcraft/remotes/catalog/abort-canary', {
      reason: 'errors again',
      registryVersion: await registryVersion(),
    });
    expect(aborted.status).toBe(200);
    expect(aborted.body.remote.canary).toBeUndefined();
    const again = await adminCall('/brands/hoopcraft/remotes/catalog/abort-canary', {
      reason: 'errors again',
      registryVersion: await registryVersion(),
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('REGISTRY_STATE_CONFLICT');

    const audit = await adminCall('/brands/hoopcraft/remotes/audit', undefined, 'val@shop.example hoopcraft=viewer');
    expect(audit.status).toBe(200);
    expect(
      audit.body.changes.map((change: { action: string; scope: string }) => [change.action, change.scope]),
    ).toEqual([
      ['abort-canary', 'hoopcraft'],
      ['canary', 'hoopcraft'],
      ['rollback', 'hoopcraft'],
      ['promote', 'hoopcraft'],
      ['canary', 'hoopcraft'],
      ['release', '*'],
    ]);
    expect(audit.body.changes[3]).toMatchObject({
      actor: 'ana@shop.example',
      reason: 'no errors in a day',
      remote: 'catalog',
      old: { live: v1, canary: { version: v2, percent: 50 } },
      new: { live: v2 },
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });
});
