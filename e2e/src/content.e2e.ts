import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMAIL_SIGNUP_MODAL_DELAY_MS } from '@shop/contracts/browser';
import type { Locator, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { collectPageErrors } from './support/browser';
import { eventually } from './support/eventually';
import { firstVisitContext, withShopAndBrowser } from './support/shop';

const env = withShopAndBrowser({ services: true });

const openPage = async () => (await env.browser.newContext()).newPage();
const api = <T>(page: Page, path: string) => page.evaluate(async (p) => (await fetch(p)).json(), path) as Promise<T>;
const articleCount = async (page: Page) =>
  Number(/(\d+)/.exec((await page.getByTestId('article-count').textContent()) ?? '')?.[1]);
const TOPICS = [
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
/**
 * A first visit with fake timers: time runs while the page loads and the signup prompt wakes up
 * (its module loads once the browser is idle), then stops. The page's timers of the prompt's
 * delay are recorded as they are set, so the result says when, on the page's clock, the prompt's
 * 5 s began: the test moves the clock from there instead of guessing how long the page took to
 * run the prompt's code after it arrived.
 */
async function firstVisit(
  brand: string,
  path: string,
  ready: (page: Page) => Locator = (page) => page.getByTestId('article-count'),
  viewport?: { width: number; height: number },
) {
  const context = await firstVisitContext(env.browser, viewport ? { viewport } : undefined);
  await context.clock.install();
  // After the clock's own script: this wraps the page's (fake) setTimeout.
  await context.addInitScript((delay: number) => {
    const set = window.setTimeout.bind(window);
    const started: number[] = [];
    window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
      if (timeout === delay) started.push(Date.now());
      return set(handler, timeout, ...args);
    }) as typeof window.setTimeout;
    Object.defineProperty(window, '__delayTimers', { value: started });
  }, EMAIL_SIGNUP_MODAL_DELAY_MS);
  const page = await context.newPage();
  await page.goto(env.shop.url(brand, path));
  await ready(page).waitFor();
  const startedAt = await eventually(
    async () => {
      const at = await page.evaluate(() => (window as unknown as { __delayTimers: number[] }).__delayTimers.at(-1));
      if (at === undefined) throw new Error('the signup prompt never started its timer');
      return at;
    },
    { timeoutMs: 30_000, intervalMs: 100 },
  );
  const now = (await page.evaluate(() => Date.now())) + 250;
  await page.clock.pauseAt(now);
  // How long until the prompt's timer is due (negative: the machine was slow enough that it has passed).
  return { context, page, dueIn: startedAt + EMAIL_SIGNUP_MODAL_DELAY_MS - now };
}
const WELCOME = /^[A-Z]{2,4}-WELCOME-(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])-[0-9A-HJKMNP-TV-Z]{6}$/;

describe('brand home pages', () => {
  it.each(['vanityfair', 'everwear', 'rallyathletic', 'hoopcraft'])(
    '%s shows its own hero, nav and real featured products',
    async (brand) => {
      const page = await openPage();
      const errors = collectPageErrors(page);
      await page.goto(env.shop.url(brand, '/'));
      const hero = page.getByTestId('hero');
      await hero.waitFor();
      const home = await api<{ hero: { title: string }; featuredProducts: { category: string } }>(
        page,
        '/api/content/home',
      );
      await expect(hero.getByRole('heading', { level: 2 }).textContent()).resolves.toBe(home.hero.title);

      const nav = await api<{ links: Array<{ label: string }> }>(page, '/api/content/nav');
      const shown = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
      expect(shown).toEqual(nav.links.map((link) => link.label));

      const products = page.getByTestId('featured-products').locator('.featured-product a');
      await products.first().waitFor();
      const links = await products.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
      const listing = await api<{ results: Array<{ url: string }> }>(
        page,
        `/api/products?category=${home.featuredProducts.category}&limit=${links.length}`,
      );
      expect(links).toEqual(listing.results.map((product) => product.url));
      await page.getByRole('contentinfo').getByRole('list', { name: 'Follow us' }).waitFor();
      expect(errors).toEqual([]);
    },
  );

  it('gives the athletic brand its /rr variant home and the lingerie home the alternative header', async () => {
    const page = await openPage();
    await page.goto(env.shop.url('rallyathletic', '/rr'));
    await page.getByTestId('hero').waitFor();
    const variant = await api<{ hero: { title: string } }>(page, '/api/content/home/rr');
    await expect(page.getByTestId('hero').getByRole('heading').textContent()).resolves.toBe(variant.hero.title);

    await page.goto(env.shop.url('vanityfair', '/'));
    await page.getByTestId('hero').waitFor();
    await expect(page.locator('header').getAttribute('data-header-style')).resolves.toBe('alternative');
    await page.goto(env.shop.url('vanityfair', '/learn'));
    await expect(page.locator('header').getAttribute('data-header-style')).resolves.toBe('standard');
  });

  it('has no serious accessibility violations on the home page', async () => {
    const page = await openPage();
    await page.goto(env.shop.url('hoopcraft', '/'));
    await page.getByTestId('featured-products').locator('.featured-product').first().waitFor();
    await expectAccessible(page);
  });
});

