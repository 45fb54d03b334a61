import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@shop/node-kit';
import { generate } from 'otplib';
import { runStaffCli } from '../src/cli/staff-cli';
import { createCommerceClient } from '../src/clients/commercetools';
import { createUpstreamGuard } from '../src/clients/upstream-guard';
import { RegistryRepository } from '../src/data-access/registry-repository';
import { RemoteStore } from '../src/data-access/remote-store';
import { previewLinks } from '../src/modules/admin/preview-links';
import { staffAccountRepository } from '../src/modules/admin/staff-account-repository';
import { staffDirectory } from '../src/modules/admin/staff-directory';
import { totpSecretSeal } from '../src/modules/admin/totp-secret-seal';
import { inCanary } from '../src/modules/platform/canary-bucket';
import { trackingTokens } from '../src/sessions/tracking-token';
import { authClient, commerceAt, remoteBuild, request, startBuiltService, startTestGateway } from './support';

/**
 * Issue 28, findings 8 and 9, as the penetration test ran them against a production gateway: a
 * shopper reads /remotes/{name}/versions.json, fetches a version that was never released and the
 * source maps of the shell and the remotes (all now 404, as if they did not exist, while the team
 * still gets them); and a shopper writes a sessionToken cookie of their choosing to pick their
 * canary bucket (the gateway ignores it and issues its own).
 */

const AUTH_SECRET = 'test-auth-secret-0123456789abcdef0123456789';
const OPS_KEY = 'builds-test-ops-key-0123456789abcdef0123';
const PASSWORD = 'a long staff passphrase';
const STAFF = 'builds@example.com';

let commerce: Awaited<ReturnType<typeof startBuiltService>>;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
let registry: RegistryRepository;
/** Released once (the first live one), live now, published and never released, a canary that was aborted. */
let previous: string;
let live: string;
let unreleased: string;
let aborted: string;
let staffSecret = '';

/** A catalog build with a source map beside its entry. */
function buildWithMap(version: string): string {
  const dir = remoteBuild(version);
  writeFileSync(join(dir, 'remoteEntry.js.map'), JSON.stringify({ version: 3, sources: ['src/secret-logic.ts'] }));
  return dir;
}

beforeAll(async () => {
  commerce = await startBuiltService(
    'commerce',
    { COMMERCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'gw-builds-')), COMMERCE_SEED_PRODUCTS: '40' },
    'COMMERCE_PORT',
  );
  gateway = await startTestGateway({
    environment: 'production',
    commerce: commerceAt(commerce.url),
    opsApiKey: OPS_KEY,
  });
  writeFileSync(join(gateway.config.shellDist, 'main.0a1b2c3d.js'), 'console.log("shell");');
  writeFileSync(join(gateway.config.shellDist, 'main.0a1b2c3d.js.map'), '{"version":3,"sources":["src/main.ts"]}');
  const store = new RemoteStore(join(gateway.dataDir, 'remotes'));
  const published: string[] = [];
  for (const version of ['1.0.0', '1.1.0', '2.0.0-beta', '1.2.0'])
    published.push((await store.publish(buildWithMap(version))).version);
  [previous, live, unreleased, aborted] = published;
  registry = new RegistryRepository(gateway.dataDir);
  const by = { actor: 'cli:test', reason: 'builds test' };
  await registry.release('*', 'catalog', previous, by);
  await registry.release('*', 'catalog', live, by);
  await registry.startCanary('vanityfair', 'catalog', aborted, 10, by);
  await registry.abortCanary('vanityfair', 'catalog', by);

  const logger = createLogger('silent');
  const client = createCommerceClient({
    ...commerceAt(commerce.url),
    logger,
    guard: createUpstreamGuard('commerce', logger),
  });
  const printed: string[] = [];
  await runStaffCli(['create', '--email', STAFF, '--password-stdin', '--role', 'vanityfair=viewer'], {
    directory: staffDirectory(staffAccountRepository(client, totpSecretSeal(AUTH_SECRET))),
    brands: [...gateway.catalog.keys()],
    readLine: async () => PASSWORD,
    print: (line) => void printed.push(line),
  });
  staffSecret = /secret: ([A-Z2-7]+)/.exec(printed.join('\n'))?.[1] ?? '';
}, 120_000);
afterAll(async () => {
  await gateway?.stop();
  await commerce?.stop();
});

