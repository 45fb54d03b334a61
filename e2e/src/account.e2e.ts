import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { collectPageErrors } from './support/browser';
import { eventually } from './support/eventually';
import { withShopAndBrowser } from './support/shop';
import { productPages } from './support/shopper';

const env = withShopAndBrowser({ services: true });

/** The header's user icon (the footer has an Account link too). */
const userIcon = (page: Page, name: RegExp | string) =>
  page.getByRole('navigation', { name: 'Account and cart' }).getByRole('link', { name });

/** The reset link of the newest reset e-mail to this address, as the mail catcher has it. */
const resetLinkFor = (email: string) =>
  eventually(async () => {
    const [mail] = ((await env.shop.mail?.(email)) ?? []).filter((m) => m.kind === 'password-reset');
    const link = /https?:\/\/[^\s\])]+\/password\/reset\?token=[^\s\])]+/.exec(mail?.text ?? '')?.[0];
    if (!link) throw new Error(`no reset e-mail for ${email} yet`);
    return new URL(link);
  });

let context: BrowserContext;
afterEach(() => context?.close());

describe('the account pages in the browser', () => {
  it.each(['vanityfair', 'rallyathletic'])(
    'on %s: registers, edits the profile, signs out, resets the password from the e-mail and signs in with it',
    async (brand) => {
      context = await env.browser.newContext();
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      const email = `journey-${brand}-${Date.now()}@example.com`;

      await page.goto(env.shop.url(brand, '/register'));
      await expectAccessible(page);
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Lovelace');
      await page.getByLabel('E-mail address').fill(email);
      await page.getByLabel('Password').fill('an analytical engine');
      await page.getByLabel(/E-mail me news and offers/).check();
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL((url) => url.pathname === '/account');
      await userIcon(page, 'Account of Ada').waitFor();

      await page.goto(env.shop.url(brand, '/account/profile'));
      const firstName = page.getByLabel('First name');
      await expect(firstName.inputValue()).resolves.toBe('Ada');
      await expect(page.getByLabel('E-mail me news and offers').isChecked()).resolves.toBe(true);
      await expectAccessible(page);
      await firstName.fill('Augusta');
      await page.getByRole('button', { name: 'Save details' }).click();
      await page.getByRole('status').filter({ hasText: 'Your details are saved.' }).waitFor();
      await userIcon(page, 'Account of Augusta').waitFor();

      await userIcon(page, 'Account of Augusta').click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await userIcon(page, 'Sign in').waitFor();

      await page.goto(env.shop.url(brand, '/password/forgot'));
      await expectAccessible(page);
      await page.getByLabel('E-mail address').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('status').filter({ hasText: 'If an account exists' }).waitFor();
      const link = await resetLinkFor(email);

      await page.goto(env.shop.url(brand, `${link.pathname}${link.search}`));
      await expectAccessible(page);
      await page.getByLabel('New password').fill('a difference engine');
      await page.getByRole('button', { name: 'Save and sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/account');
      await userIcon(page, 'Account of Augusta').waitFor();

      // The link works once; and the new password signs in.
      await page.goto(env.shop.url(brand, `${link.pathname}${link.search}`));
      await page.getByLabel('New password').fill('a third new passphrase');
      await page.getByRole('button', { name: 'Save and sign in' }).click();
      await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
      await userIcon(page, 'Account of Augusta').click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await userIcon(page, 'Sign in').waitFor();
      await page.goto(env.shop.url(brand, '/login'));
      await page.getByLabel('E-mail address').waitFor();
      await expectAccessible(page);
      await page.getByLabel('E-mail address').fill(email);
      await page.getByLabel('Password').fill('a difference engine');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL((url) => url.pathname === '/account');
      await userIcon(page, 'Account of Augusta').waitFor();
      expect(errors).toEqual([]);
    },
  );

  it('on everwear: login, register and forgot password open over a product page and close back to it', async () => {
    context = await env.browser.newContext();
    const page = await context.newPage();
    await page.goto(env.shop.url('everwear', '/'));
    const [product] = await productPages(page, 1);
    await page.goto(env.shop.url('everwear', product.url));
    await page.getByRole('button', { name: 'Add to bag' }).waitFor();

    await userIcon(page, 'Sign in').click();
    const login = page.getByRole('dialog', { name: 'Sign in' });
    await login.getByLabel('E-mail address').waitFor();
    await expectAccessible(page);
    await login.getByRole('link', { name: 'Create an account' }).click();
    const register = page.getByRole('dialog', { name: 'Create an account' });
    await register.getByLabel('First name').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    await expectAccessible(page);
    await register.getByRole('link', { name: 'Sign in' }).click();
    await login.getByRole('link', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot password' });
    await forgot.getByRole('button', { name: 'Send reset link' }).waitFor();
    await expectAccessible(page);
    // The product page stayed underneath all along, and closing returns to it.
    await page.getByRole('button', { name: 'Add to bag' }).waitFor({ state: 'attached' });
    await forgot.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((url) => url.pathname === product.url);
    // The dialog leaves with the render that follows the history change.
    await page.getByRole('dialog').first().waitFor({ state: 'detached' });
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Add to bag' }).waitFor();
  });
});
