import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { eventually } from '@shop/node-kit/testing';
import { RegistryRepository } from '../src/data-access/registry-repository';
import { RemoteStore } from '../src/data-access/remote-store';
import { trackingTokens } from '../src/sessions/tracking-token';
import { remoteBuild, startTestGateway } from './support';

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;
let gateway: Gateway;
const api = () => request(gateway.url);
const uuid = () => crypto.randomUUID();

beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway.stop());

const expectErrorShape = (body: unknown, code: string) =>
  expect(body).toEqual({ error: { code, message: expect.any(String), correlationId: expect.any(String) } });

describe('platform endpoints', () => {
  it('answers /healthz with every brand and a correlation id', async () => {
    const res = await api().get('/healthz').expect(200);
    expect(res.body).toEqual({
      status: 'ok',
      brands: ['vanityfair', 'everwear', 'rallyathletic', 'hoopcraft'],
      environment: 'test',
    });
    expect(res.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('echoes a well-formed caller correlation id and replaces a malformed one', async () => {
    expect((await api().get('/healthz').set('x-correlation-id', 'abc-123-def')).headers['x-correlation-id']).toBe(
      'abc-123-def',
    );
    expect(
      (await api().get('/healthz').set('x-correlation-id', 'bad id<script>')).headers['x-correlation-id'],
    ).not.toContain('<');
  });

  it('chooses the brand from the host, else the default', async () => {
    const brandFor = async (host: string) =>
      (await api().get('/api/brand').set('host', host).expect(200)).body.brand.id;
    expect(await brandFor('hoopcraft.localhost:8080')).toBe('hoopcraft');
    expect(await brandFor('everwear.localhost')).toBe('everwear');
    expect(await brandFor('localhost:8080')).toBe('vanityfair');
    expect(await brandFor('unknown.localhost')).toBe('vanityfair');
  });

  it('serves public brand config and flags, never server-only settings', async () => {
    const { body } = await api().get('/api/brand').set('host', 'rallyathletic.localhost');
    expect(body.brand.routing).toEqual({ homePath: '/rr', productBasePath: '/rr/p' });
    expect(body.brand).not.toHaveProperty('remotes');
    expect(body.flags).toMatchObject({ loyalty: true });
    // Canonical links use the brand's own origin, whatever Host the request named.
    expect(body.origin).toBe(`http://rallyathletic.localhost:${gateway.port}`);
  });

  it('rejects a malformed Host header with the JSON error shape', async () => {
    const res = await api().get('/api/brand').set('host', 'evil host"><');
    expect(res.status).toBe(400);
    expectErrorShape(res.body, 'INVALID_HOST');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await api().get('/api/nope').expect(404);
    expectErrorShape(res.body, 'NOT_FOUND');
    expectErrorShape((await api().delete('/anything').expect(404)).body, 'NOT_FOUND');
  });

  it('sends security headers with a CSP that allows only this site for scripts', async () => {
    const res = await api().get('/');
    const csp = res.headers['content-security-policy'];
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    // So does an error answer, and a build file that a browser could render as a document.
    const missing = await api().get('/shell/no-such-file.js').expect(404);
    expect(missing.headers['content-security-policy']).toMatch(/default-src 'self'/);
  });

  it('compresses responses', async () => {
    const res = await api().get('/').set('accept-encoding', 'br, gzip');
    expect(['br', 'gzip']).toContain(res.headers['content-encoding']);
  });
});

describe('remote registry', () => {
  it('publishes immutable versions that go live only when released', async () => {
    const store = new RemoteStore(join(gateway.dataDir, 'remotes'));
    const first = await store.publish(remoteBuild('1.4.0'));
    expect(await store.publish(remoteBuild('1.4.0'))).toEqual({ ...first, created: false });
    const second = await store.publish(remoteBuild('1.5.0-rc.1'));
    expect(second.version).toMatch(/^1\.5\.0-rc\.1\.[0-9a-f]{8}$/);

    // Remote URLs name the configured brand origin the request was made to.
    const remotes = async (host = `localhost:${gateway.port}`) =>
      (await api().get('/api/remotes').set('host', host).expect(200)).body.remotes;
    expect(await remotes()).toEqual({});

    const registry = new RegistryRepository(gateway.dataDir);
    const by = { actor: 'test', reason: 'registry test' };
    await registry.release('*', 'catalog', first.version, by);
    expect((await remotes()).catalog).toEqual({
      version: first.version,
      manifestUrl: `http://localhost:${gateway.port}/remotes/catalog/${first.version}/mf-manifest.json`,
    });
    expect((await remotes()).content).toBeUndefined();
    await registry.release('hoopcraft', 'catalog', second.version, by);
    expect((await remotes('hoopcraft.localhost')).catalog.version).toBe(second.version);
    expect((await remotes('everwear.localhost')).catalog.version).toBe(first.version);
    expect(await registry.rollback('hoopcraft', 'catalog', by)).toBeUndefined();

    const files = await api().get(`/remotes/catalog/${first.version}/remoteEntry.js`).expect(200);
    expect(files.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Remote builds may be loaded from other brand hosts; everything else is for this site only.
    expect(files.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await api().get('/api/remotes')).headers['cross-origin-resource-policy']).toBe('same-origin');
    // A script is never a document: it goes without the document's policies (a first visit
    // fetches dozens of files), but never without nosniff; pages keep them all (above).
    expect(files.headers['x-content-type-options']).toBe('nosniff');
    for (const name of ['content-security-policy', 'x-frame-options', 'strict-transport-security', 'last-modified'])
      expect(files.headers[name]).toBeUndefined();
    await api().get(`/remotes/catalog/${first.version}/missing.js`).expect(404);
    const traversal = await api().get('/remotes/catalog/../../registry.json');
    expect(traversal.status).toBe(403);
    expectErrorShape(traversal.body, 'FORBIDDEN');
  });
});

describe('shell pages', () => {
  it('inlines the brand, its theme and the boot config into the shell for every page route', async () => {
    const res = await api().get('/c/bras?q=<script>').set('host', 'everwear.localhost').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    // The first page of a visit issues the tracking session cookie, so that answer is private.
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((line) => line.startsWith('sessionToken='));
    expect(cookie).toMatch(/^sessionToken=[0-9a-f-]{36}; Max-Age=43200; Path=\/; Expires=[^;]+; SameSite=Lax$/);
    const again = await api()
      .get('/c/bras')
      .set('host', 'everwear.localhost')
      .set('cookie', cookie!.split(';')[0])
      .expect(200);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(res.text).toContain('<title>Everwear</title>');
    expect(res.text).toContain('--color-primary:#1d3557');
    expect(res.text).toContain('data-brand="everwear"');
    const json = /<script id="__SHOP_CONFIG__" type="application\/json">(.*?)<\/script>/.exec(res.text)?.[1];
    expect(JSON.parse(json ?? '')).toMatchObject({ brand: { id: 'everwear' }, environment: 'test' });
  });

  it('serves each brand its own logo', async () => {
    const vf = await api().get('/brand/logo.svg').expect(200);
    const hc = await api().get('/brand/logo.svg').set('host', 'hoopcraft.localhost').expect(200);
    expect(vf.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(String(vf.body)).toContain('Vanity Fair');
    expect(String(hc.body)).toContain('Hoopcraft');
    // A drawn wordmark: no text that depends on the shopper's installed fonts.
    expect(String(hc.body)).not.toContain('<text');
  });

  it('serves a brand its own font files, preloads them and declares them with the theme', async () => {
    const page = await api().get('/').set('host', 'hoopcraft.localhost').expect(200);
    const preloads = [
      ...page.text.matchAll(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)"/g),
    ];
    expect(preloads.map((match) => match[1])).toEqual([
      '/brand/fonts/unbounded-latin-800-normal.woff2',
      '/brand/fonts/rubik-latin-wght-normal.woff2',
    ]);
    expect(page.text).toContain('font-display:optional;src:url(/brand/fonts/unbounded-latin-800-normal.woff2)');
    expect(page.text).toMatch(/--heading-case:uppercase;/);
    const font = await api()
      .get('/brand/fonts/unbounded-latin-800-normal.woff2')
      .set('host', 'hoopcraft.localhost')
      .buffer(true)
      .expect(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    // Another brand's font, or a file that is no font of the brand, is not there.
    await api().get('/brand/fonts/unbounded-latin-800-normal.woff2').set('host', 'everwear.localhost').expect(404);
    await api().get('/brand/fonts/..%2F..%2Fpackage.json').set('host', 'hoopcraft.localhost').expect(404);
  });
});

describe('POST /api/tracking', () => {
  // A token the gateway issued (it signs them): a cookie value it did not issue is replaced.
  let session = '';
  beforeAll(() => {
    session = trackingTokens(gateway.config.authSecret).issue();
  });
  const valid = () => ({
    event: 'ADD_TO_CART',
    eventId: uuid(),
    eventUrl: 'http://localhost/p/bras/lace/VF1',
    sessionToken: session,
    sku: 'VF1-34B',
    quantity: 2,
  });
  /** What the shell's track() sends: same-origin fetch with the session cookie. */
  const post = (host = '127.0.0.1') =>
    api()
      .post('/api/tracking')
      .set('host', host)
      .set('sec-fetch-site', 'same-origin')
      .set('cookie', `sessionToken=${session}`);

  it('accepts a valid record and appends it to the log sink', async () => {
    const record = valid();
    await post('hoopcraft.localhost').send(record).expect(202);
    const log = join(gateway.dataDir, 'tracking.log');
    // The sink appends through a stream: wait for the line to land.
    const lines = await eventually(() => {
      expect(existsSync(log) && readFileSync(log, 'utf8')).toContain(record.eventId);
      return readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
    });
    expect(lines.at(-1)).toMatchObject({ brand: 'hoopcraft', record });
  });

  it('accepts a page view passed whole', async () => {
    const record = { ...valid(), event: 'PAGE_VIEW', pagePath: '/c', sku: undefined, quantity: undefined };
    await post().send(record).expect(202);
  });

  it.each([
    ['an unknown event', { event: 'HACK' }],
    ['a field add-to-cart does not keep', { shippingAddress: { city: 'x' } }],
    ['a quantity over 99', { quantity: 100 }],
    ['a bad event id', { eventId: 'nope' }],
    ['a javascript: url', { eventUrl: 'javascript:alert(1)' }],
    ['a NUL in a sku', { sku: 'VF1\u0000' }],
    ['a lone surrogate in a sku', { sku: 'VF1\ud800' }],
  ])('rejects %s with a 400', async (_name, change) => {
    const res = await post()
      .send({ ...valid(), ...change })
      .expect(400);
    expectErrorShape(res.body, 'INVALID_TRACKING_EVENT');
  });

  it('rejects malformed JSON, oversize bodies and other media types', async () => {
    expectErrorShape(
      (await post().set('content-type', 'application/json').send('{"event":').expect(400)).body,
      'INVALID_JSON',
    );
    const big = { ...valid(), event: 'PAGE_VIEW', blob: 'x'.repeat(20_000) };
    expectErrorShape((await post().send(big).expect(413)).body, 'PAYLOAD_TOO_LARGE');
    expectErrorShape(
      (await post().set('content-type', 'application/xml').send('<a/>').expect(415)).body,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });
});
