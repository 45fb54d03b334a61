import { collectPageErrors } from './support/browser';
import { withShopAndBrowser } from './support/shop';

const env = withShopAndBrowser();

/** Strings that only the shared libraries' own code contains. */
const MARKERS = {
  react: 'react.transitional.element',
  'react-dom': '__REACT_DEVTOOLS_GLOBAL_HOOK__',
  redux: '@@redux/INIT',
  'react-router': 'may be used only in the context of a <Router> component',
  'rtk-query': 'reducerPath',
};

describe('shared singletons', () => {
  it('renders hook-using remote components with the shell’s React and downloads each singleton once', async () => {
    const page = await env.browser.newPage();
    const errors = collectPageErrors(page);
    const scripts: Array<{ url: string; body: string }> = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push({ url: response.url(), body: await response.text() });
    });
    await page.goto(env.shop.url('everwear', '/c/underwear'));
    await page.locator('[data-remote="catalog"][data-page="category"]').waitFor();
    await page.locator('[data-remote-slot="mini-cart"]').waitFor();

    // The quick search (catalog remote, in the shell's header) keeps its text in useState and
    // navigates with the shell's router: with a second React this would throw "Invalid hook call".
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.fill('sports bra');
    await page.getByRole('option', { name: 'Search for “sports bra”' }).click();
    await page.getByRole('heading', { name: 'Results for “sports bra”' }).waitFor();
    await page.waitForLoadState('networkidle');

    const remoteScripts = scripts.filter((s) => s.url.includes('/remotes/'));
    expect(remoteScripts.length).toBeGreaterThan(0);
    // Each shared library arrived with the shell, and no remote downloaded its own copy.
    for (const [library, marker] of Object.entries(MARKERS)) {
      const carriers = scripts.filter((s) => s.body.includes(marker)).map((s) => new URL(s.url).pathname);
      expect({ library, fromShell: carriers.some((path) => path.startsWith('/shell/')) }).toEqual({
        library,
        fromShell: true,
      });
      expect({ library, fromRemotes: carriers.filter((path) => path.startsWith('/remotes/')) }).toEqual({
        library,
        fromRemotes: [],
      });
    }
    const urls = scripts.map((s) => s.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(errors).toEqual([]);
    await page.close();
  });
});
