import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectPageErrors } from './support/browser';
import { spawnSync } from 'node:child_process';
import { OPS_API_KEY, root, withShopAndBrowser } from './support/shop';

/**
 * Pages arrive rendered (ADR 0017): the HTML a crawler or a browser without JavaScript gets has
 * the page's heading, products, prices and JSON-LD; a remote whose server build breaks is
 * rendered in the browser for its brand alone, and a rollback brings server rendering back.
 */
const env = withShopAndBrowser({ services: true });

interface Answer {
  status: number;
  body: string;
}

/** GET as a crawler would: plain HTTP, the brand named by the Host header, no JavaScript. */
function fetchAs(brand: string, path: string, accept = 'text/html'): Promise<Answer> {
  const url = new URL(env.shop.url(brand, path));
  return new Promise((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port: url.port,
          path: `${url.pathname}${url.search}`,
          headers: { host: url.host, accept },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        },
      )
      .on('error', reject);
  });
}
const json = async <T>(brand: string, path: string): Promise<T> =>
  JSON.parse((await fetchAs(brand, path, 'application/json')).body) as T;

/** The page's markup inside #root, without tags: what a reader without scripts gets. */
const rootOf = (html: string) =>
  /<div id="?root"?>([\s\S]*)<\/div>\s*<script id="__SHOP_CONFIG__"/.exec(html)?.[1] ?? '';
const h1Of = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(rootOf(html))?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as Record<string, unknown>,
  );
const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const dollars = (money: { centAmount: number }) => `$${(money.centAmount / 100).toFixed(2)}`;

interface Listing {
  category?: { name: string };
  results: Array<{ name: string; url: string; price: { centAmount: number }; salePrice?: { centAmount: number } }>;
}

