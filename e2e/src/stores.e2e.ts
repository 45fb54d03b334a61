import type { BrowserContextOptions, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { collectPageErrors } from './support/browser';
import { withShopAndBrowser } from './support/shop';

// The store locator needs only the gateway: its data set and ZIP table are local.
const env = withShopAndBrowser();

const openPage = async (options?: BrowserContextOptions) => (await env.browser.newContext(options)).newPage();
const results = (page: Page) => page.getByRole('region', { name: /^Stores near/ });
const stores = (page: Page) => results(page).getByRole('list').first().getByRole('listitem');
const pins = (page: Page) => page.getByRole('img', { name: /^Map of/ }).locator('[data-store-pin]');
/** Waits until the results for the search in the page URL are shown. */
const settle = (page: Page) => page.locator(`[data-ready-for="${new URL(page.url()).search.slice(1)}"]`).waitFor();
const announced = async (page: Page) => (await results(page).getByRole('status').textContent()) ?? '';
const distances = async (page: Page) =>
  (
    await stores(page)
      .getByText(/^\d+\.\d mi$/)
      .allTextContents()
  ).map((text) => Number.parseFloat(text));

async function expectResults(page: Page, brandName: string, radius: number) {
  const count = Number(/^(\d+) stores? within (\d+) miles of 10001$/.exec(await announced(page))?.[1]);
  expect(count).toBeGreaterThan(0);
  await expect(stores(page).count()).resolves.toBe(count);
  const miles = await distances(page);
  expect(miles).toHaveLength(count);
  expect(miles.every((d) => d <= radius)).toBe(true);
  expect([...miles].sort((a, b) => a - b)).toEqual(miles);
  const names = await stores(page).getByRole('heading').allTextContents();
  expect(names.every((name) => name.startsWith(`${brandName} — `))).toBe(true);
  expect(await pins(page).count()).toBe(count);
  return count;
}

describe('the store locator', () => {
  it.each([
    ['vanityfair', 'Vanity Fair'],
    ['everwear', 'Everwear'],
  ])(
    'on %s finds stores within 15 miles of a ZIP code, more within 300, with a pin for each',
    async (brand, brandName) => {
      const page = await openPage();
      const errors = collectPageErrors(page);
      await page.goto(env.shop.url(brand, '/stores'));
      await page.getByLabel('ZIP code').fill('10001');
      await page.getByRole('button', { name: 'Find stores' }).click();
      await page.waitForURL((url) => url.search === '?zip=10001&radius=15');
      await settle(page);
      const near = await expectResults(page, brandName, 15);

      await page.getByLabel('Search radius').selectOption('300');
      await page.waitForURL((url) => url.searchParams.get('radius') === '300');
      await settle(page);
      const wide = await expectResults(page, brandName, 300);
      expect(wide).toBeGreaterThan(near);
      const directions = stores(page)
        .first()
        .getByRole('link', { name: /^Directions to/ });
      await expect(directions.getAttribute('target')).resolves.toBe('_blank');
      await expect(directions.getAttribute('rel')).resolves.toContain('noopener');

      // The search is the URL: back shows the 15-mile list again, reload keeps it.
      await page.goBack();
      await page.waitForURL((url) => url.searchParams.get('radius') === '15');
      await settle(page);
      expect(await stores(page).count()).toBe(near);
      await expect(page.getByLabel('Search radius').inputValue()).resolves.toBe('15');
      await page.reload();
      await settle(page);
      expect(await stores(page).count()).toBe(near);
      if (brand === 'vanityfair') await expectAccessible(page);
      expect(errors).toEqual([]);
    },
  );

  it('searches around the shopper’s location when they share it', async () => {
    const page = await openPage({
      geolocation: { latitude: 41.8858, longitude: -87.6181 },
      permissions: ['geolocation'],
    });
    await page.goto(env.shop.url('hoopcraft', '/stores'));
    await page.getByRole('button', { name: 'Use my location' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('lat') === '41.886' && url.searchParams.get('lng') === '-87.618',
    );
    await settle(page);
    expect(await announced(page)).toMatch(/^\d+ stores? within 15 miles of your location$/);
    expect(await pins(page).count()).toBe(await stores(page).count());
    expect(await stores(page).count()).toBeGreaterThan(0);
  });

  it('explains a ZIP code that does not exist, and a five-digit rule before searching', async () => {
    const page = await openPage();
    await page.goto(env.shop.url('vanityfair', '/stores'));
    await page.getByLabel('ZIP code').fill('123');
    await page.getByRole('button', { name: 'Find stores' }).click();
    await expect(page.getByLabel('ZIP code').getAttribute('aria-invalid')).resolves.toBe('true');
    expect(new URL(page.url()).search).toBe('');
    await page.getByLabel('ZIP code').fill('00000');
    await page.getByRole('button', { name: 'Find stores' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'ZIP code 00000' }).textContent()).resolves.toBe(
      'We couldn’t find the ZIP code 00000. Check it and try again.',
    );
  });
});
