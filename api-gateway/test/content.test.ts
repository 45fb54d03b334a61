import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { loadBrandCatalog, readBrandContentFiles } from '@shop/brands';
import type {
  ArticleDocument,
  ArticleListDocument,
  FitFinderDocument,
  HomeDocument,
  PageDocument,
  SizeGuideDocument,
  SizeGuideListDocument,
} from '@shop/contracts';
import { authClient, request, startTestGateway } from './support';

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;
let gateway: Gateway;

beforeAll(async () => {
  gateway = await startTestGateway();
});
afterAll(() => gateway?.stop());

const get = async (path: string, host?: string) => {
  const response = await authClient(gateway.url, host).send(path);
  return { status: response.status, headers: response.headers, body: (await response.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
};

describe('content API (brand content files)', () => {
  it("serves each brand's own home, and the athletic brand's /rr variant", async () => {
    const vanity = (await get('/api/content/home')).body as HomeDocument;
    const hoop = (await get('/api/content/home', 'hoopcraft.localhost')).body as HomeDocument;
    expect(vanity.type).toBe('home');
    expect(vanity.hero.title).not.toBe(hoop.hero.title);
    expect(hoop.featuredProducts.category).toBe('basketballs');
    const rr = await get('/api/content/home/rr', 'rallyathletic.localhost');
    expect(rr.status).toBe(200);
    expect(rr.body.hero.title).not.toBe((await get('/api/content/home', 'rallyathletic.localhost')).body.hero.title);
    expect((await get('/api/content/home/rr')).status).toBe(404);
  });

  it('lists articles newest first, six to a page, with a text filter and tags', async () => {
    const first = (await get('/api/content/learn')).body as ArticleListDocument;
    expect(first.total).toBeGreaterThanOrEqual(8);
    expect(first.articles).toHaveLength(6);
    const dates = first.articles.map((a) => a.published);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = (await get('/api/content/learn?offset=6')).body as ArticleListDocument;
    expect(second.articles[0].published <= first.articles[5].published).toBe(true);

    const washing = (await get('/api/content/learn?q=wash')).body as ArticleListDocument;
    expect(washing.total).toBeGreaterThan(0);
    expect(washing.total).toBeLessThan(first.total);
    const none = (await get('/api/content/learn?q=zzzqqq')).body as ArticleListDocument;
    expect(none.total).toBe(0);

    const tag = first.tags[0].tag;
    const tagged = (await get(`/api/content/learn?tag=${tag}`)).body as ArticleListDocument;
    expect(tagged.total).toBe(first.tags[0].count);
    expect(tagged.articles.every((a) => a.tags.includes(tag))).toBe(true);
  });

  it('renders an article with reading time and related articles', async () => {
    const { articles } = (await get('/api/content/learn')).body as ArticleListDocument;
    const { status, body } = await get(`/api/content/learn/${articles[0].slug}`);
    const article = body as ArticleDocument;
    expect(status).toBe(200);
    expect(article.html).toContain('<h2');
    expect(article.readingMinutes).toBeGreaterThanOrEqual(2);
    expect(article.related.length).toBeGreaterThan(0);
    expect(article.related.map((r) => r.slug)).not.toContain(article.slug);
  });

  it('serves the twelve customer-service pages with the service hours, and the FAQ in questions', async () => {
    const topics = [
      'checkout',
      'contact',
      'faqs',
      'managing-account',
      'opening-account',
      'payment',
      'privacy-policy',
      'returns-policy',
      'security-policy',
      'shipping-methods',
      'shipping-policy',
      'terms',
    ];
    for (const topic of topics) {
      const { status, body } = await get(`/api/content/customer-service/${topic}`, 'everwear.localhost');
      expect(status).toBe(200);
      expect((body as PageDocument).hours).toBe('Mon-Fri 8am-6pm CT');
      expect((body as PageDocument).html).toContain('Everwear');
    }
    const faqs = (await get('/api/content/customer-service/faqs')).body as PageDocument;
    expect(faqs.sections.length).toBeGreaterThanOrEqual(10);
  });

  it('serves nav, footer, the e-mail copy and the snippet paths', async () => {
    expect((await get('/api/content/nav')).body.links.length).toBeGreaterThan(0);
    expect((await get('/api/content/footer')).body.social.length).toBeGreaterThan(0);
    const email = (await get('/api/content/email')).body;
    expect(email.type).toBe('email');
    expect(email.title).toMatch(/15% off/);
    // rallyathletic takes no codes (its discounts flag is off): no offer in its signup copy, nor in its footer.
    const plain = await get('/api/content/email', 'rallyathletic.localhost');
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    expect(JSON.stringify(plain.body)).not.toMatch(/%|code/i);
    expect(plain.body).not.toHaveProperty('withoutOffer');
    for (const path of ['cart', 'p', 'find-your-fit', 'size-guide'])
      expect((await get(`/api/content/${path}`)).body.type).toBe('snippets');
    // hoopcraft takes no returns online (its returns flag is off): its product and bag pages promise none.
    const ids = async (path: string, host?: string) =>
      ((await get(`/api/content/${path}`, host)).body.blocks as Array<{ id: string }>).map((block) => block.id);
    expect(await ids('p')).toContain('returns');
    expect(await ids('p', 'hoopcraft.localhost')).not.toContain('returns');
    expect(await ids('cart', 'hoopcraft.localhost')).not.toContain('easy-returns');
    expect(JSON.stringify((await get('/api/content/p', 'hoopcraft.localhost')).body)).not.toMatch(/30 days|"flag"/);
  });

  it('puts nav and footer into the page and the boot config', async () => {
    const brand = await get('/api/brand', 'hoopcraft.localhost');
    expect(brand.body.chrome.nav.links.length).toBeGreaterThan(0);
    expect(brand.body.chrome.footer.legal).toMatch(/Hoopcraft/);
    expect(brand.body.brand).not.toHaveProperty('nav');
  });

  it('answers bad paths and queries with 400 and unknown content with 404, in the one error shape', async () => {
    for (const path of [
      '/api/content/Home',
      '/api/content/learn/..%2Fsecrets',
      '/api/content/a/b/c',
      '/api/content/learn?offset=-1',
      '/api/content/learn?tag=%3Cscript%3E',
      '/api/content/home?unknown=1',
    ]) {
      const { status, body } = await get(path);
      expect([path, status]).toEqual([path, 400]);
      expect(body.error).toEqual({
        code: 'INVALID_PARAMETER',
        message: expect.any(String),
        correlationId: expect.any(String),
      });
    }
    for (const path of [
      '/api/content/learn/no-such-article',
      '/api/content/customer-service/careers',
      '/api/content/secrets',
    ]) {
      expect((await get(path)).body.error.code).toBe('CONTENT_NOT_FOUND');
    }
  });
});

describe('size guides and the fit finder (content API and pages)', () => {
  it("lists each brand's own guides, and only those", async () => {
    const hoop = (await get('/api/content/size-guides', 'hoopcraft.localhost')).body as SizeGuideListDocument;
    expect(hoop.guides.map((guide) => guide.slug)).toEqual(['basketballs', 'hoops', 'jerseys', 'shorts', 'socks']);
    expect(hoop.fitFinder).toBe(true);
    const vanity = (await get('/api/content/size-guides')).body as SizeGuideListDocument;
    expect(vanity.guides.map((guide) => guide.slug)).toEqual(['bras', 'panties', 'shapewear', 'camis-slips']);
  });

  it('serves a guide by its slug or an alias, always under its own slug, and 404 for another brand’s', async () => {
    const balls = (await get('/api/content/size-guide/basketballs', 'hoopcraft.localhost')).body as SizeGuideDocument;
    expect(balls).toMatchObject({ type: 'size-guide', slug: 'basketballs', title: 'Basketball size guide' });
    expect(balls.tables[0].rows.map((row) => row.size)).toEqual([5, 6, 7]);
    const tops = (await get('/api/content/size-guide/tops', 'hoopcraft.localhost')).body as SizeGuideDocument;
    expect(tops.slug).toBe('jerseys');
    const bras = await get('/api/content/size-guide/bras', 'hoopcraft.localhost');
    expect([bras.status, bras.body.error.code]).toEqual([404, 'CONTENT_NOT_FOUND']);
    expect((await get('/api/content/size-guide/bras')).status).toBe(200);
  });

  it('serves every finder with the tables it reads and the guide it belongs to', async () => {
    const { finders } = (await get('/api/content/fit-finder', 'rallyathletic.localhost')).body as FitFinderDocument;
    const pants = finders.find((finder) => finder.id === 'mens-pants');
    expect(pants).toMatchObject({ method: 'ranges', join: 'x', guide: { slug: 'bottoms' } });
    expect(pants?.sizeTables.map((table) => table.id)).toEqual(['pants-waist', 'pants-length']);
    expect(finders.some((finder) => finder.method === 'band-cup')).toBe(false);
  });

  it('answers 404 for a guide page the brand does not have, 200 for its own and for its index and finder', async () => {
    const page = async (path: string, host: string) =>
      (await request(`${gateway.url}${path}`, { headers: { host } })).status;
    expect(await page('/size-guide/bras', 'hoopcraft.localhost')).toBe(404);
    expect(await page('/size-guide/basketballs', 'vanityfair.localhost')).toBe(404);
    expect(await page('/size-guide/basketballs', 'hoopcraft.localhost')).toBe(200);
    expect(await page('/size-guide/tops', 'hoopcraft.localhost')).toBe(200);
    expect(await page('/size-guide/bras', 'vanityfair.localhost')).toBe(200);
    expect(await page('/size-guide', 'everwear.localhost')).toBe(200);
    expect(await page('/find-your-fit', 'rallyathletic.localhost')).toBe(200);
  });
});

describe('content API (headless CMS by configuration)', () => {
  const brandsDir = join(__dirname, '..', '..', 'brands');
  const catalog = loadBrandCatalog({ dir: brandsDir, environment: 'test' });
  let cms: Server;
  let cmsUrl: string;
  let cmsGateway: Gateway;
  let down = false;

  beforeAll(async () => {
    cms = createServer((req, res) => {
      const match = /^\/brands\/([a-z]+)\/content$/.exec(req.url ?? '');
      const brand = match && catalog.get(match[1] as 'vanityfair');
      if (down || !brand) return res.writeHead(down ? 503 : 404).end();
      const raw = readBrandContentFiles(brandsDir, brand.config);
      const values = (entries: Record<string, { value: unknown }>) =>
        Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, v.value]));
      const documents = values(raw.documents) as Record<string, Record<string, unknown>>;
      documents.home = { ...documents.home, title: 'Published from the CMS' };
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
    cmsUrl = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await cmsGateway?.stop();
    await new Promise((resolve) => cms.close(resolve));
  });

  it('serves what the CMS publishes, validated with the same schemas', async () => {
    cmsGateway = await startTestGateway({ content: { apiUrl: cmsUrl, cacheTtlSeconds: 1 } });
    const response = await authClient(cmsGateway.url).send('/api/content/home');
    expect(((await response.json()) as HomeDocument).title).toBe('Published from the CMS');
    const faqs = (await (
      await authClient(cmsGateway.url).send('/api/content/customer-service/faqs')
    ).json()) as PageDocument;
    expect(faqs.sections.length).toBeGreaterThanOrEqual(10);
    const guide = await authClient(cmsGateway.url, 'hoopcraft.localhost').send('/api/content/size-guide/basketballs');
    expect(((await guide.json()) as SizeGuideDocument).title).toBe('Basketball size guide');
  });
  // Its TTL and last-good-copy behaviour run on an injected clock in src/clients/content/http-content-source.test.ts.

  it('answers 503 when the CMS was never reachable for a brand', async () => {
    down = true;
    const response = await authClient(cmsGateway.url, 'everwear.localhost').send('/api/content/home');
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
