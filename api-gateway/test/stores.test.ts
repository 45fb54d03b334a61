import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ErrorBody, StoreSearchResponse } from '@shop/contracts';
import { authClient, startTestGateway } from './support';

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;
let gateway: Gateway;
beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway?.stop());

const host = (brand: string, on: Gateway = gateway) => `${brand}.localhost:${new URL(on.url).port}`;
const get = async (path: string, brand = 'vanityfair', on: Gateway = gateway, headers: Record<string, string> = {}) => {
  const response = await authClient(on.url, host(brand, on)).send(path, { headers });
  const text = response.status === 304 ? '' : await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : undefined,
  };
};
const search = async (query: string, brand = 'vanityfair') => {
  const response = await get(`/api/stores?${query}`, brand);
  expect(response.status).toBe(200);
  return response.body as StoreSearchResponse;
};

describe('store locator API', () => {
  it('finds the brand stores within 15 miles of a ZIP code, nearest first, with everything the page shows', async () => {
    const result = await search('zip=10001&radius=15');
    expect(result.origin).toMatchObject({ label: 'New York, NY 10001', zip: '10001' });
    expect(result.radius).toBe(15);
    expect(result.total).toBeGreaterThan(0);
    expect(result.total).toBe(result.stores.length);
    const distances = result.stores.map((s) => s.distanceMiles);
    expect(distances.every((d) => d <= 15)).toBe(true);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    for (const store of result.stores) {
      expect(store.name).toMatch(/^Vanity Fair — /);
      expect(store.addressLines.length).toBeGreaterThan(0);
      expect(store.zip).toMatch(/^\d{5}$/);
      expect(store.phone).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
      expect(store.hours).toHaveLength(7);
      expect(store.directionsUrl).toBe(`https://www.google.com/maps/dir/?api=1&destination=${store.lat},${store.lng}`);
      expect(store.map!.x).toBeGreaterThan(0);
      expect(store.map!.x).toBeLessThan(975);
      expect(store.map!.y).toBeGreaterThan(0);
      expect(store.map!.y).toBeLessThan(610);
    }
  });

  it('defaults to 15 miles, and widening to 300 finds more stores, the nearer ones included', async () => {
    const near = await search('zip=60601');
    expect(near.radius).toBe(15);
    const wide = await search('zip=60601&radius=300');
    expect(wide.total).toBeGreaterThan(near.total);
    expect(wide.stores.slice(0, near.total).map((s) => s.id)).toEqual(near.stores.map((s) => s.id));
    expect(wide.stores.at(-1)!.distanceMiles).toBeGreaterThan(15);
    expect(wide.stores.every((s) => s.distanceMiles <= 300)).toBe(true);
  });

  it('searches around the browser position', async () => {
    const result = await search('lat=41.8858&lng=-87.6181&radius=30');
    expect(result.origin).toMatchObject({ label: 'your location', lat: 41.8858, lng: -87.6181 });
    expect(result.origin.zip).toBeUndefined();
    expect(result.total).toBeGreaterThan(0);
    expect(result.stores.every((s) => s.distanceMiles <= 30)).toBe(true);
  });

  it("lists each brand's own stores under its own name", async () => {
    const vanityfair = await search('zip=10001&radius=300');
    const hoopcraft = await search('zip=10001&radius=300', 'hoopcraft');
    expect(hoopcraft.stores.every((s) => s.name.startsWith('Hoopcraft — '))).toBe(true);
    expect(hoopcraft.stores.map((s) => s.id)).not.toEqual(vanityfair.stores.map((s) => s.id));
  });

  it.each([
    ['zip=1234', 'zip'],
    ['zip=ABCDE', 'zip'],
    ['zip=10001&radius=20', 'radius'],
    ['zip=10001&radius=fifteen', 'radius'],
    ['lat=95&lng=0', 'lat'],
    ['lat=40&lng=-200', 'lng'],
    ['lat=40', 'lng'],
    ['lat=north&lng=0', 'lat'],
    ['', 'zip'],
    ['zip=10001&lat=40&lng=-74', 'zip'],
    ['zip=10001&city=NYC', 'city'],
    ['zip=10001&zip=60601', 'zip'],
  ])('answers %p with a 400 naming %s', async (query, name) => {
    const { status, body } = await get(`/api/stores?${query}`);
    expect(status).toBe(400);
    expect((body as ErrorBody).error.code).toBe('INVALID_PARAMETER');
    expect((body as ErrorBody).error.message.startsWith(`${name}: `)).toBe(true);
  });

  it('answers a ZIP code that does not exist with a 404', async () => {
    const { status, body } = await get('/api/stores?zip=00000');
    expect(status).toBe(404);
    expect(body).toMatchObject({
      error: { code: 'ZIP_NOT_FOUND', message: expect.stringContaining('00000'), correlationId: expect.any(String) },
    });
  });

  it('serves the US map as a cacheable SVG with an ETag', async () => {
    const map = await get('/api/stores/map.svg');
    expect(map.status).toBe(200);
    expect(map.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(map.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 975 610"/);
    expect(map.text).toContain('data-layer="borders"');
    expect(map.headers.get('cache-control')).toMatch(/max-age=\d{5,}/);
    const etag = map.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await get('/api/stores/map.svg', 'vanityfair', gateway, { 'if-none-match': etag })).status).toBe(304);
  });
});

describe('store locator flag', () => {
  let flagged: Gateway;
  beforeAll(async () => {
    // A copy of brands/ where everwear has the store locator switched off.
    const brandsDir = join(mkdtempSync(join(tmpdir(), 'brands-')), 'brands');
    cpSync(join(__dirname, '..', '..', 'brands'), brandsDir, {
      recursive: true,
      filter: (source) => !source.includes('node_modules'),
    });
    const flagsFile = join(brandsDir, 'sites', 'everwear', 'flags.json');
    const flags = JSON.parse(readFileSync(flagsFile, 'utf8'));
    flags.flags.storeLocator.defaultVariant = 'off';
    writeFileSync(flagsFile, JSON.stringify(flags));
    flagged = await startTestGateway({ brandsDir });
  });
  afterAll(() => flagged?.stop());

  it('answers 404 FEATURE_DISABLED on a brand whose storeLocator flag is off, and still serves other brands', async () => {
    for (const path of ['/api/stores?zip=10001', '/api/stores/map.svg']) {
      const { status, body } = await get(path, 'everwear', flagged);
      expect(status).toBe(404);
      expect((body as ErrorBody).error.code).toBe('FEATURE_DISABLED');
    }
    expect((await get('/api/stores?zip=10001', 'vanityfair', flagged)).status).toBe(200);
  });
});