describe('content paths on catalog pages', () => {
  it('shows the p, find-your-fit and size-guide notes from the brand content', async () => {
    const page = await openPage();
    await page.goto(env.shop.url('vanityfair', '/find-your-fit'));
    const listing = await api<{ results: Array<{ url: string }> }>(page, '/api/products?category=bras&limit=1');
    for (const [path, url, label] of [
      ['p', listing.results[0].url, 'Shipping and returns'],
      ['find-your-fit', '/find-your-fit', 'Fit advice'],
      ['size-guide', '/size-guide/bras', 'Measuring tips'],
    ]) {
      await page.goto(env.shop.url('vanityfair', url));
      const notes = page.getByRole('complementary', { name: label });
      await notes.getByRole('heading').first().waitFor();
      const content = await api<{ blocks: Array<{ title: string }> }>(page, `/api/content/${path}`);
      await expect(notes.getByRole('heading').allTextContents()).resolves.toEqual(
        content.blocks.map((block) => block.title),
      );
    }
  });
});

describe('the blog', () => {
  it('filters articles with ?q=, pages them, and renders an article with related reading', async () => {
    const page = await openPage();
    const errors = collectPageErrors(page);
    await page.goto(env.shop.url('everwear', '/learn'));
    await page.getByTestId('article-count').waitFor();
    const all = await articleCount(page);
    expect(all).toBeGreaterThanOrEqual(8);
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Search articles' }).fill('wash');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'wash');
    await page.locator('[data-ready-for="q=wash"]').waitFor();
    const washing = await articleCount(page);
    expect(washing).toBeGreaterThan(0);
    expect(washing).toBeLessThan(all);

    await page.goto(env.shop.url('everwear', '/learn?q=zzzqqq'));
    await page.locator('[data-ready-for="q=zzzqqq"]').waitFor();
    expect(await articleCount(page)).toBe(0);

    await page.goto(env.shop.url('everwear', '/learn'));
    await page.getByRole('navigation', { name: 'Article pages' }).getByRole('link', { name: 'Page 2' }).click();
    await page.locator('[data-ready-for="offset=6"]').waitFor();

    const first = page.locator('.article-card__title a').first();
    const title = await first.textContent();
    await first.click();
    await page.getByRole('heading', { level: 1, name: title ?? '' }).waitFor();
    await page.locator('.prose h2').first().waitFor();
    await expect(page.locator('.article__meta').textContent()).resolves.toMatch(/\d+ min read/);
    await page.getByRole('region', { name: 'Related reading' }).getByRole('link').first().waitFor();
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld).toMatchObject({ '@type': 'Article', headline: title });
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });
});

