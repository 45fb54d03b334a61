// npm run screens: screenshots of every brand as a shopper sees it, at a phone's width (390 px)
// and a desktop's (1280 px): home, the first category, its first product, the bag with that
// product in it, and sign-in. Written to docs/screens/{brand}-{page}-{width}.png (the first
// screen of each page, as it looks once it has settled). Builds what is missing first; starts
// the shop on free ports with a fresh database, as `npm start` runs it.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { BRANDS, getJson, startShop } from '../bench/shop.mjs';
import { ensureChromium, launchChromium, nx, root } from './lib.mjs';

const WIDTHS = [
  { name: 390, viewport: { width: 390, height: 844 }, isMobile: true, deviceScaleFactor: 1 },
  { name: 1280, viewport: { width: 1280, height: 800 }, isMobile: false, deviceScaleFactor: 1 },
];
const out = join(root, 'docs', 'screens');
const only = process.argv.slice(2).filter((arg) => BRANDS.includes(arg));

if (!process.argv.includes('--built') || !existsSync(join(root, 'shell', 'dist', 'server', 'renderer.js')))
  nx('run-many', '-t', 'build', '--exclude=@shop/e2e');
ensureChromium();
mkdirSync(out, { recursive: true });
const shop = await startShop('screens');
const browser = await launchChromium();
try {
  for (const brand of only.length ? only : BRANDS) {
    const url = (path) => `http://${brand}.localhost:${shop.port}${path}`;
    const { categories } = await getJson(shop.port, brand, '/api/categories');
    const category = categories[0];
    const { results } = await getJson(shop.port, brand, `/api/products?category=${category.slug}&limit=1`);
    const product = results[0];
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        viewport: width.viewport,
        isMobile: width.isMobile,
        hasTouch: width.isMobile,
        deviceScaleFactor: width.deviceScaleFactor,
      });
      // No first-visit e-mail offer over the pages (it waits 5 s, then remembers a cookie).
      await context.addCookies([{ name: 'shop_email_signup', value: 'seen', url: url('/') }]);
      const page = await context.newPage();
      const shoot = async (name, path, ready) => {
        await page.goto(url(path), { waitUntil: 'networkidle' });
        if (ready) await ready();
        await page.evaluate(() => document.fonts.ready);
        const file = join(out, `${brand}-${name}-${width.name}.png`);
        await page.screenshot({ path: file });
        process.stdout.write(`${file.slice(root.length + 1)}\n`);
      };
      await shoot('home', '/');
      await shoot('category', `/c/${category.path}`, () => page.locator('.product-card').first().waitFor());
      await shoot('product', product.url, () => page.getByRole('button', { name: 'Add to bag' }).waitFor());
      // The bag with the product in it: chosen as a shopper would, on the product page.
      await page.getByRole('button', { name: 'Add to bag' }).click();
      await page.getByRole('button', { name: 'Add to bag', disabled: false }).waitFor();
      await page.waitForLoadState('networkidle');
      await shoot('cart', '/cart', () => page.getByRole('heading', { level: 1 }).waitFor());
      await shoot('login', '/login', () =>
        page
          .getByRole('button', { name: /sign in/i })
          .first()
          .waitFor(),
      );
      await context.close();
    }
  }
} finally {
  await browser.close();
  await shop.stop();
}
