import { expectAccessible } from './support/a11y';
import { collectPageErrors } from './support/browser';
import { eventually } from './support/eventually';
import { withShopAndBrowser } from './support/shop';
import { addFromProductPage, amount, press, productPages, signIn } from './support/shopper';

const env = withShopAndBrowser({ services: true });

describe('identity verification (ID.me)', () => {
  it('on everwear a customer verifies as military through the provider, gets a code and takes it off the bag', async () => {
    const context = await env.browser.newContext();
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const at = (path: string) => env.shop.url('everwear', path);

    await page.goto(at('/login'));
    await signIn(page, 'shopper@everwear.example');
    await page.waitForURL((url) => url.pathname === '/account');
    const panel = page.getByRole('region', { name: 'Verified discounts' });
    await panel.waitFor();
    await expectAccessible(page);

    await panel.getByLabel('Your group').selectOption('military');
    await press(panel.getByRole('link', { name: 'Verify with ID.me' }));
    // The provider's own page, on its own origin.
    await page.getByRole('heading', { name: 'Verify your identity' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/oauth/authorize');
    await expect(page.getByLabel('Community').inputValue()).resolves.toBe('military');
    await expectAccessible(page);
    await page.getByLabel('E-mail address').fill('shopper@everwear.example');
    await press(page.getByRole('button', { name: 'Verify and continue' }));

    await page.waitForURL((url) => url.pathname === '/account' && url.searchParams.get('idme') === 'verified');
    const code = (await page.getByTestId('idme-code').textContent()) ?? '';
    expect(code).toMatch(/^IDME-MILITARY-/);
    await page.getByText('Verified: Military').waitFor();
    await expectAccessible(page);

    const [product] = await productPages(page, 1);
    await addFromProductPage(page, at, product);
    await page.goto(at('/cart'));
    const before = await amount(page, 'total');
    await page.getByRole('textbox', { name: 'Promo code' }).fill(code.toLowerCase());
    await press(page.getByRole('button', { name: 'Apply' }));
    await page.locator('[data-discount-code]').first().waitFor();
    await eventually(async () => {
      const after = await amount(page, 'total');
      if (!(after < before)) throw new Error(`total ${after} did not drop from ${before}`);
    });
    expect(await amount(page, 'discount')).toBeGreaterThan(0);
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
