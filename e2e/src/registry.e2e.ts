import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { root, withShopAndBrowser } from './support/shop';

const env = withShopAndBrowser();

/** A second production build of the catalog remote, with its own version string. */
function buildCatalogVersion(version: string): string {
  const dist = join(mkdtempSync(join(tmpdir(), 'catalog-build-')), 'dist');
  const run = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--mode', 'production'],
    {
      cwd: join(root, 'mfe-catalog'),
      env: { ...process.env, REMOTE_VERSION: version, DIST_DIR: dist },
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`catalog build failed: ${run.stderr}${run.stdout}`);
  return dist;
}

const builtVersion = async (page: Page, path: string) => {
  await page.goto(env.shop.url('vanityfair', path));
  const root = page.locator('[data-remote="catalog"]');
  await root.waitFor();
  return root.getAttribute('data-remote-build');
};

describe('remote registry at run time', () => {
  it('puts a new catalog version live and rolls it back by changing the registry alone', async () => {
    const page = await env.browser.newPage();
    const first = await builtVersion(page, '/c/bras');
    expect(first).toBe('0.1.0');
    const firstLive = JSON.parse(await (await fetch(env.shop.url(undefined, '/api/remotes'))).text()).remotes.catalog
      .version;

    const published = env.shop.cli('publish', buildCatalogVersion('0.2.0-e2e'));
    const version = /catalog (\S+) published/.exec(published)?.[1];
    expect(version).toMatch(/^0\.2\.0-e2e\.[0-9a-f]{8}$/);

    // Published is not live: pages keep the released version until a release says otherwise.
    expect(await builtVersion(page, '/c/panties')).toBe('0.1.0');

    env.shop.cli('release', 'catalog', version as string);
    expect(await builtVersion(page, '/c/panties')).toBe('0.2.0-e2e');
    // The build is named in the data attribute only, never in text a shopper reads.
    expect(await page.getByText('catalog 0.2.0-e2e').count()).toBe(0);

    env.shop.cli('rollback', 'catalog');
    expect(await builtVersion(page, '/c/bras')).toBe('0.1.0');
    const live = JSON.parse(await (await fetch(env.shop.url(undefined, '/api/remotes'))).text()).remotes.catalog
      .version;
    expect(live).toBe(firstLive);
    await page.close();
  });
});