describe.each(['vanityfair', 'hoopcraft'])('%s pages arrive rendered', (brand) => {
  let category: string;
  let listing: Listing;

  beforeAll(async () => {
    const { categories } = await json<{ categories: Array<{ path: string }> }>(brand, '/api/categories');
    category = categories[0].path;
    listing = await json<Listing>(brand, `/api/products?category=${encodeURIComponent(category)}&limit=12`);
  });

  it('home, category, product, blog and customer service carry their heading, products and JSON-LD', async () => {
    const home = await fetchAs(brand, '/');
    const homeContent = await json<{ title: string }>(brand, '/api/content/home');
    expect(home.status).toBe(200);
    expect(decode(h1Of(home.body) ?? '')).toBe(homeContent.title);
    expect(jsonLdOf(home.body).some((ld) => JSON.stringify(ld).includes('"WebSite"'))).toBe(true);

    const list = await fetchAs(brand, `/c/${category}`);
    expect(list.status).toBe(200);
    expect(decode(h1Of(list.body) ?? '')).toBe(listing.category?.name);
    const listText = decode(rootOf(list.body).replace(/<[^>]+>/g, ' '));
    for (const product of listing.results.slice(0, 3)) {
      expect(listText).toContain(product.name);
      expect(listText).toContain(dollars(product.salePrice ?? product.price));
    }
    const collection = jsonLdOf(list.body).find((ld) => ld['@type'] === 'CollectionPage');
    expect(JSON.stringify(collection)).toContain(JSON.stringify(listing.results[0].name));

    const first = listing.results[0];
    const product = await fetchAs(brand, first.url);
    expect(product.status).toBe(200);
    expect(decode(h1Of(product.body) ?? '')).toBe(first.name);
    expect(decode(rootOf(product.body).replace(/<[^>]+>/g, ' '))).toContain(dollars(first.salePrice ?? first.price));
    expect(jsonLdOf(product.body).find((ld) => ld['@type'] === 'Product')).toMatchObject({ name: first.name });

    const blog = await fetchAs(brand, '/learn');
    const articles = await json<{ title: string; articles: Array<{ title: string }> }>(brand, '/api/content/learn');
    expect(decode(h1Of(blog.body) ?? '')).toBe(articles.title);
    expect(decode(rootOf(blog.body))).toContain(articles.articles[0].title);
    expect(jsonLdOf(blog.body).find((ld) => ld['@type'] === 'Blog')).toBeDefined();

    const faqs = await fetchAs(brand, '/customer-service/faqs');
    const faqContent = await json<{ title: string }>(brand, '/api/content/customer-service/faqs');
    expect(decode(h1Of(faqs.body) ?? '')).toBe(faqContent.title);
    expect(jsonLdOf(faqs.body).find((ld) => ld['@type'] === 'FAQPage')).toBeDefined();

    // The page's data travels with it, so the browser asks for none of it again.
    expect(list.body).toContain('<script id="__SHOP_SSR__" type="application/json">');
    // Bag and account pages stay rendered in the browser.
    expect(rootOf((await fetchAs(brand, '/cart')).body).trim()).toBe('');
  });

  it('reads and navigates without JavaScript', async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(env.shop.url(brand, `/c/${category}`));
    await page.getByRole('heading', { level: 1, name: listing.category?.name }).waitFor();
    const card = page.getByRole('link', { name: listing.results[0].name }).first();
    expect(await card.isVisible()).toBe(true);
    await card.click();
    await page.waitForURL((url) => url.pathname === listing.results[0].url);
    await page.getByRole('heading', { level: 1, name: listing.results[0].name }).waitFor();
    // Styled before any script: the brand's header colour is on the page.
    const header = await page.locator('header').evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(header).not.toBe('rgba(0, 0, 0, 0)');
    await context.close();
  });

  it('filters and sorts a listing without JavaScript, through the filters’ form', async () => {
    const context = await env.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(env.shop.url(brand, `/c/${category}`));
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const box = filters.getByRole('checkbox').first();
    const [name, value] = [await box.getAttribute('name'), await box.getAttribute('value')];
    expect(name && value).toBeTruthy();
    await box.check();
    await page.getByLabel('Sort by').selectOption('name');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(
      (url) => url.searchParams.getAll(name ?? '').includes(value ?? '') && url.searchParams.get('sort') === 'name',
    );
    const query = new URLSearchParams({ category, [name ?? '']: value ?? '', sort: 'name', limit: '12' });
    const filtered = await json<Listing & { total: number }>(brand, `/api/products?${query}`);
    await page.getByText(`${filtered.total} ${filtered.total === 1 ? 'product' : 'products'}`).waitFor();
    expect(await page.getByRole('link', { name: filtered.results[0].name }).first().isVisible()).toBe(true);
    expect(await filters.locator(`input[name="${name}"][value="${value}"]`).isChecked()).toBe(true);
    await context.close();
  });

  it('hydrates without fetching the page’s data again and without errors', async () => {
    const page = await env.browser.newPage();
    const errors = collectPageErrors(page);
    const consoleErrors: string[] = [];
    page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(env.shop.url(brand, `/c/${category}`));
    expect(asked).not.toContain('/api/products');
    await page.locator('html[data-interactive]').waitFor();
    await page.waitForLoadState('networkidle');
    // Its styles came inline with the page (ADR 0017): neither webpack's CSS loader nor the
    // federation runtime fetches one of them again (only those of modules the server did not render).
    const inline = await page
      .locator('style[data-href]')
      .evaluateAll((styles) => styles.map((style) => style.getAttribute('data-href')));
    expect(inline.length).toBeGreaterThan(3);
    expect(asked.filter((path) => inline.includes(path.slice(path.lastIndexOf('/') + 1)))).toEqual([]);
    // Interactive: the sort control works after hydration.
    await page.getByLabel('Sort by').selectOption('name');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'name');
    await page.locator(`[data-ready-for="/c/${category}?sort=name"]`).waitFor();
    expect(errors).toEqual([]);
    expect(consoleErrors.filter((text) => /hydrat|#418|#423|#425/i.test(text))).toEqual([]);
    await page.close();
  });
});

