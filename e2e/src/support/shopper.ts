import type { Locator, Page } from 'playwright-core';
import { eventually } from './eventually';

/** What a shopper does in the browser, shared by the bag and checkout journeys. */

/** Product pages of in-stock variants with room for several items, from the brand's own listing. */
export async function productPages(
  page: Page,
  count: number,
): Promise<Array<{ url: string; sku: string; name: string }>> {
  return page.evaluate(async (wanted) => {
    type Variant = { sku: string; available: number };
    const list = (await (await fetch('/api/products?limit=24')).json()) as {
      results: Array<{ masterStyle: string }>;
    };
    const found: Array<{ url: string; sku: string; name: string }> = [];
    for (const summary of list.results) {
      const detail = await (await fetch(`/api/products/${summary.masterStyle}`)).json();
      const variant = (detail.variants as Variant[]).find((v) => v.available >= 5);
      if (variant)
        found.push({ url: `${detail.url.replace(/[^/]+$/, '')}${variant.sku}`, sku: variant.sku, name: detail.name });
      if (found.length === wanted) break;
    }
    return found;
  }, count);
}

/** Presses a control with the keyboard: it takes focus, then Enter. */
export async function press(control: Locator, key = 'Enter') {
  await control.focus();
  await control.press(key);
}

export const bagButton = (page: Page) => page.locator('[data-remote-slot="mini-cart"]');
export const countOf = async (page: Page) => Number(await bagButton(page).getAttribute('data-cart-count'));
export async function countBecomes(page: Page, expected: number) {
  await eventually(async () => {
    const count = await countOf(page);
    if (count !== expected) throw new Error(`the bag shows ${count} items, not ${expected}`);
  });
}
export const amount = async (page: Page, name: string) =>
  Number(((await page.locator(`[data-amount="${name}"]`).textContent()) ?? '').replace(/[^0-9.]/g, ''));

/** Adds the product page's variant with the keyboard and waits for the drawer to show it. */
export async function addFromProductPage(
  page: Page,
  shopUrl: (path: string) => string,
  product: { url: string; sku: string },
) {
  await page.goto(shopUrl(product.url));
  const add = page.getByRole('button', { name: 'Add to bag' });
  await press(add);
  const drawer = page.getByRole('dialog', { name: 'Your bag' });
  await drawer.locator(`li[data-line-sku="${product.sku}"]`).waitFor();
  return drawer;
}

export async function signIn(page: Page, email: string) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill('Shopper-Pass-1');
  await press(page.getByRole('button', { name: 'Sign in' }));
}

/**
 * A WELCOME code from the footer's e-mail signup, as a shopper gets one: for `email` (a fresh
 * address when none is named). The code works only for a bag with that address, or none yet.
 */
export async function welcomeCode(
  page: Page,
  email = `cart-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
) {
  const footer = page.getByRole('contentinfo');
  await footer.getByLabel('E-mail for offers').fill(email);
  const signUp = footer.getByRole('button', { name: 'Sign me up' });
  await press(signUp);
  const code = footer.getByTestId('welcome-code');
  const retry = footer.getByText('We could not sign you up right now; please try again.');
  // The form asks the shopper to try again when the CRM or commerce is briefly unavailable (a cold
  // start on a busy machine); a shopper would, once.
  if (
    (await Promise.race([
      code.waitFor().then(
        () => 'code',
        () => 'none',
      ),
      retry.waitFor().then(
        () => 'retry',
        () => 'none',
      ),
    ])) === 'retry'
  )
    await press(signUp);
  await code.waitFor();
  return ((await code.textContent()) ?? '').trim();
}
