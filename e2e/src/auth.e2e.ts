import type { Page } from 'playwright-core';
import { collectPageErrors } from './support/browser';
import { withShopAndBrowser } from './support/shop';
import { eventually } from './support/eventually';

const env = withShopAndBrowser({ services: true });

/** The header's user icon (the footer has an Account link too). */
const userIcon = (page: Page, name: RegExp | string) =>
  page.getByRole('navigation', { name: 'Account and cart' }).getByRole('link', { name });

const session = (page: Page) =>
  page.evaluate(
    async () =>
      (await (await fetch('/api/auth/session')).json()) as null | {
        user: { id: string; email?: string; isLoggedIn: boolean };
      },
  );

async function waitForSession(page: Page, predicate: (s: Awaited<ReturnType<typeof session>>) => boolean) {
  return eventually(async () => {
    const current = await session(page);
    if (!predicate(current))
      throw new Error(`the expected session never appeared; the last one was ${JSON.stringify(current)}`);
    return current;
  });
}

describe('signing in and out in the browser', () => {
  it('gives a visitor a guest session, signs in with e-mail and password back to the page, and signs out', async () => {
    const page = await env.browser.newPage();
    const errors = collectPageErrors(page);
    await page.goto(env.shop.url('vanityfair', '/c/bras'));
    await page.locator('[data-remote="catalog"]').waitFor();
    const guest = await waitForSession(page, (s) => s !== null);
    expect(guest?.user.isLoggedIn).toBe(false);

    await userIcon(page, 'Sign in').click();
    const dialog = page.getByRole('dialog', { name: 'Sign in' });
    await dialog.getByLabel('E-mail address').fill('shopper@vanityfair.example');
    await dialog.getByLabel('Password').fill('Shopper-Pass-1');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/c/bras');
    await userIcon(page, /^Account/).waitFor();
    expect((await session(page))?.user).toMatchObject({ email: 'shopper@vanityfair.example', isLoggedIn: true });

    await userIcon(page, /^Account/).click();
    await page.getByText('Signed in as shopper@vanityfair.example').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await userIcon(page, 'Sign in').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows an error for a wrong password and sends signed-out visitors of /account to sign in', async () => {
    const page = await env.browser.newPage();
    const answer = await page.goto(env.shop.url('vanityfair', '/account/orders'));
    // The server's own redirect, not a page that goes elsewhere once its scripts have run.
    expect((await answer?.request().redirectedFrom()?.response())?.status()).toBe(302);
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('error') === 'SessionRequired');
    expect(new URL(page.url()).searchParams.get('callbackUrl')).toBe('/account/orders');
    await page.getByLabel('E-mail address').fill('shopper@vanityfair.example');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'not right' }).waitFor();
    await page.close();
  });

  it('signs in with Google and Facebook through the local OAuth2 provider, creating the customer once', async () => {
    await env.shop.setOAuthUser?.({
      sub: 'google-42',
      email: 'gabe@example.com',
      given_name: 'Gabe',
      family_name: 'Oogle',
      name: 'Gabe Oogle',
    });
    const google = async () => {
      const page = await env.browser.newPage();
      await page.goto(env.shop.url('vanityfair', '/login?callbackUrl=%2Flearn'));
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.waitForURL((url) => url.pathname === '/learn');
      await userIcon(page, /^Account/).waitFor();
      const current = await session(page);
      await page.close();
      return current;
    };
    const first = await google();
    expect(first?.user).toMatchObject({ email: 'gabe@example.com', isLoggedIn: true });
    const second = await google();
    expect(second?.user.id).toBe(first?.user.id);

    await env.shop.setOAuthUser?.({ sub: 'fb-9', email: 'fern@example.com', name: 'Fern Gully' });
    const page = await env.browser.newPage();
    await page.goto(env.shop.url('vanityfair', '/login?callbackUrl=%2Fstores'));
    await page.getByRole('button', { name: 'Continue with Facebook' }).click();
    await page.waitForURL((url) => url.pathname === '/stores');
    expect((await session(page))?.user).toMatchObject({ email: 'fern@example.com', isLoggedIn: true });
    await page.close();
  });
});
