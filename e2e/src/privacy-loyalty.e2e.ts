import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { collectPageErrors } from './support/browser';
import { ownVisa } from './support/cards';
import { placeSignedInOrder } from './support/checkout-journey';
import { eventually } from './support/eventually';
import { addFromProductPage, press, productPages, signIn } from './support/shopper';
import { OPS_API_KEY, withShopAndBrowser } from './support/shop';

const env = withShopAndBrowser({ services: true });

/** SPEC §9: the loyalty confirmation modal's delay. */
const LOYALTY_CONFIRMATION_DELAY_MS = 3000;

const trackingSession = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === 'sessionToken')?.value;
const recordsOf = (sessionToken: string | undefined): Array<Record<string, unknown>> => {
  let text = '';
  try {
    text = readFileSync(join(env.shop.dataDir, 'tracking.log'), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line).record)
    .filter((record) => record.sessionToken === sessionToken);
};
const dataLayerViews = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).filter(
      (entry) => entry.event === 'page_view',
    ),
  );
/**
 * The gateway appends tracking records in order through one stream: once a page view of a
 * fresh browser has landed, anything the opted-out browser had sent before would have too.
 */
async function afterLogSettles() {
  const control = await env.browser.newContext();
  const page = await control.newPage();
  await page.goto(env.shop.url('everwear', '/'));
  const token = await trackingSession(control);
  await eventually(() => expect(recordsOf(token).length).toBeGreaterThan(0));
  await control.close();
}

describe('privacy preferences on everwear', () => {
  it('with analytics switched off on the page, browsing a product records nothing and fills no data layer', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(env.shop.url('everwear', '/privacy/preferences'));
    const analytics = page.getByRole('checkbox', { name: /^Analytics/ });
    await expect(analytics.isChecked()).resolves.toBe(true);
    await expectAccessible(page);
    await analytics.uncheck();
    await page.getByRole('button', { name: 'Save preferences' }).click();
    await page.getByRole('status').filter({ hasText: 'Analytics is off' }).waitFor();
    const token = await trackingSession(context);
    // The preferences page's own view was recorded while analytics was still on.
    await eventually(() => expect(recordsOf(token).map((r) => r.event)).toEqual(['PAGE_VIEW']));

    const [product] = await productPages(page, 1);
    await page.goto(env.shop.url('everwear', product.url));
    await page.locator('[data-remote="catalog"][data-page="product"]').waitFor();
    expect(await dataLayerViews(page)).toEqual([]);
    await afterLogSettles();
    expect(recordsOf(token).map((r) => r.event)).toEqual(['PAGE_VIEW']);
    await context.close();
  });

  it('a browser with Global Privacy Control sees the opted-out state and is never tracked', async () => {
    const context = await env.browser.newContext({ extraHTTPHeaders: { 'Sec-GPC': '1' } });
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true, configurable: true }),
    );
    const page = await context.newPage();
    await page.goto(env.shop.url('everwear', '/privacy/preferences'));
    await page.getByText(/Global Privacy Control signal/).waitFor();
    const analytics = page.getByRole('checkbox', { name: /^Analytics/ });
    await expect(analytics.isChecked()).resolves.toBe(false);
    await expect(analytics.isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('checkbox', { name: /^Marketing/ }).isChecked()).resolves.toBe(false);
    await expectAccessible(page);

    const [product] = await productPages(page, 1);
    await page.goto(env.shop.url('everwear', product.url));
    await page.locator('[data-remote="catalog"][data-page="product"]').waitFor();
    expect(await dataLayerViews(page)).toEqual([]);
    const token = await trackingSession(context);
    await afterLogSettles();
    expect(recordsOf(token)).toEqual([]);
    await context.close();
  });
});

