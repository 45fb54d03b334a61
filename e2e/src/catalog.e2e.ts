import type { Locator, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { collectPageErrors } from './support/browser';
import { withShopAndBrowser } from './support/shop';

const env = withShopAndBrowser({ services: true });

/** axe needs pages from a context of their own. */
const openPage = async () => (await env.browser.newContext()).newPage();
const cards = (page: Page) => page.getByRole('region', { name: 'Products' }).locator('.product-card');
/** Product URLs on the page: unique, unlike names (two products can share one). */
const cardLinks = (page: Page) =>
  cards(page)
    .locator('a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
const count = async (page: Page) =>
  Number(/(\d+)/.exec((await page.locator('.listing__count').textContent()) ?? '')?.[1]);
const prices = async (page: Page) =>
  (await cards(page).locator('.product-card__price').allTextContents()).map((text) =>
    Math.min(...[...text.matchAll(/\$([\d,.]+)/g)].map((m) => Number(m[1].replace(',', '')))),
  );
/** The first value of a filter group, and its name as the URL will carry it. */
const firstValue = async (within: Page | Locator, group: string) => {
  const box = within.getByRole('group', { name: group, exact: true }).getByRole('checkbox').first();
  const name = (await box.locator('xpath=..').textContent())?.replace(/\(\d+\)/, '').trim() ?? '';
  return { box, name };
};
/** Waits until the listing shows the results for the URL the page is on now. */
const settle = (page: Page) => {
  const url = new URL(page.url());
  return page.locator(`[data-ready-for="${`${url.pathname}${url.search}`.replace(/"/g, '\\"')}"]`).waitFor();
};

describe('browsing the catalog', () => {
  it.each([
    ['vanityfair', '/c/bras'],
    ['everwear', '/c/activewear'],
  ])('filters %s %s by size and colour, pages, and sorts by price', async (brand, path) => {
    const page = await openPage();
    const errors = collectPageErrors(page);
    await page.goto(env.shop.url(brand, path));
    await settle(page);
    const total = await count(page);
    expect(total).toBeGreaterThan(12);

    const { box: size, name: sizeName } = await firstValue(page, 'Size');
    await size.click();
    await page.waitForURL((url) => url.searchParams.getAll('size').includes(sizeName));
    await settle(page);
    const sized = await count(page);
    expect(sized).toBeLessThanOrEqual(total);

    const { box: colour, name: colourName } = await firstValue(page, 'Colour');
    await colour.click();
    await page.waitForURL((url) => url.searchParams.getAll('color').includes(colourName));
    await settle(page);
    expect(await count(page)).toBeLessThanOrEqual(sized);
    const urls = await cardLinks(page);
    for (const url of urls) {
      const style = url.split('/').at(-1);
      const detail = await page.evaluate(async (s) => (await fetch(`/api/products/${s}`)).json(), style);
      expect(
        detail.variants.some(
          (v: { attributes: Record<string, string> }) =>
            v.attributes.size === sizeName && v.attributes.color === colourName,
        ),
      ).toBe(true);
    }
    // A card of a filtered listing opens its product on the size and colour filtered by.
    await cards(page).first().locator('a').first().click();
    await page.waitForURL((url) => url.pathname === urls[0]);
    const sku = urls[0].split('/').at(-1);
    await page.locator(`input[type="radio"][value="${colourName}"]:checked`).waitFor({ state: 'attached' });
    const opened = await page.evaluate(async (s) => (await fetch(`/api/products/${s}`)).json(), sku);
    expect(
      opened.variants.find((v: { sku: string }) => v.sku === sku)?.attributes as Record<string, string>,
    ).toMatchObject({ size: sizeName, color: colourName });
    await page.goBack();
    await settle(page);
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.waitForURL((url) => url.pathname === path && url.search === '');
    await settle(page);

    const firstPage = await cardLinks(page);
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('offset') === '12');
    await settle(page);
    const secondPage = await cardLinks(page);
    expect(secondPage.some((card) => firstPage.includes(card))).toBe(false);
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('offset'));
    await settle(page);
    expect(await cardLinks(page)).toEqual(firstPage);

    await page.getByLabel('Sort by').selectOption('price-asc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-asc');
    await settle(page);
    const sorted = await prices(page);
    expect([...sorted].sort((a, b) => a - b)).toEqual(sorted);
    if (brand === 'vanityfair') await expectAccessible(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens a product, refuses a sold-out combination and switches the sku in the URL', async () => {
    const page = await openPage();
    await page.goto(env.shop.url('vanityfair', '/c/bras'));
    await settle(page);
    // A variant in stock next to a sold-out one (they differ in one option only).
    const target = await page.evaluate(async () => {
      type Variant = { sku: string; inStock: boolean; attributes: Record<string, string> };
      const list = await (await fetch('/api/products?category=bras&limit=48')).json();
      for (const summary of list.results) {
        const detail = await (await fetch(`/api/products/${summary.masterStyle}`)).json();
        const names: string[] = detail.options.map((o: { name: string }) => o.name);
        const differ = (a: Variant, b: Variant) => names.filter((n) => a.attributes[n] !== b.attributes[n]).length;
        for (const soldOut of detail.variants.filter((v: Variant) => !v.inStock)) {
          const neighbour = detail.variants.find((v: Variant) => v.inStock && differ(v, soldOut) === 1);
          if (neighbour) return `${detail.url.replace(/[^/]+$/, '')}${neighbour.sku}`;
        }
      }
      return undefined;
    });
    expect(target).toBeDefined();
    await page.goto(env.shop.url('vanityfair', target as string));
    await page.getByRole('button', { name: 'Add to bag' }).waitFor();
    expect(await page.getByRole('radio', { disabled: true }).count()).toBeGreaterThan(0);
    const before = new URL(page.url()).pathname;
    const enabled = page.locator('.option-picker input[type="radio"]:not([disabled]):not(:checked)');
    // A click, not check(): choosing may move to the nearest variant in stock, with other options changing too.
    await enabled.first().click({ force: true });
    await page.waitForURL((url) => url.pathname !== before);
    expect(new URL(page.url()).pathname.split('/').at(-1)).toMatch(/^\d+-[0-9A-F]{6}-/);
    const jsonLd = await page.locator('script[type="application/ld+json"]').textContent();
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({ '@type': 'Product', offers: expect.any(Array) });
    await page.getByRole('button', { name: 'Add to bag' }).click();
    await page.getByRole('dialog', { name: 'Your bag' }).locator('li[data-line-sku]').waitFor();
    await expectAccessible(page);
    await page.close();
  });

  it('serves a rallyathletic product under its /rr/p base path, rendered in full', async () => {
    const page = await openPage();
    const errors = collectPageErrors(page);
    await page.goto(env.shop.url('rallyathletic', '/rr'));
    // A product the catalog really has, as the brand's listing links it (the browser resolves *.localhost).
    const product = await page.evaluate(async () => {
      const listing = (await (await fetch('/api/products?limit=1')).json()) as {
        results: Array<{ name: string; url: string }>;
      };
      return listing.results[0];
    });
    expect(product.url).toMatch(/^\/rr\/p\//);
    await page.goto(env.shop.url('rallyathletic', product.url));
    // The rendered page, not its loading state: the product's own heading and the bag button.
    await page
      .locator('[data-remote="catalog"][data-page="product"]')
      .getByRole('heading', { level: 1, name: product.name })
      .waitFor();
    await page.getByRole('button', { name: 'Add to bag' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(product.url);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reaches a product from quick search with the keyboard only', async () => {
    const page = await openPage();
    await page.goto(env.shop.url('vanityfair', '/'));
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.focus();
    await page.keyboard.type('bra');
    // Wait for product suggestions, not just the "Search for" option.
    await page
      .getByRole('listbox', { name: 'Search suggestions' })
      .getByRole('option')
      .filter({ hasNotText: 'Search for' })
      .first()
      .waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/p/'));
    await page.getByRole('button', { name: 'Add to bag' }).waitFor();
    await page.close();
  });

  it('computes a size in the fit finder and lands on bras filtered by it', async () => {
    const page = await openPage();
    await page.goto(env.shop.url('vanityfair', '/find-your-fit'));
    await page.getByLabel(/^Underbust/).fill('33');
    await page.getByLabel(/^Bust/).fill('37');
    await page.getByRole('button', { name: 'Find my size' }).click();
    await page.getByText('Your size is 34C').waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Shop bras in 34C' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('bandSize') === '34' && url.searchParams.get('cupSize') === 'C',
    );
    await page
      .getByRole('group', { name: 'Applied filters' })
      .getByRole('button', { name: 'Remove filter 34' })
      .waitFor();
    await page.close();
  });

  it('has accessible search and size-guide pages, and a 404 for a product that does not exist', async () => {
    const page = await openPage();
    await page.goto(env.shop.url('vanityfair', '/c?q=lace'));
    await settle(page);
    await expectAccessible(page);
    // A search with no results offers the categories whose names match.
    await page.goto(env.shop.url('vanityfair', '/c?q=shapewear%20zzzz'));
    await page.getByRole('list', { name: 'Matching categories' }).getByRole('link', { name: 'Shapewear' }).waitFor();
    await page.goto(env.shop.url('vanityfair', '/size-guide/bras'));
    await page.getByRole('table').waitFor();
    await page.getByLabel('Centimetres').check();
    await page.getByRole('table').getByText('81–84').waitFor();
    await expectAccessible(page);
    await page.goto(env.shop.url('vanityfair', '/p/bras/nothing/NOPE9999'));
    await page.getByRole('heading', { name: 'We can’t find that product' }).waitFor();
    await page.close();
  });
  it('on a phone fits the header on one line, puts the first products on the first screen and filters in a drawer', async () => {
    const context = await env.browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(env.shop.url('hoopcraft', '/c/apparel'));
    await settle(page);
    // Logo, search button, account and bag share one row; the search opens on demand.
    const header = page.locator('header');
    const rows = await Promise.all(
      [
        header.getByRole('link', { name: /home$/ }),
        header.getByRole('button', { name: 'Search' }),
        header.getByRole('link', { name: 'Sign in' }),
        page.locator('[data-remote-slot="mini-cart"]'),
      ].map(async (item) => {
        const box = await item.boundingBox();
        return box && Math.round(box.y + box.height / 2);
      }),
    );
    expect(new Set(rows).size).toBe(1);
    expect(await page.getByRole('combobox', { name: /Search/ }).isVisible()).toBe(false);
    await header.getByRole('button', { name: 'Search' }).click();
    await page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'combobox');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await header.getByRole('button', { name: 'Search', expanded: false }).waitFor();
    expect(await page.getByRole('complementary', { name: 'Filters' }).isVisible()).toBe(false);
    const first = await cards(page).first().boundingBox();
    expect(first && first.y + 100).toBeLessThan(780);
    const total = await count(page);

    await page.getByRole('button', { name: 'Filters' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    const { box: size, name: sizeName } = await firstValue(drawer, 'Size');
    await size.click();
    await page.waitForURL((url) => url.searchParams.getAll('size').includes(sizeName));
    await settle(page);
    const sized = await count(page);
    expect(sized).toBeLessThanOrEqual(total);
    // Focus stays in the drawer with the filter just chosen, and the apply button names the new count.
    expect(await size.evaluate((box) => box === document.activeElement)).toBe(true);
    await drawer.getByRole('button', { name: `Show ${sized} ${sized === 1 ? 'result' : 'results'}` }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
    expect(await count(page)).toBe(sized);
    await expectAccessible(page);
    // The product opens on the size filtered by.
    await cards(page).first().locator('a').first().click();
    await page.getByRole('radio', { name: sizeName, exact: true, checked: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