describe('customer service', () => {
  it('renders all twelve pages with the service hours', async () => {
    const page = await openPage();
    const errors = collectPageErrors(page);
    for (const topic of TOPICS) {
      await page.goto(env.shop.url('vanityfair', `/customer-service/${topic}`));
      const content = page.locator(`[data-page="customer-service-${topic}"]`);
      await content.locator('.prose').first().waitFor();
      const expected = await api<{ title: string }>(page, `/api/content/customer-service/${topic}`);
      await expect(content.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(expected.title);
      await expect(page.getByTestId('service-hours').textContent()).resolves.toBe('Mon-Fri 8am-6pm CT');
    }
    expect(errors).toEqual([]);
  });

  it('shows the FAQ as an accordion with a search', async () => {
    const page = await openPage();
    await page.goto(env.shop.url('hoopcraft', '/customer-service/faqs'));
    const questions = page.locator('.faq__question button');
    await questions.first().waitFor();
    const total = await questions.count();
    expect(total).toBeGreaterThanOrEqual(10);
    const first = questions.first();
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('false');
    await first.click();
    await expect(first.getAttribute('aria-expanded')).resolves.toBe('true');
    const panel = page.locator(`#${await first.getAttribute('aria-controls')}`);
    await expect(panel.isVisible()).resolves.toBe(true);
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Search the FAQs' }).fill('return');
    await expect(page.getByTestId('faq-count').textContent()).resolves.toMatch(/of \d+ questions match/);
    const matching = await questions.count();
    expect(matching).toBeGreaterThan(0);
    expect(matching).toBeLessThan(total);
  });
});

describe('e-mail signup', () => {
  it('opens the modal once, 5 s into a first visit, and a signup returns a WELCOME code', async () => {
    const { context, page, dueIn } = await firstVisit('everwear', '/learn');
    const dialog = page.getByRole('dialog');
    // Half a second before the 5 s are up it is not there yet (unless the page alone took that long).
    if (dueIn > 500) {
      await page.clock.runFor(dueIn - 500);
      await expect(dialog.count()).resolves.toBe(0);
      await page.clock.runFor(1000);
    } else await page.clock.runFor(Math.max(dueIn, 0) + 500);
    await dialog.waitFor();

    const email = `signup-${Date.now()}@example.com`;
    await dialog.getByLabel('E-mail for offers').fill(email);
    await dialog.getByRole('button', { name: 'Sign me up' }).click();
    const code = (await dialog.getByTestId('welcome-code').textContent()) ?? '';
    expect(code).toMatch(WELCOME);
    expect(code.startsWith('EW-WELCOME-')).toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.clock.resume();
    await page.reload();
    await page.getByTestId('article-count').waitFor();
    await page.clock.runFor(10_000);
    await expect(dialog.count()).resolves.toBe(0);

    // The footer form: the same e-mail again is answered gracefully, without showing the code.
    const footer = page.getByRole('contentinfo');
    await footer.getByLabel('E-mail for offers').fill(email);
    await footer.getByRole('button', { name: 'Sign me up' }).click();
    await expect(footer.getByTestId('signup-result').textContent()).resolves.toMatch(/already/);
    await expect(footer.getByTestId('signup-result').textContent()).resolves.not.toContain(code);

    const events = readFileSync(join(env.shop.dataDir, 'tracking.log'), 'utf8');
    expect(events).toMatch(/"event":"EMAIL"/);
    await context.close();
  });

  it('never opens on the bag, nor over the phone’s filter drawer, and waits for a quiet moment on a browsing page', async () => {
    const bag = await firstVisit('vanityfair', '/cart', (page) => page.getByRole('heading', { level: 1 }), {
      width: 390,
      height: 844,
    });
    await bag.page.clock.runFor(Math.max(bag.dueIn, 0) + 10_000);
    await expect(bag.page.getByRole('dialog').count()).resolves.toBe(0);
    await bag.context.close();

    const { context, page, dueIn } = await firstVisit(
      'vanityfair',
      '/c/bras',
      (p) => p.getByRole('button', { name: 'Filters' }),
      {
        width: 390,
        height: 844,
      },
    );
    await page.clock.resume();
    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.waitFor();
    await page.clock.runFor(Math.max(dueIn, 0) + 10_000);
    await expect(page.getByRole('dialog').count()).resolves.toBe(1);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    // Once the drawer is closed and the shopper has been still for a moment, the prompt opens.
    await page.clock.runFor(4000);
    await page.getByRole('dialog', { name: /15% off/ }).waitFor();
    await context.close();
  });

  it('waits while another modal is open', async () => {
    const { context, page } = await firstVisit('vanityfair', '/learn');
    // Time runs again while the sign-in modal loads; its 5 s then pass with it open.
    await page.clock.resume();
    await page.getByRole('navigation', { name: 'Account and cart' }).getByRole('link', { name: 'Sign in' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign in' });
    await signIn.waitFor();
    await page.clock.runFor(6000);
    await expect(page.getByRole('dialog').count()).resolves.toBe(1);
    await signIn.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog', { name: /15% off/ }).waitFor();
    await context.close();
  });
});