/** A GET as a browser would make it: a shopper with no cookie, or with the given ones and headers. */
const get = (path: string, headers: Record<string, string> = {}) => request(`${gateway.url}${path}`, { headers });
const asOps = { authorization: `Bearer ${OPS_KEY}` };

/** A staff member signed in to the admin (password and authenticator code): their browser's cookies. */
async function staffCookies(): Promise<string> {
  const browser = authClient(gateway.url);
  const signedIn = await browser.send('/api/admin/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': await browser.csrfToken() },
    body: JSON.stringify({ email: STAFF, password: PASSWORD, totp: await generate({ secret: staffSecret }) }),
  });
  expect(signedIn.status).toBe(200);
  return [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

describe('finding 8: unreleased remote versions and source maps are not public', () => {
  it('answers a shopper 404 for versions.json, an unreleased version and every source map, and serves released versions', async () => {
    const hidden = [
      '/remotes/catalog/versions.json',
      `/remotes/catalog/${unreleased}/mf-manifest.json`,
      `/remotes/catalog/${unreleased}/remoteEntry.js`,
      `/remotes/catalog/${live}/remoteEntry.js.map`,
      '/shell/main.0a1b2c3d.js.map',
      // The same files under another spelling of their path.
      `/remotes/catalog/./${unreleased}/remoteEntry.js`,
      `/remotes/catalog/%${unreleased.charCodeAt(0).toString(16)}${unreleased.slice(1)}/remoteEntry.js`,
      `/remotes/catalog/${live}/remoteEntry.js.%6dap`,
      '/shell//main.0a1b2c3d.js.map',
    ];
    for (const path of hidden) {
      const answer = await get(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
    // A version that does not exist answers the same: nothing tells the two apart.
    expect((await get('/remotes/catalog/9.9.9-00000000/remoteEntry.js')).status).toBe(404);

    // What pages load stays public: the live version, the one before it (a page loaded before the
    // release), a canary's (aborted since), the shell's own files, and the registry's manifest URLs.
    for (const version of [live, previous, aborted]) {
      const file = await get(`/remotes/catalog/${version}/remoteEntry.js`);
      expect({ version, status: file.status }).toEqual({ version, status: 200 });
      expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/shell/main.0a1b2c3d.js')).status).toBe(200);
    const remotes = (await (await get('/api/remotes')).json()) as { remotes: { catalog: { manifestUrl: string } } };
    const manifest = new URL(remotes.remotes.catalog.manifestUrl);
    expect(manifest.pathname).toBe(`/remotes/catalog/${live}/mf-manifest.json`);
    expect((await get(manifest.pathname)).status).toBe(200);
    // Server builds are no browser's, whatever the spelling.
    expect((await get(`/remotes/catalog/${live}/%73erver/pages.js`)).status).toBe(404);
  });

  it('serves them to the ops key, a signed-in staff member and a preview link, never to be kept by a shared cache', async () => {
    const opened = await get(`/preview/${previewLinks(AUTH_SECRET).issue('vanityfair').token}`);
    expect(opened.status).toBe(303);
    const previewer = {
      cookie: opened.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; '),
    };
    const staff = { cookie: await staffCookies() };

    for (const [who, headers] of [
      ['ops key', asOps],
      ['staff', staff],
      ['previewer', previewer],
    ] as const) {
      const list = await get('/remotes/catalog/versions.json', headers);
      expect({ who, status: list.status }).toEqual({ who, status: 200 });
      expect(((await list.json()) as { versions: unknown[] }).versions).toHaveLength(4);
      expect(list.headers.get('cache-control')).toBe('private, no-store');
      for (const path of [
        `/remotes/catalog/${unreleased}/remoteEntry.js`,
        `/remotes/catalog/${live}/remoteEntry.js.map`,
        '/shell/main.0a1b2c3d.js.map',
      ]) {
        const file = await get(path, headers);
        expect({ who, path, status: file.status }).toEqual({ who, path, status: 200 });
        expect(file.headers.get('cache-control')).toBe('private, no-store');
      }
    }
    // A wrong key, or a staff cookie a shopper writes, opens nothing.
    expect((await get('/remotes/catalog/versions.json', { authorization: 'Bearer not-the-key' })).status).toBe(404);
    expect((await get('/remotes/catalog/versions.json', { cookie: 'shop-staff=forged' })).status).toBe(404);
  });

  it('makes a version public once it is released', async () => {
    expect((await get(`/remotes/catalog/${unreleased}/remoteEntry.js`)).status).toBe(404);
    await registry.startCanary('everwear', 'catalog', unreleased, 5, { actor: 'cli:test', reason: 'try it' });
    expect((await get(`/remotes/catalog/${unreleased}/remoteEntry.js`)).status).toBe(200);
    await registry.abortCanary('everwear', 'catalog', { actor: 'cli:test', reason: 'done' });
  });
});

describe('finding 9: a shopper cannot pick their canary bucket', () => {
  const BRAND = 'hoopcraft';
  // Made at first use: the gateway's port is known once it has started.
  const at = () => `${BRAND}.localhost:${gateway.port}`;
  const signer = trackingTokens(AUTH_SECRET);
  /** A UUID whose bucket (as the gateway computed it from any cookie) is in or out of a 50 % canary. */
  const forged = (wantIn: boolean) => {
    for (;;) {
      const value = crypto.randomUUID();
      if (inCanary(value, BRAND, 'catalog', 50) === wantIn) return value;
    }
  };
  /** A page and the registry answer for a browser sending `sessionToken=<value>`. */
  async function visit(value: string) {
    const page = await get('/', { host: at(), cookie: `sessionToken=${value}` });
    const html = await page.text();
    const boot = JSON.parse(/<script id="__SHOP_CONFIG__" type="application\/json">(.*?)<\/script>/.exec(html)![1]);
    const set = page.headers.getSetCookie().find((line) => line.startsWith('sessionToken='));
    const issued = set?.split(';')[0].slice('sessionToken='.length);
    return { version: boot.remotes.catalog.version as string, issued };
  }

  beforeAll(async () => {
    await registry.startCanary(BRAND, 'catalog', aborted, 50, { actor: 'cli:test', reason: 'half the shoppers' });
  });
  afterAll(async () => {
    await registry.abortCanary(BRAND, 'catalog', { actor: 'cli:test', reason: 'test over' });
  });

  it.each([
    ['in', true],
    ['out of', false],
  ])(
    'ignores a sessionToken chosen to be %s the canary: the bucket is that of the id the gateway issues instead',
    async (_label, wantIn) => {
      // Chosen values until the issued id lands on the other side of the chosen one (a coin toss each).
      let contrary: { version: string; issued: string } | undefined;
      for (let tries = 0; tries < 20 && !contrary; tries += 1) {
        const { version, issued } = await visit(forged(wantIn));
        // The chosen value is not the gateway's: a fresh one replaces it, and the page is drawn with that.
        expect(issued).toBeDefined();
        expect(signer.verify(issued)).toBe(true);
        expect(version).toBe(inCanary(issued, BRAND, 'catalog', 50) ? aborted : live);
        if (inCanary(issued, BRAND, 'catalog', 50) !== wantIn) contrary = { version, issued: issued! };
      }
      expect(contrary).toBeDefined();
      // What the chosen value would have drawn is not what the shopper got.
      expect(contrary!.version).toBe(wantIn ? live : aborted);
      // The issued id keeps its bucket on the next page and in the registry answer.
      expect((await visit(contrary!.issued)).issued).toBeUndefined();
      const registryAnswer = (await (
        await get('/api/remotes', { host: at(), cookie: `sessionToken=${contrary!.issued}` })
      ).json()) as { remotes: { catalog: { version: string } } };
      expect(registryAnswer.remotes.catalog.version).toBe(contrary!.version);
    },
  );

  it('keeps tracking under the issued id, and refuses a record naming a chosen one', async () => {
    const post = (cookie: string, sessionToken: string) =>
      request(`${gateway.url}/api/tracking`, {
        method: 'POST',
        headers: { host: at(), cookie, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
        body: JSON.stringify({
          event: 'PAGE_VIEW',
          eventId: crypto.randomUUID(),
          eventUrl: `http://${at()}/`,
          sessionToken,
        }),
      });
    const { issued } = await visit(forged(true));
    expect((await post(`sessionToken=${issued}`, issued!)).status).toBe(202);
    const chosen = forged(true);
    const refused = await post(`sessionToken=${chosen}`, chosen);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('SESSION_TOKEN_MISMATCH');
  });
});
