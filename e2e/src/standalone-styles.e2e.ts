import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { collectPageErrors } from './support/browser';
import { withShopAndBrowser } from './support/shop';
import { buildStandalone, serveStandalone } from './support/standalone';

const env = withShopAndBrowser({ services: true });
const BRAND = 'vanityfair';
/** Set UI_SHOTS_DIR to keep screenshots of both pages, in the shell and on their own, at phone and desktop widths. */
const SHOTS = process.env.UI_SHOTS_DIR;
const WIDTHS = [390, 1280];

const PROPERTIES = [
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'color',
  'background-color',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border-top-width',
  'border-top-color',
  'border-top-left-radius',
  'border-bottom-right-radius',
] as const;

const stylesOf = (locator: Locator) =>
  locator.evaluate(
    (element, names) => {
      const style = getComputedStyle(element);
      return Object.fromEntries(names.map((name) => [name, style.getPropertyValue(name)]));
    },
    PROPERTIES as unknown as string[],
  );

/** The elements compared on a page, found the same way in the shell and standalone. */
type Probes = (page: Page) => Record<string, Locator>;

const loginProbes: Probes = (page) => {
  const form = page.locator('[data-remote="account"][data-page="login"]');
  return {
    heading: form.getByRole('heading', { level: 1 }),
    label: form.locator('label', { hasText: 'E-mail address' }),
    input: form.getByLabel('E-mail address'),
    button: form.getByRole('button', { name: 'Sign in' }),
  };
};

const productProbes: Probes = (page) => {
  const product = page.locator('[data-remote="catalog"][data-page="product"]');
  return {
    heading: product.getByRole('heading', { level: 1 }),
    price: product.locator('.product__price').locator('.ui-price__sale, .ui-price').first(),
    label: product.locator('label', { hasText: 'Quantity' }),
    input: product.getByRole('spinbutton', { name: 'Quantity' }),
    button: product.getByRole('button', { name: 'Add to bag' }),
  };
};

async function measure(page: Page, probes: Probes) {
  const found = probes(page);
  const styles: Record<string, Record<string, string>> = {};
  for (const [name, locator] of Object.entries(found)) styles[name] = await stylesOf(locator);
  return styles;
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

describe('a remote run on its own looks as it does in the shell', () => {
  const builds: Record<string, string> = {};
  beforeAll(async () => {
    const [account, catalog] = await Promise.all([buildStandalone('mfe-account'), buildStandalone('mfe-catalog')]);
    Object.assign(builds, { account, catalog });
  }, 300_000);

  async function compare(
    remote: 'account' | 'catalog',
    path: string,
    ready: (page: Page) => Locator,
    probes: Probes,
    name: string,
  ) {
    const standalone = await serveStandalone(builds[remote], env.shop.url(BRAND));
    try {
      const shellPage = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
      const shellErrors = collectPageErrors(shellPage);
      await shellPage.goto(env.shop.url(BRAND, path));
      await ready(shellPage).waitFor();
      const inShell = await measure(shellPage, probes);
      await shoot(shellPage, `${name}-shell`);

      const ownPage = await env.browser.newPage({ viewport: { width: 1280, height: 900 } });
      const ownErrors = collectPageErrors(ownPage);
      await ownPage.goto(standalone.url(path));
      await ready(ownPage).waitFor();
      // The standalone page carries the same brand tokens as the shell's page.
      expect(
        await ownPage.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
        ),
      ).toBe(
        await shellPage.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
        ),
      );
      const onItsOwn = await measure(ownPage, probes);
      await shoot(ownPage, `${name}-standalone`);

      expect(onItsOwn).toEqual(inShell);
      // Themed, not browser defaults: the button has the brand's primary colour behind it.
      expect(inShell.button['background-color']).not.toBe('rgba(0, 0, 0, 0)');
      expect(shellErrors).toEqual([]);
      expect(ownErrors).toEqual([]);
      await shellPage.close();
      await ownPage.close();
    } finally {
      await standalone.close();
    }
  }

  it('the login form', async () => {
    await compare('account', '/login', (page) => page.getByRole('button', { name: 'Sign in' }), loginProbes, 'login');
  });

  it('a product page', async () => {
    const page = await env.browser.newPage();
    await page.goto(env.shop.url(BRAND, '/c/bras'));
    const href = await page
      .getByRole('region', { name: 'Products' })
      .locator('.product-card a')
      .first()
      .getAttribute('href');
    await page.close();
    expect(href).toMatch(/^\/p\/[^/]+\/[^/]+\/[^/]+$/);
    await compare(
      'catalog',
      href as string,
      (page) => page.getByRole('button', { name: 'Add to bag' }),
      productProbes,
      'product',
    );
  });

  /** How many of the page's stylesheets (linked or inline) have a rule for exactly `selector`, as the library writes it. */
  const sheetsWith = (page: Page, selector: string) =>
    page.evaluate(
      (wanted) =>
        Array.from(document.styleSheets).filter((sheet) =>
          Array.from(sheet.cssRules).some((rule) => rule instanceof CSSStyleRule && rule.selectorText === wanted),
        ).length,
      selector,
    );

  it('loads the design system’s styles once when pages of two remotes have been shown', async () => {
    const page = await env.browser.newPage();
    await page.goto(env.shop.url(BRAND, '/c/bras'));
    await page.locator('[data-remote="catalog"] .product-card').first().waitFor();
    await page.getByRole('navigation', { name: 'Account and cart' }).getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('dialog', { name: 'Sign in' }).getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await sheetsWith(page, '.ui-button--secondary')).toBe(1);
    expect(await sheetsWith(page, '.ui-field')).toBe(1);
    await page.close();
  });

  it('loads a group of the design system only on a page that renders it', async () => {
    const page = await env.browser.newPage();
    await page.goto(env.shop.url(BRAND, '/'));
    await page.locator('[data-remote="content"][data-page="home"]').waitFor();
    await page.waitForLoadState('networkidle');
    // The home page has buttons and cards, no quantity stepper and no dialog.
    expect(await sheetsWith(page, '.ui-button')).toBe(1);
    expect(await sheetsWith(page, '.ui-stepper')).toBe(0);
    expect(await sheetsWith(page, '.ui-dialog-backdrop')).toBe(0);
    const href = await page.locator('[data-remote="content"] .featured-product a').first().getAttribute('href');
    expect(href).toMatch(/^\/p\//);
    await page.goto(env.shop.url(BRAND, href as string));
    await page.getByRole('spinbutton', { name: 'Quantity' }).waitFor();
    expect(await sheetsWith(page, '.ui-stepper')).toBe(1);
    await page.close();
  });
});
