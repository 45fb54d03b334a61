import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inlinableCss, inlineWithin, pageAssets } from '../src/modules/platform/page-renderer';
import { request, startTestGateway } from './support';

/**
 * Pages that search engines index come with their markup from the page renderer (ADR 0017); the
 * gateway never lets a renderer failure cost the shopper the page. A stand-in renderer answers
 * what each test needs.
 */
type Behaviour = 'render' | 'fail' | 'slow' | 'junk' | 'hostile';
let behaviour: Behaviour = 'render';
const asked: Array<{ url: string; host: string; boot: { brand: { id: string } }; apiOrigin: string }> = [];

const renderer = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    asked.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (behaviour === 'fail') return json(500, { error: { code: 'RENDER_FAILED', message: 'boom' } });
    if (behaviour === 'junk') return json(200, { html: 42 });
    if (behaviour === 'slow') return setTimeout(() => json(200, rendered()), 1500);
    if (behaviour === 'hostile') {
      return json(200, {
        ...rendered(),
        head: {
          title: '</title><script>alert(1)</script>',
          tags: { description: '"><script>', canonical: '/c/bras', jsonLd: { name: '</script><script>alert(1)' } },
        },
      });
    }
    return json(200, rendered());
  });
});

const rendered = () => ({
  html: '<div class="app"><main><h1>Bras</h1><p>Lace Bralette $42.00</p></main></div>',
  head: {
    title: 'Bras | Everwear',
    tags: {
      description: 'Bras at Everwear',
      canonical: '/c/bras',
      jsonLd: { '@type': 'CollectionPage', name: 'Bras' },
    },
  },
  state: { api: { queries: { 'catalogGetProducts("category=bras")': { status: 'fulfilled', data: { total: 1 } } } } },
  modules: ['catalog/pages'],
});

let gateway: Awaited<ReturnType<typeof startTestGateway>>;
let base: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => renderer.listen(0, '127.0.0.1', resolve));
  const { port } = renderer.address() as AddressInfo;
  gateway = await startTestGateway({ renderer: { url: `http://127.0.0.1:${port}`, timeoutMs: 400 } });
  base = gateway.url;
  // The shell's stylesheets: one to inline, one whose relative url() only works from its own file.
  writeFileSync(join(gateway.dataDir, 'shell', '80.0a1b2c3d.css'), '.app{color:#111}');
  writeFileSync(join(gateway.dataDir, 'shell', '81.4e5f6a7b.css'), '.logo{background:url(logo.svg)}');
});

afterAll(async () => {
  await gateway.stop();
  await new Promise((resolve) => renderer.close(resolve));
});

beforeEach(() => {
  behaviour = 'render';
  asked.length = 0;
});

const page = (path: string, host = 'everwear.localhost') => request(`${base}${path}`, { headers: { host } });

describe('server-rendered pages', () => {
  it('put the renderer’s markup, head tags and data into the page, and ask as the brand’s site', async () => {
    const res = await page('/c/bras?sort=name');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"><div class="app"><main><h1>Bras</h1><p>Lace Bralette $42.00</p>');
    expect(html).toContain('<title>Bras | Everwear</title>');
    expect(html).toContain('<meta name="description" content="Bras at Everwear" data-server-head />');
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/c\/bras" data-server-head \/>/);
    expect(html).toContain(
      '<script type="application/ld+json" data-server-head>{"@type":"CollectionPage","name":"Bras"}',
    );
    // The shell's styles arrive in the page, named for the browser's CSS loader, which then does
    // not load them again; one that cannot move into the page is linked.
    expect(html).toContain('<style data-href="80.0a1b2c3d.css">.app{color:#111}</style>');
    expect(html).toContain('<link rel="stylesheet" href="/shell/81.4e5f6a7b.css" data-href="81.4e5f6a7b.css" />');
    const data = /<script id="__SHOP_SSR__" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(data ?? '')).toEqual({ state: rendered().state, modules: ['catalog/pages'] });
    // The scripts to fetch once the page has painted (what the manifests name; see below).
    const scripts = /<script id="__SHOP_PRELOAD__" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(scripts ?? '')).toEqual({ shell: expect.any(Array), remotes: expect.any(Array) });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      url: '/c/bras?sort=name',
      host: 'everwear.localhost',
      boot: { brand: { id: 'everwear' } },
    });
    expect(asked[0].apiOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('never ask for bag, checkout or account pages, nor for a page that does not exist', async () => {
    for (const path of ['/cart', '/checkout', '/account', '/login', '/no/such/page']) await page(path);
    expect(asked).toEqual([]);
  });

  it('serve the admin’s pages for the browser to render, kept out of search engines', async () => {
    for (const path of ['/admin', '/admin/brands/everwear/flags']) {
      const res = await page(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      const html = await res.text();
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).toContain('<div id="root"></div>');
    }
    expect(asked).toEqual([]);
    const shop = await page('/c/bras');
    expect(shop.headers.get('x-robots-tag')).toBeNull();
    expect(await shop.text()).not.toContain('name="robots"');
  });

  it.each<Behaviour>(['fail', 'slow', 'junk'])(
    'still arrive, to render in the browser, when the renderer answers %s',
    async (kind) => {
      behaviour = kind;
      const res = await page('/c/bras');
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<title>Everwear</title>');
      expect(html).not.toContain('__SHOP_SSR__');
      expect(html).toContain('__SHOP_CONFIG__');
    },
  );

  it('escape what the renderer says of the head, so it can never open a script', async () => {
    behaviour = 'hostile';
    const html = await (await page('/c/bras')).text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)');
  });

  it('keep server builds away from browsers', async () => {
    for (const path of ['/shell/server/renderer.js', '/remotes/catalog/0.1.0-abc/server/pages.js']) {
      const res = await page(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });
});

