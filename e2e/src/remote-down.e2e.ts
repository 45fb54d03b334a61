import { collectPageErrors } from './support/browser';
import { withShopAndBrowser } from './support/shop';

const env = withShopAndBrowser();

describe('a remote that is down', () => {
  it('shows a contained fallback with a retry while the chrome and other remotes keep working', async () => {
    const page = await env.browser.newPage();
    const errors = collectPageErrors(page);
    // Stop serving every file of the catalog remote.
    const blocked = '**/remotes/catalog/**';
    await page.route(blocked, (route) => route.fulfill({ status: 404, body: 'gone' }));

    await page.goto(env.shop.url('hoopcraft', '/c/basketballs'));
    const fallback = page.locator('[data-remote-fallback="catalog"]');
    await fallback.waitFor();
    await fallback.getByRole('button', { name: 'Try again' }).waitFor();
    await page.getByRole('img', { name: 'Hoopcraft' }).waitFor();
    await page.getByRole('contentinfo').waitFor();
    // The header's search slot falls back to a plain search form.
    await page.getByRole('searchbox', { name: 'Search products' }).waitFor();

    await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
    await page.locator('[data-remote="content"][data-page="learn"]').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Basketballs' }).click();
    await fallback.waitFor();

    // Files are back: retry loads the remote in place, without a page reload.
    await page.unroute(blocked);
    await fallback.getByRole('button', { name: 'Try again' }).click();
    await page.locator('[data-remote="catalog"][data-page="category"]').waitFor();
    expect(await fallback.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
