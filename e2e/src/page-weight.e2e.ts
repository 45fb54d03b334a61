import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { collectPageErrors } from './support/browser';
import { root, withShopAndBrowser } from './support/shop';

/**
 * What a first visit costs on each brand's home, first category and that category's first
 * product: the gzip JavaScript fetched until the page is ready, against e2e/page-budgets.json,
 * and the layout shift a PerformanceObserver records at a phone's and a desktop's width.
 * Lighthouse (`npm run bench -- lighthouse`) measures the timings; this checks what is deterministic.
 */
const budgets = JSON.parse(readFileSync(join(root, 'e2e', 'page-budgets.json'), 'utf8')) as {
  firstLoadGzipKiB: Record<Kind, number>;
  layoutShift: number;
};
type Kind = 'home' | 'category' | 'product';

const env = withShopAndBrowser({ services: true });
const BRANDS = ['vanityfair', 'everwear', 'rallyathletic', 'hoopcraft'];
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
/** What shows once each kind of page has its content. */
const READY: Record<Kind, string> = {
  home: '[data-remote="content"] h1',
  category: '[data-ready-for]',
  product: '[data-remote="catalog"][data-page="product"] h1',
};

/** Records layout shifts from the first paint on, as the CLS metric counts them. */
const RECORD_SHIFTS = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) window.__shifts.push({
        value: entry.value,
        startTime: entry.startTime,
        sources: (entry.sources || []).map((s) => {
          const node = s.node;
          if (!node || node.nodeType !== 1) return String(node && node.nodeName);
          const area = node.closest('[data-remote-area]');
          return node.tagName.toLowerCase() + (node.className ? '.' + String(node.className).split(' ').join('.') : '') +
            (area ? ' in ' + area.getAttribute('data-remote-area') : '') +
            ' moved ' + Math.round(s.currentRect.y - s.previousRect.y) + ' px down, ' + Math.round(s.currentRect.x - s.previousRect.x) + ' px right';
        }),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
`;

interface Shift {
  value: number;
  startTime: number;
  sources: string[];
}

/** CLS: the largest burst of shifts less than 1 s apart and within 5 s. */
function cumulativeLayoutShift(shifts: Shift[]): number {
  let worst = 0;
  let window = 0;
  let first = 0;
  let last = 0;
  for (const shift of shifts) {
    if (window > 0 && (shift.startTime - last > 1000 || shift.startTime - first > 5000)) window = 0;
    if (window === 0) first = shift.startTime;
    window += shift.value;
    last = shift.startTime;
    worst = Math.max(worst, window);
  }
  return worst;
}

interface Visit {
  gzipKiB: number;
  cls: number;
  shifts: Shift[];
  errors: string[];
}

async function visit(browser: Browser, url: string, kind: Kind, viewport: (typeof VIEWPORTS)[number]): Promise<Visit> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(RECORD_SHIFTS);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  const scripts: Array<Promise<Buffer>> = [];
  // The first load ends when the network goes quiet: what a page fetches later on purpose (the
  // live flags client, seconds after it opened) is not part of it.
  let firstLoad = true;
  page.on('response', (response) => {
    if (firstLoad && response.request().resourceType() === 'script')
      scripts.push(response.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.locator(READY[kind]).first().waitFor();
  await page.waitForLoadState('networkidle');
  firstLoad = false;
  // Late shifts count too: images, the session and the bag settle after the content shows.
  await page.waitForTimeout(500);
  const shifts = (await page.evaluate('window.__shifts')) as Shift[];
  const bodies = await Promise.all(scripts);
  await context.close();
  return {
    gzipKiB: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024,
    cls: cumulativeLayoutShift(shifts),
    shifts,
    errors,
  };
}

async function pagesOf(brand: string): Promise<Record<Kind, string>> {
  // Asked from the brand's own origin in the browser: the brand is the host, which Node cannot resolve.
  const page = await env.browser.newPage();
  await page.goto(env.shop.url(brand, '/healthz'));
  const api = <T>(path: string): Promise<T> =>
    page.evaluate(async (url) => (await fetch(url)).json(), path) as Promise<T>;
  const { categories } = await api<{ categories: Array<{ path: string }> }>('/api/categories');
  const { results } = await api<{ results: Array<{ url: string }> }>(
    `/api/products?category=${encodeURIComponent(categories[0].path)}&limit=1`,
  );
  await page.close();
  return { home: '/', category: `/c/${categories[0].path}`, product: results[0].url };
}

const figures: string[] = [];
afterAll(() => console.log(`First load and layout shift:\n${figures.join('\n')}`));

describe.each(BRANDS)('%s', (brand) => {
  it.each(['home', 'category', 'product'] as Kind[])(
    'the %s page stays within its JavaScript budget and does not shift',
    async (kind) => {
      const path = (await pagesOf(brand))[kind];
      for (const viewport of VIEWPORTS) {
        const result = await visit(env.browser, env.shop.url(brand, path), kind, viewport);
        figures.push(
          `  ${brand.padEnd(14)} ${kind.padEnd(9)} ${String(viewport.width).padStart(4)} px  ${result.gzipKiB.toFixed(1).padStart(6)} KiB gzip JS  CLS ${result.cls.toFixed(3)}`,
        );
        expect(result.errors).toEqual([]);
        // A shift names what moved, so a failure says where to look.
        expect({
          viewport: viewport.width,
          cls: result.cls <= budgets.layoutShift ? 'within budget' : result.shifts,
        }).toEqual({
          viewport: viewport.width,
          cls: 'within budget',
        });
        expect(result.gzipKiB).toBeLessThanOrEqual(budgets.firstLoadGzipKiB[kind]);
      }
    },
  );
});
