import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { loadBrandCatalog, readBrandContentFiles } from '@shop/brands';
import { createHttpContentSource } from './index';

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const brandsDir = join(__dirname, '..', '..', '..', '..', 'brands');
const catalog = loadBrandCatalog({ dir: brandsDir, environment: 'test' });

describe('the headless CMS content source', () => {
  let cms: Server;
  let url: string;
  let title = 'First edition';
  let broken = false;
  let down = false;
  let requests = 0;

  beforeAll(async () => {
    cms = createServer((req, res) => {
      requests += 1;
      const match = /^\/brands\/([a-z]+)\/content$/.exec(req.url ?? '');
      const brand = match && catalog.get(match[1] as 'vanityfair');
      if (down || !brand) return res.writeHead(down ? 503 : 404).end();
      const raw = readBrandContentFiles(brandsDir, brand.config);
      const values = (entries: Record<string, { value: unknown }>) =>
        Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, v.value]));
      const documents = values(raw.documents) as Record<string, Record<string, unknown>>;
      documents.home = { ...documents.home, title, ...(broken ? { hero: 'not an object' } : {}) };
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          documents,
          pages: values(raw.pages),
          articles: values(raw.articles),
          sizeGuides: values(raw.sizeGuides),
        }),
      );
    });
    await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => cms.close(resolve)));

  it('answers from its copy within the TTL, fetches again after it, and keeps the last good copy while the CMS is broken or down', async () => {
    // The clock is the test's: the TTL passes when the test says so, not after a real wait.
    let clock = 1_000_000;
    const source = createHttpContentSource({ url, catalog, ttlSeconds: 60, logger: silent, now: () => clock });
    const homeTitle = async () => (await source.brandContent('vanityfair', 'test')).home.title;

    expect(await homeTitle()).toBe('First edition');
    title = 'Second edition';
    clock += 59_000;
    expect(await homeTitle()).toBe('First edition');
    expect(requests).toBe(1);

    clock += 1_000;
    expect(await homeTitle()).toBe('Second edition');
    expect(requests).toBe(2);

    broken = true;
    clock += 60_000;
    expect(await homeTitle()).toBe('Second edition');
    expect(requests).toBe(3);
    // The last good copy is served for another TTL rather than asking the failing CMS on every page.
    expect(await homeTitle()).toBe('Second edition');
    expect(requests).toBe(3);

    down = true;
    clock += 60_000;
    expect(await homeTitle()).toBe('Second edition');
    expect(requests).toBe(4);
  });
});
