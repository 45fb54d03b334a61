import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProductDetail, ProductListResponse } from '@shop/contracts';
import { authClient, commerceAt, startBuiltService, startTestGateway } from './support';

const OPS_KEY = 'ops-key-for-catalog-tests-0015';

let commerce: Awaited<ReturnType<typeof startBuiltService>>;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  commerce = await startBuiltService(
    'commerce',
    { COMMERCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'gw-catalog-')), COMMERCE_SEED_PRODUCTS: '400' },
    'COMMERCE_PORT',
  );
  gateway = await startTestGateway({
    commerce: commerceAt(commerce.url),
    opsApiKey: OPS_KEY,
  });
}, 120_000);
afterAll(async () => {
  await gateway?.stop();
  await commerce?.stop();
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${gateway.url}${path}`, { headers });
  return {
    status: response.status,
    headers: response.headers,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: response.status === 304 ? undefined : ((await response.json()) as any),
  };
};
const list = async (query: string) => (await get(`/api/products?${query}`)).body as ProductListResponse;
const effective = (p: ProductListResponse['results'][number]) => p.salePrice?.centAmount ?? p.price.centAmount;

describe('catalog API', () => {
  it('serves the brand category tree with URL paths', async () => {
    const { body } = await get('/api/categories');
    const bras = body.categories.find((c: { slug: string }) => c.slug === 'bras');
    expect(bras).toMatchObject({ name: 'Bras', path: 'bras' });
    expect(bras.children.map((c: { path: string }) => c.path)).toContain('bras/bras-wireless');
  });

  it('lists a category with size and colour filters: every result matches, and facets keep other choices', async () => {
    const all = await list('category=bras');
    expect(all.total).toBeGreaterThan(12);
    expect(all.results).toHaveLength(12);
    expect(all.category?.breadcrumb.map((b) => b.path)).toEqual(['bras']);
    expect(all.facets.map((f) => f.name).slice(0, 3)).toEqual(['category', 'size', 'color']);
    const size = all.facets.find((f) => f.name === 'size')?.values[0].value as string;
    const sized = await list(`category=bras&size=${encodeURIComponent(size)}`);
    const color = sized.facets.find((f) => f.name === 'color')?.values[0].value as string;
    const filtered = await list(
      `category=bras&size=${encodeURIComponent(size)}&color=${encodeURIComponent(color)}&limit=48`,
    );
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.total).toBeLessThanOrEqual(sized.total);
    expect(filtered.applied).toEqual({ size: [size], color: [color] });
    for (const product of filtered.results) {
      const detail = (await get(`/api/products/${product.masterStyle}`)).body as ProductDetail;
      expect(detail.variants.some((v) => v.attributes.size === size && v.attributes.color === color)).toBe(true);
    }
    const sizeFacet = filtered.facets.find((f) => f.name === 'size');
    expect(sizeFacet?.values.find((v) => v.value === size)?.selected).toBe(true);
    expect(sizeFacet?.values.length).toBeGreaterThan(1);
  });

  it('prices a card as its product page does, with "from" when variants differ, and opens a filtered card on the filtered variant', async () => {
    const all = await list('category=bras&limit=48');
    for (const card of all.results) {
      const detail = (await get(`/api/products/${card.masterStyle}`)).body as ProductDetail;
      const now = (v: ProductDetail['variants'][number]) => v.salePrice?.centAmount ?? v.price.centAmount;
      const lowest = Math.min(...detail.variants.map(now));
      // The card's current price is the lowest a shopper can pay, and its "was" is that same variant's.
      expect(effective(card)).toBe(lowest);
      const cheapest = detail.variants.filter((v) => now(v) === lowest);
      expect(cheapest.some((v) => v.price.centAmount === card.price.centAmount)).toBe(true);
      expect(card.priceFrom === true).toBe(new Set(detail.variants.map(now)).size > 1);
    }
    expect(all.results.some((card) => card.priceFrom)).toBe(true);
    const size = all.facets.find((f) => f.name === 'size')?.values.at(-1)?.value as string;
    const sized = await list(`category=bras&size=${encodeURIComponent(size)}&limit=12`);
    expect(sized.results.length).toBeGreaterThan(0);
    for (const card of sized.results) {
      const id = card.url.split('/').at(-1) as string;
      expect(id).not.toBe(card.masterStyle);
      const detail = (await get(`/api/products/${encodeURIComponent(id)}`)).body as ProductDetail;
      expect(detail.variants.find((v) => v.sku === id)?.attributes.size).toBe(size);
    }
  });

  it("gives a card a swatch per colour, each with its colour's front picture and that colour's product page", async () => {
    const all = await list('category=bras&limit=48');
    const many = all.results.filter((card) => card.colors.length > 1);
    expect(many.length).toBeGreaterThan(0);
    for (const card of all.results) {
      expect(card.swatches?.map((s) => s.name)).toEqual(card.colors.map((c) => c.name));
      expect(card.swatches?.some((s) => s.image === card.image.url)).toBe(true);
    }
    const card = many[0];
    const detail = (await get(`/api/products/${card.masterStyle}`)).body as ProductDetail;
    for (const swatch of card.swatches ?? []) {
      expect(swatch.image).toMatch(/^\/media\/bra\/[0-9a-f]{6}-front\.svg$/);
      expect(swatch.image).toContain(swatch.hex?.slice(1));
      // The product's page in that colour, with no size chosen for the shopper (ADR 0024).
      const opens = new URL(swatch.url, gateway.url);
      expect(opens.pathname.split('/').at(-1)).toBe(card.masterStyle);
      expect(opens.searchParams.get('color')).toBe(swatch.name);
      const opened = detail.variants.find((v) => v.attributes.color === swatch.name && v.images.length > 0);
      expect(opened?.images[0].url).toBe(swatch.image);
      const picture = await fetch(`${gateway.url}${swatch.image}`);
      expect(picture.status).toBe(200);
    }
  });

  it('serves each colour’s front, back and close-up from this origin, and a bad image name as a 404 in our error shape', async () => {
    const detail = (await get('/api/products?category=bras&limit=1')).body as ProductListResponse;
    const product = (await get(`/api/products/${detail.results[0].masterStyle}`)).body as ProductDetail;
    const images = product.variants[0].images;
    expect(images.map((image) => image.url.replace(/^.*-/, ''))).toEqual(['front.svg', 'back.svg', 'detail.svg']);
    expect(images.map((image) => image.alt.replace(/^.*, /, ''))).toEqual(['front', 'back', 'close-up']);
    for (const image of images) {
      const response = await fetch(`${gateway.url}${image.url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    }
    // A database seeded with one picture per variant names the front `{hex}.svg`.
    const plain = await fetch(`${gateway.url}${images[0].url.replace('-front.svg', '.svg')}`);
    expect(plain.status).toBe(200);
    for (const path of [
      '/media/bra/e8a0a8-side.svg',
      '/media/bra/zzzzzz-front.svg',
      '/media/bra/e8a0a8-front.png',
      '/media/kite/e8a0a8-front.svg',
      '/media/bra/e8a0a8-front-back.svg',
    ]) {
      const response = await fetch(`${gateway.url}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    }
  });

  it('pages with offset, sorts by price both ways, and searches full text', async () => {
    const first = await list('category=bras&sort=price-asc');
    const second = await list('category=bras&sort=price-asc&offset=12');
    expect(second.total).toBe(first.total);
    expect(second.results[0].key).not.toBe(first.results[0].key);
    const prices = [...first.results, ...second.results].map(effective);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const down = (await list('category=bras&sort=price-desc')).results.map(effective);
    expect([...down].sort((a, b) => b - a)).toEqual(down);
    const search = await list('q=bra');
    expect(search.total).toBeGreaterThan(0);
    expect(search.query).toBe('bra');
    expect(search.results.every((p) => /bra/i.test(p.name))).toBe(true);
  });

  it('names the bad parameter in a 400', async () => {
    for (const [query, name] of [
      ['limit=100', 'limit'],
      ['offset=-1', 'offset'],
      ['sort=cheapest', 'sort'],
      ['colour=red', 'colour'],
      ['priceMin=5000&priceMax=1000', 'priceMin'],
      ['category=Bad%20Slug', 'category'],
      [`size=${'x'.repeat(100)}`, 'size'],
    ]) {
      const { status, body } = await get(`/api/products?${query}`);
      expect({ query, status }).toEqual({ query, status: 400 });
      expect(body.error.message.startsWith(`${name}:`)).toBe(true);
    }
  });

  it('answers 404 for an unknown category or product, and serves a product by sku or style', async () => {
    expect((await get('/api/products?category=no-such-category')).status).toBe(404);
    const missing = await get('/api/products/XX99999');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('PRODUCT_NOT_FOUND');
    const { results } = await list('category=bras&limit=1');
    const bySku = (
      await get(`/api/products/${(await get(`/api/products/${results[0].masterStyle}`)).body.variants[0].sku}`)
    ).body as ProductDetail;
    expect(bySku.masterStyle).toBe(results[0].masterStyle);
    expect(bySku.options.map((o) => o.name)).toEqual(expect.arrayContaining(['color', 'bandSize', 'cupSize']));
    expect(bySku.url).toMatch(/^\/p\/bras-[a-z-]+\/[a-z0-9-]+\/76\d+$/);
    // Another brand's product is not sold here.
    const elsewhere = await authClient(gateway.url, `everwear.localhost:${new URL(gateway.url).port}`).send(
      `/api/products/${results[0].masterStyle}`,
    );
    expect(elsewhere.status).toBe(404);
  });

  it("links a product to the size guide its brand's content gives its category, and to none where there is none", async () => {
    const bra = (await list('category=bras&limit=1')).results[0];
    expect(((await get(`/api/products/${bra.masterStyle}`)).body as ProductDetail).sizeGuide).toEqual({
      slug: 'bras',
      title: 'Bra size guide',
    });
    const hoopcraft = authClient(gateway.url, `hoopcraft.localhost:${new URL(gateway.url).port}`);
    const firstOf = async (category: string) => {
      const listing = (await (
        await hoopcraft.send(`/api/products?category=${category}&limit=1`)
      ).json()) as ProductListResponse;
      return (await (await hoopcraft.send(`/api/products/${listing.results[0].masterStyle}`)).json()) as ProductDetail;
    };
    expect((await firstOf('hoops')).sizeGuide?.slug).toBe('hoops');
    expect((await firstOf('apparel-socks')).sizeGuide?.slug).toBe('socks');
    expect((await firstOf('training')).sizeGuide).toBeUndefined();
  });

  it('shows retailer links and filters by style, both product attributes as in commercetools', async () => {
    const { results } = await list('limit=40');
    const details = await Promise.all(
      results.map(async (summary) => (await get(`/api/products/${summary.masterStyle}`)).body as ProductDetail),
    );
    const linked = details.find((detail) => detail.retailerLinks.length > 0);
    expect(linked).toBeDefined();
    for (const link of linked?.retailerLinks ?? []) {
      expect(['amazon', 'belk', 'jcpenney', 'kohls', 'macys', 'target', 'walmart']).toContain(link.retailer);
      expect(link.url.startsWith(`https://www.${link.domain}/`)).toBe(true);
    }
    expect(details.some((detail) => detail.retailerLinks.length === 0)).toBe(true);
    const style = results[3].masterStyle;
    const byStyle = await list(`masterStyle=${style}`);
    expect(byStyle.results.map((r) => r.masterStyle)).toEqual([style]);
  });

  it('lets browsers and the gateway cache listings', async () => {
    const first = await get('/api/products?category=panties');
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const etag = first.headers.get('etag') as string;
    expect(etag).toBeTruthy();
    // Over plain HTTP: fetch() adds Cache-Control: no-cache to conditional requests.
    const again = await authClient(gateway.url).send('/api/products?category=panties', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });

  it('suggests five products and matching categories, and serves product images from this origin', async () => {
    const { body } = await get('/api/search/suggest?q=bra');
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.length).toBeLessThanOrEqual(5);
    expect(body.categories.map((c: { path: string }) => c.path)).toContain('/c/bras');
    expect((await get('/api/search/suggest?q=b')).status).toBe(400);
    const image = await fetch(`${gateway.url}${body.products[0].image.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/svg/);
  });
});

describe('page status (the shell’s route table, on the server)', () => {
  /** Over node:http, which sends the Host header it is given (fetch sends the URL's). */
  const page = (path: string, host = 'vanityfair.localhost') =>
    new Promise<{ status: number; type: string | undefined; html: string; location?: string; cache?: string }>(
      (resolve, reject) => {
        const { port } = new URL(gateway.url);
        request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
          let html = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (html += chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              type: res.headers['content-type'],
              html,
              location: res.headers.location,
              cache: res.headers['cache-control'],
            }),
          );
        })
          .once('error', reject)
          .end();
      },
    );

  it('answers 200 for the pages that exist, with the shell', async () => {
    const { results } = await list('category=bras&limit=1');
    for (const path of [
      '/',
      '/c/bras',
      '/c/bras/bras-wireless',
      '/c?q=lace',
      results[0].url,
      '/learn',
      '/cart',
      '/login',
    ]) {
      const answer = await page(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      expect(answer.type).toMatch(/text\/html/);
    }
    expect((await page('/c/basketballs', 'hoopcraft.localhost')).status).toBe(200);
    // An account page without a signed-in session (credentials.test.ts has it signed in).
    expect((await page('/account')).status).toBe(302);
  });

  it('moves a product asked for under other category or name slugs to its own address with a 301', async () => {
    const { results } = await list('category=bras&limit=1');
    const own = results[0].url;
    const id = own.slice(own.lastIndexOf('/') + 1);
    const moved = await page(`/p/old-category/old-name/${id}?size=34B`);
    expect(moved).toMatchObject({ status: 301, location: `${own}?size=34B`, cache: 'public, max-age=86400' });
    expect((await page(own)).status).toBe(200);
    // rallyathletic's products live under /rr/p: the same product path of its own leads there.
    const rr = JSON.parse((await page('/api/products?limit=1', 'rallyathletic.localhost')).html) as ProductListResponse;
    const rrId = rr.results[0].url.slice(rr.results[0].url.lastIndexOf('/') + 1);
    expect(await page(`/rr/p/x/y/${rrId}`, 'rallyathletic.localhost')).toMatchObject({
      status: 301,
      location: rr.results[0].url,
    });
    // An unknown product stays a 404 whatever its slugs.
    expect((await page('/p/old-category/old-name/NO-SUCH')).status).toBe(404);
  });

  it('answers 404 with the shell (its friendly page) for an unknown path, category or product', async () => {
    for (const path of ['/no-such-page', '/c/no-such-category', '/p/x/y/NO-SUCH', '/p/x/y/bad%20id', '/account/nope']) {
      const answer = await page(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.html).toContain('id="__SHOP_CONFIG__"');
    }
    // A category of another brand is not this brand's.
    expect((await page('/c/basketballs')).status).toBe(404);
  });

  it('withdraws a product from sale through the back office: 410 on the API and the page at once, gone from listings, and back on restore', async () => {
    const before = await list('category=bras&limit=23');
    const gone = before.results.at(-1) as ProductListResponse['results'][number];
    const shown = (await get(`/api/products/${gone.masterStyle}`)).body as ProductDetail;
    const ops = (style: string, action: string, key: string | null = OPS_KEY) =>
      fetch(`${gateway.url}/api/ops/products/${style}/${action}`, {
        method: 'POST',
        headers: key ? { authorization: `Bearer ${key}` } : {},
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as any })); // eslint-disable-line @typescript-eslint/no-explicit-any

    expect(await ops(gone.masterStyle, 'withdraw', null)).toMatchObject({ status: 401 });
    expect(await ops(gone.masterStyle, 'withdraw', 'not-the-key')).toMatchObject({ status: 401 });
    expect(await ops('XX99997', 'withdraw')).toMatchObject({
      status: 404,
      body: { error: { code: 'PRODUCT_NOT_FOUND' } },
    });
    expect(await ops('bad-style', 'withdraw')).toMatchObject({
      status: 400,
      body: { error: { code: 'INVALID_PARAMETER' } },
    });

    expect(await ops(gone.masterStyle, 'withdraw')).toEqual({
      status: 200,
      body: { style: gone.masterStyle, onSale: false, changed: true },
    });
    try {
      expect((await ops(gone.masterStyle, 'withdraw')).body.changed).toBe(false);
      // The answer cached a moment ago is forgotten: by style and by any of its skus.
      for (const id of [gone.masterStyle, shown.variants[0].sku]) {
        const answer = await get(`/api/products/${id}`);
        expect({ id, status: answer.status }).toEqual({ id, status: 410 });
        expect(answer.body.error).toEqual({
          code: 'PRODUCT_WITHDRAWN',
          message: expect.stringContaining('no longer sold'),
          correlationId: expect.any(String),
        });
      }
      const answer = await page(gone.url);
      expect(answer.status).toBe(410);
      expect(answer.html).toContain('id="__SHOP_CONFIG__"');
      expect((await list('category=bras&limit=22')).total).toBe(before.total - 1);
      // One it never sold is still not found.
      expect((await get('/api/products/XX99998')).status).toBe(404);
    } finally {
      expect(await ops(gone.masterStyle, 'restore')).toEqual({
        status: 200,
        body: { style: gone.masterStyle, onSale: true, changed: true },
      });
    }
    expect((await get(`/api/products/${gone.masterStyle}`)).status).toBe(200);
    expect((await page(gone.url)).status).toBe(200);
  });
});