describe('rewards on everwear', () => {
  it('a customer joins from the account, sees the welcome dialog after the delay, orders, and finds the points earned on that order', async () => {
    const url = (path: string) => env.shop.url('everwear', path);
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(url('/login'));
    await signIn(page, 'shopper@everwear.example');
    await page.waitForURL((u) => u.pathname !== '/login');

    // The account overview invites the customer; the footer links to the page.
    await page.goto(url('/account'));
    const panel = page.getByRole('region', { name: 'Rewards' });
    await press(panel.getByRole('link', { name: 'Join Rewards' }));
    await page.waitForURL((u) => u.pathname === '/loyalty');
    await page.getByRole('heading', { name: 'Join Rewards' }).waitFor();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Rewards' }).count()).resolves.toBe(1);
    await expectAccessible(page);

    const joinedAt = Date.now();
    await press(page.getByRole('button', { name: 'Join Rewards' }));
    await expect(page.getByTestId('loyalty-balance').textContent()).resolves.toBe('1,000 points');
    const dialog = page.getByRole('dialog', { name: 'Welcome to Rewards' });
    await dialog.waitFor();
    expect(Date.now() - joinedAt).toBeGreaterThanOrEqual(LOYALTY_CONFIRMATION_DELAY_MS);
    await expectAccessible(page);
    await press(dialog.getByRole('button', { name: 'See my points' }));
    await dialog.waitFor({ state: 'detached' });

    const [product] = await productPages(page, 1);
    await addFromProductPage(page, url, product);
    const orderNumber = await placeSignedInOrder(page, url, ownVisa());
    await page.goto(url('/loyalty'));
    // The order's points wait until it ships: listed as pending, not yet in the spendable balance.
    const earned = page.getByRole('row', { name: new RegExp(`Pending until it ships: order ${orderNumber}`) });
    await earned.waitFor();
    const points = Number((await earned.locator('td').last().textContent())?.replace(/[^0-9]/g, ''));
    expect(points).toBeGreaterThan(0);
    await expect(page.getByTestId('loyalty-balance').textContent()).resolves.toBe('1,000 points');
    await expectAccessible(page);
    await press(earned.getByRole('link', { name: orderNumber }));
    await page.waitForURL((u) => u.pathname === `/account/orders/${orderNumber}`);

    // The overview shows the spendable balance (the order's points still pending); a brand without the
    // programme has neither the page's link nor the panel.
    await page.goto(url('/account'));
    await expect(page.getByTestId('account-points').textContent()).resolves.toBe('1,000 points');
    const other = await context.newPage();
    await other.goto(env.shop.url('vanityfair', '/'));
    await other.getByRole('contentinfo').waitFor();
    await expect(other.getByRole('contentinfo').getByRole('link', { name: 'Rewards' }).count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** The back office's flag routes, as a brand manager's tool calls them. */
async function ops(path: string, method = 'GET', body?: unknown) {
  const response = await fetch(env.shop.url(undefined, `/api/ops/flags${path}`), {
    method,
    headers: { authorization: `Bearer ${OPS_API_KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    version: number;
    changes?: Array<{ version: number; flag: string; reason: string }>;
  };
}
const rewards = (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: 'Rewards', exact: true });
/** Milliseconds until the footer's Rewards link is (or is no longer) there, without a reload; at most 5 s. */
async function until(page: Page, shown: boolean) {
  const started = Date.now();
  await rewards(page).waitFor({ state: shown ? 'visible' : 'detached', timeout: 5_000 });
  return Date.now() - started;
}

describe('rewards switched on while pages are open', () => {
  it('shows hoopcraft’s Rewards link within 5 s of a manager turning loyalty on, not vanityfair’s, and takes it away on rollback', async () => {
    const hoopcraft = await (await env.browser.newContext()).newPage();
    const vanityfair = await (await env.browser.newContext()).newPage();
    const errors = [...collectPageErrors(hoopcraft), ...collectPageErrors(vanityfair)];
    await hoopcraft.goto(env.shop.url('hoopcraft', '/'));
    await vanityfair.goto(env.shop.url('vanityfair', '/'));
    for (const page of [hoopcraft, vanityfair]) {
      await page.locator('html[data-interactive]').waitFor();
      expect(await rewards(page).count()).toBe(0);
    }

    const { version } = await ops('/hoopcraft');
    await ops('/hoopcraft/loyalty', 'PUT', { version, defaultVariant: 'on', reason: 'Rewards launch', actor: 'e2e' });
    expect(await until(hoopcraft, true)).toBeLessThan(5_000);
    expect(await rewards(vanityfair).count()).toBe(0);

    const { changes } = await ops('/hoopcraft/audit');
    expect(changes?.[0]).toMatchObject({ flag: 'loyalty', reason: 'Rewards launch' });
    const latest = await ops('/hoopcraft');
    await ops(`/hoopcraft/audit/${changes?.[0].version}/rollback`, 'POST', {
      version: latest.version,
      reason: 'Not yet',
      actor: 'e2e',
    });
    expect(await until(hoopcraft, false)).toBeLessThan(5_000);
    expect(errors).toEqual([]);
  });
});