describe('a product withdrawn from sale', () => {
  /** `npm run ops -- <action> <style>`, the back office's command, against this shop. */
  const ops = (action: 'withdraw' | 'restore', style: string) => {
    const run = spawnSync(process.execPath, [join(root, 'tools', 'scripts', 'ops-cli.mjs'), action, style], {
      env: { ...process.env, OPS_API_KEY, SHOP_URL: env.shop.url(undefined, '') },
      encoding: 'utf8',
    });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    return JSON.parse(run.stdout) as { style: string; onSale: boolean; changed: boolean };
  };

  it('answers 410 with a page that says so and leads on, server-rendered and in the browser, until restored', async () => {
    const listing = await json<Listing & { results: Array<{ masterStyle: string }> }>(
      'hoopcraft',
      '/api/products?category=basketballs&limit=12',
    );
    const product = listing.results[listing.results.length - 1];
    expect(ops('withdraw', product.masterStyle)).toEqual({ style: product.masterStyle, onSale: false, changed: true });
    try {
      const gone = await fetchAs('hoopcraft', product.url);
      expect(gone.status).toBe(410);
      expect(decode(h1Of(gone.body) ?? '')).toBe('This product is no longer available');
      expect(rootOf(gone.body)).toMatch(/<a [^>]*href="\/c\/basketballs[^"]*"[^>]*>Shop /);
      expect(jsonLdOf(gone.body).filter((data) => data['@type'] === 'Product')).toEqual([]);

      const page = await env.browser.newPage();
      const errors = collectPageErrors(page);
      const consoleErrors: string[] = [];
      page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
      expect((await page.goto(env.shop.url('hoopcraft', product.url)))?.status()).toBe(410);
      await page.locator('html[data-interactive]').waitFor();
      expect(await page.getByRole('button', { name: 'Add to bag' }).count()).toBe(0);
      // On to the product's own category (the one its address names).
      const onward = page.getByRole('main').getByRole('link', { name: /^Shop / });
      const [name, href] = [(await onward.textContent())?.replace(/^Shop /, ''), await onward.getAttribute('href')];
      expect(href).toMatch(/^\/c\/basketballs/);
      await onward.click();
      await page.waitForURL((url) => url.pathname === href);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      expect(errors).toEqual([]);
      // The 410 the browser would get came with the page: it wakes up without a mismatch.
      expect(consoleErrors.filter((text) => !/status of 410/.test(text))).toEqual([]);
      await page.close();
    } finally {
      expect(ops('restore', product.masterStyle).onSale).toBe(true);
    }
    const back = await fetchAs('hoopcraft', product.url);
    expect(back.status).toBe(200);
    expect(decode(h1Of(back.body) ?? '')).toBe(product.name);
  });
});