describe('the files a server-rendered page loads', () => {
  const files = (sync: string[], async: string[] = []) => ({ sync, async });
  const assetsOf = (css: string[], js: string[]) => ({ css: files(css), js: files(js) });
  const root = mkdtempSync(join(tmpdir(), 'page-assets-'));
  const shellDist = join(root, 'shell');
  const remotesDir = join(root, 'remotes');
  mkdirSync(shellDist);
  mkdirSync(join(remotesDir, 'catalog', '1.0.0'), { recursive: true });
  writeFileSync(
    join(shellDist, 'mf-manifest.json'),
    JSON.stringify({
      exposes: [],
      shared: [
        { name: 'react', assets: assetsOf([], ['696.react.js']) },
        { name: '@shop/ui/core', assets: assetsOf(['191.core.css'], ['191.core.js']) },
        // One chunk written under two ids: the same text, which the browser loads once.
        { name: 'react-router-dom', assets: assetsOf([], ['293.184d7345.js', '674.184d7345.js']) },
      ],
    }),
  );
  writeFileSync(
    join(remotesDir, 'catalog', '1.0.0', 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js' } },
      exposes: [
        { name: 'pages', assets: assetsOf(['pages.css'], ['__federation_expose_pages.js', '../escape.js']) },
        { name: 'QuickSearch', assets: assetsOf(['search.css'], ['2001.js', '__federation_expose_QuickSearch.js']) },
      ],
      shared: [
        { name: '@shop/ui/core', assets: assetsOf(['remote-core.css'], ['remote-core.js']) },
        { name: '@shop/ui/fields', assets: assetsOf(['fields.css'], ['fields.js']) },
      ],
    }),
  );

  writeFileSync(join(remotesDir, 'catalog', '1.0.0', 'pages.css'), '.grid{display:grid}');
  writeFileSync(join(shellDist, '191.core.css'), '.ui{color:red}');

  it('are the shell’s shared modules, and a remote’s entry and the modules the page rendered with', () => {
    const assets = pageAssets(remotesDir, shellDist);
    const manifest = 'https://everwear.example/remotes/catalog/1.0.0/mf-manifest.json';
    expect(assets.shellScripts()).toEqual(['/shell/696.react.js', '/shell/191.core.js', '/shell/293.184d7345.js']);
    // A name that is not a plain file of the version's folder is never linked.
    expect(assets.scripts('catalog', '1.0.0', manifest, ['pages'])).toEqual([
      'https://everwear.example/remotes/catalog/1.0.0/remoteEntry.js',
      'https://everwear.example/remotes/catalog/1.0.0/__federation_expose_pages.js',
    ]);
    expect(assets.scripts('catalog', '1.0.0', '/remotes/catalog/1.0.0/mf-manifest.json', ['QuickSearch'])).toEqual([
      '/remotes/catalog/1.0.0/remoteEntry.js',
      '/remotes/catalog/1.0.0/2001.js',
      '/remotes/catalog/1.0.0/__federation_expose_QuickSearch.js',
    ]);
    // The styles of the modules the page rendered with and the design-system groups the shell does
    // not provide; never the shell's copy. A file's text comes with it, to inline.
    expect(assets.styles('catalog', '1.0.0', manifest, ['pages'])).toEqual([
      {
        href: 'https://everwear.example/remotes/catalog/1.0.0/pages.css',
        name: 'pages.css',
        css: '.grid{display:grid}',
      },
      { href: 'https://everwear.example/remotes/catalog/1.0.0/fields.css', name: 'fields.css', css: undefined },
    ]);
    expect(assets.styles('catalog', '1.0.0', manifest, ['QuickSearch']).map((style) => style.name)).toEqual([
      'search.css',
      'fields.css',
    ]);
    expect(assets.shellStyles()).toEqual([
      { href: '/shell/191.core.css', name: '191.core.css', css: '.ui{color:red}' },
    ]);
    expect(assets.scripts('catalog', '9.9.9', manifest, ['pages'])).toEqual([]);
    expect(assets.scripts('../catalog', '1.0.0', manifest, ['pages'])).toEqual([]);
  });
});

describe('a server-rendered page’s styles, inline', () => {
  const style = (name: string, css?: string) => ({ href: `/x/${name}`, name, css });

  it('inlines stylesheets in order while they fit the budget, and links the rest', () => {
    expect(inlineWithin([style('a.css', 'aaaa'), style('b.css', 'bbbb'), style('c.css', 'c')], 6)).toEqual([
      style('a.css', 'aaaa'),
      { href: '/x/b.css', name: 'b.css' },
      { href: '/x/c.css', name: 'c.css' },
    ]);
  });

  it('moves only CSS that means the same inside the page', () => {
    expect(inlinableCss('.a{background:url("data:image/svg+xml,%3Csvg%3E")}')).toBeDefined();
    expect(inlinableCss('.a{background:url(/brand/x.svg)}')).toBeDefined();
    expect(inlinableCss('.a{background:url(./x.svg)}')).toBeUndefined();
    expect(inlinableCss("@font-face{src:url('font.woff2')}")).toBeUndefined();
    expect(inlinableCss('.a::after{content:"</style><script>"}')).toBeUndefined();
  });
});
