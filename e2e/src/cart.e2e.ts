import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { collectPageErrors } from './support/browser';
import { eventually } from './support/eventually';
import { withShopAndBrowser } from './support/shop';
import { addFromProductPage, amount, countBecomes, press, productPages, signIn, welcomeCode } from './support/shopper';

const env = withShopAndBrowser({ services: true });

interface Bag {
  lines: Array<{ sku: string; quantity: number; name: string }>;
  itemCount: number;
  subtotal: { centAmount: number };
  total: { centAmount: number };
}

/** The bag as the gateway holds it, read from inside the page (its session cookie, its brand). */
const bagOf = (page: Page) => page.evaluate(async () => (await (await fetch('/api/cart')).json()) as Bag);

describe.each(['vanityfair', 'hoopcraft'])('the bag on %s', (brand) => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await env.browser.newContext();
    page = await context.newPage();
  });
  afterAll(() => context.close());

  it('adds two products from their pages, shows the count and the drawer, by keyboard', async () => {
    const errors = collectPageErrors(page);
    await page.goto(env.shop.url(brand, '/'));
    const [first, second] = await productPages(page, 2);
    expect(second).toBeDefined();

    const drawer = await addFromProductPage(page, (path) => env.shop.url(brand, path), first);
    await countBecomes(page, 1);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    // Focus goes back to where the shopper was.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add to bag');

    await addFromProductPage(page, (path) => env.shop.url(brand, path), second);
    await countBecomes(page, 2);
    expect((await bagOf(page)).lines.map((l) => l.sku).sort()).toEqual([first.sku, second.sku].sort());
    await press(page.getByRole('dialog', { name: 'Your bag' }).getByRole('link', { name: 'View bag' }));
    await page.waitForURL((url) => url.pathname === '/cart');
    await page.locator('[data-page="cart"] li[data-line-sku]').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('changes a quantity on /cart, removes a line and undoes it', async () => {
    const bag = await bagOf(page);
    const [a, b] = bag.lines;
    const lineA = page.locator(`li[data-line-sku="${a.sku}"]`);
    await press(lineA.getByRole('button', { name: 'One more' }));
    await countBecomes(page, 3);
    await eventually(async () => {
      const quantity = (await bagOf(page)).lines.find((l) => l.sku === a.sku)?.quantity;
      if (quantity !== 2) throw new Error(`quantity ${quantity}`);
    });
    expect(await lineA.getByRole('spinbutton').inputValue()).toBe('2');

    await press(page.getByRole('button', { name: `Remove ${b.name}` }));
    await page.locator(`li[data-line-sku="${b.sku}"]`).waitFor({ state: 'detached' });
    await countBecomes(page, 2);
    const undo = page.getByRole('button', { name: `Undo removing ${b.name}` });
    // Remove hands focus to Undo, so Enter alone brings the line back.
    expect(await undo.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator(`li[data-line-sku="${b.sku}"]`).waitFor();
    await countBecomes(page, 3);
    expect((await bagOf(page)).lines.find((l) => l.sku === b.sku)?.quantity).toBe(b.quantity);
    await expectAccessible(page);
  });

  it('refuses a bad promo code with a message, and a WELCOME code from the signup lowers the total', async () => {
    const field = page.getByRole('textbox', { name: 'Promo code' });
    await field.fill('NOT-A-CODE-1');
    await press(page.getByRole('button', { name: 'Apply' }));
    await eventually(async () => {
      if ((await field.getAttribute('aria-invalid')) !== 'true') throw new Error('no message yet');
    });
    const described = await field.evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
    expect(described).toMatch(/\S/);

    const before = await amount(page, 'total');
    const code = await welcomeCode(page);
    expect(code).toMatch(/-WELCOME-/);
    await field.fill(code);
    await press(page.getByRole('button', { name: 'Apply' }));
    await page.locator('[data-discount-code]').first().waitFor();
    await eventually(async () => {
      const after = await amount(page, 'total');
      if (!(after < before)) throw new Error(`total ${after} did not drop from ${before}`);
    });
    const bag = await bagOf(page);
    expect(bag.total.centAmount).toBeLessThan(bag.subtotal.centAmount);
    expect(await amount(page, 'discount')).toBeGreaterThan(0);
    await expectAccessible(page);
  });
});

describe('the bag across sign-in', () => {
  it('keeps the guest bag at sign-in and offers the customer’s older bag back', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    await page.goto(env.shop.url('everwear', '/login'));
    await signIn(page, 'shopper@everwear.example');
    await page.waitForURL((url) => url.pathname !== '/login');
    const [older, newer] = await productPages(page, 2);
    await addFromProductPage(page, (path) => env.shop.url('everwear', path), older);
    await countBecomes(page, 1);

    // Signing out starts an empty guest bag.
    await page.goto(env.shop.url('everwear', '/account'));
    await press(page.getByRole('button', { name: 'Sign out' }));
    await page.waitForURL((url) => url.pathname === '/');
    await countBecomes(page, 0);

    await addFromProductPage(page, (path) => env.shop.url('everwear', path), newer);
    await countBecomes(page, 1);
    await page.goto(env.shop.url('everwear', '/login?callbackUrl=%2Fcart'));
    await signIn(page, 'shopper@everwear.example');
    await page.waitForURL((url) => url.pathname === '/cart');
    await page.locator(`li[data-line-sku="${newer.sku}"]`).waitFor();
    const offer = page.getByRole('region', { name: 'Your bag from your last visit' });
    await offer.waitFor();
    await press(offer.getByRole('button', { name: 'Add them to this bag' }));
    await page.locator(`li[data-line-sku="${older.sku}"]`).waitFor();
    await offer.waitFor({ state: 'detached' });
    expect((await bagOf(page)).lines.map((l) => l.sku).sort()).toEqual([older.sku, newer.sku].sort());
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('cart templates', () => {
  it('sends a guest to sign in, then makes one cart from the template, however often the link opens', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(env.shop.url('hoopcraft', '/cart/create?cart=starter-kit'));
    await page.waitForURL((url) => url.pathname === '/login');
    await signIn(page, 'shopper@hoopcraft.example');
    // The template's cart has lines, so the shopper goes on to checkout.
    await page.waitForURL((url) => url.pathname === '/checkout');
    await page.locator('li[data-line-sku]').first().waitFor();
    const made = await bagOf(page);
    expect(made.lines).toHaveLength(3);

    await page.goto(env.shop.url('hoopcraft', '/cart/create?cart=starter-kit'));
    await page.waitForURL((url) => url.pathname === '/checkout');
    const second = await context.newPage();
    await second.goto(env.shop.url('hoopcraft', '/cart/create?cart=starter-kit'));
    await second.waitForURL((url) => url.pathname === '/checkout');
    expect(await bagOf(page)).toMatchObject({ itemCount: made.itemCount, lines: made.lines });

    await page.goto(env.shop.url('hoopcraft', '/cart/create?cart=no-such-kit'));
    await page.getByRole('heading', { name: 'This bag link is not valid' }).waitFor();
    await context.close();
  });
});