describe('a remote whose server build breaks', () => {
  it('is rendered in the browser for its brand alone, and a rollback restores server rendering', async () => {
    const path = '/c/basketballs';
    const serverRendered = async (brand: string, at: string) => h1Of((await fetchAs(brand, at)).body) !== undefined;
    expect(await serverRendered('hoopcraft', path)).toBe(true);
    // hoopcraft's own release of what it runs now, for the rollback to return to.
    const live = await json<{ remotes: { catalog: { version: string } } }>('hoopcraft', '/api/remotes');
    env.shop.cli('release', 'catalog', live.remotes.catalog.version, '--brand', 'hoopcraft');

    // The built catalog, with a server build that throws when loaded, published for hoopcraft only.
    const dist = join(mkdtempSync(join(tmpdir(), 'catalog-broken-')), 'dist');
    cpSync(join(root, 'mfe-catalog', 'dist'), dist, { recursive: true });
    writeFileSync(join(dist, 'server', 'pages.js'), "throw new Error('this server build is broken on purpose');\n");
    const info = JSON.parse(readFileSync(join(dist, 'build-info.json'), 'utf8')) as { version: string };
    writeFileSync(join(dist, 'build-info.json'), JSON.stringify({ ...info, version: `${info.version}-broken` }));
    const published = env.shop.cli('publish', dist);
    const version = /^catalog (\S+) published/m.exec(published)?.[1];
    expect(version).toBeDefined();
    env.shop.cli('release', 'catalog', version as string, '--brand', 'hoopcraft');

    const broken = await fetchAs('hoopcraft', path);
    expect(broken.status).toBe(200);
    expect(h1Of(broken.body)).toBeUndefined();
    expect(broken.body).toContain('<header');
    // The other brands keep their server-rendered pages.
    expect(await serverRendered('vanityfair', '/c/bras')).toBe(true);

    // The shopper still gets the page, rendered in the browser.
    const page = await env.browser.newPage();
    const errors = collectPageErrors(page);
    await page.goto(env.shop.url('hoopcraft', path));
    await page.getByRole('heading', { level: 1, name: 'Basketballs' }).waitFor();
    await page.locator(`[data-ready-for="${path}"]`).waitFor();
    // The broken version runs in the browser: the page's catalog area names it.
    expect(await page.locator('main [data-remote-area="catalog"]').getAttribute('data-remote-version')).toBe(version);
    expect(errors).toEqual([]);
    await page.close();

    // Rolling back restores server rendering, without a restart.
    env.shop.cli('rollback', 'catalog', '--brand', 'hoopcraft');
    expect(await serverRendered('hoopcraft', path)).toBe(true);
  });
});

describe('a content version whose footer signup form throws while rendering on the server', () => {
  it('leaves its brand’s pages server-rendered and the form to the browser, until a rollback', async () => {
    const path = '/c/basketballs';
    const footerFormOf = (html: string) => rootOf(html).includes('signup-form--footer');
    const before = await fetchAs('hoopcraft', path);
    expect(h1Of(before.body)).toBeDefined();
    expect(footerFormOf(before.body)).toBe(true);
    const live = await json<{ remotes: { content: { version: string } } }>('hoopcraft', '/api/remotes');
    env.shop.cli('release', 'content', live.remotes.content.version, '--brand', 'hoopcraft');

    // The built content remote, whose server form loads but throws when React renders it.
    const dist = join(mkdtempSync(join(tmpdir(), 'content-form-broken-')), 'dist');
    cpSync(join(root, 'mfe-content', 'dist'), dist, { recursive: true });
    writeFileSync(
      join(dist, 'server', 'EmailSignupForm.js'),
      "module.exports = { default: function EmailSignupForm() { throw new Error('this form breaks on purpose'); } };\n",
    );
    const info = JSON.parse(readFileSync(join(dist, 'build-info.json'), 'utf8')) as { version: string };
    writeFileSync(join(dist, 'build-info.json'), JSON.stringify({ ...info, version: `${info.version}-form-broken` }));
    const version = /^content (\S+) published/m.exec(env.shop.cli('publish', dist))?.[1];
    expect(version).toBeDefined();
    env.shop.cli('release', 'content', version as string, '--brand', 'hoopcraft');

    // The page is still rendered on the server; only the form is missing from its markup.
    const broken = await fetchAs('hoopcraft', path);
    expect(broken.status).toBe(200);
    expect(h1Of(broken.body)).toBe(h1Of(before.body));
    expect(footerFormOf(broken.body)).toBe(false);
    expect(rootOf(broken.body)).toContain('footer');

    // The browser draws the form and it answers.
    const page = await env.browser.newPage();
    const errors = collectPageErrors(page);
    await page.goto(env.shop.url('hoopcraft', path));
    const footer = page.locator('footer');
    await footer.getByLabel('E-mail for offers').fill('not-an-address');
    await footer.getByRole('button', { name: 'Sign me up' }).click();
    await footer.getByRole('alert').waitFor();
    expect(errors).toEqual([]);
    await page.close();

    // Rolling back brings the form back into the server's markup, without a restart.
    env.shop.cli('rollback', 'content', '--brand', 'hoopcraft');
    expect(footerFormOf((await fetchAs('hoopcraft', path)).body)).toBe(true);
  });
});
