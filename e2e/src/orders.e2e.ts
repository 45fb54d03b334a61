import { expectAccessible } from './support/a11y';
import { collectPageErrors } from './support/browser';
import { ownVisa } from './support/cards';
import { placeSignedInOrder } from './support/checkout-journey';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { eventually } from './support/eventually';
import { type CaughtMail, OPS_API_KEY, root, withShopAndBrowser } from './support/shop';
import { addFromProductPage, press, productPages, signIn } from './support/shopper';

const env = withShopAndBrowser({ services: true });

/** The back office moves the order with `npm run ops` (its script, against this shop). */
function move(orderNumber: string, action: string, flags: string[] = []) {
  const run = spawnSync(
    process.execPath,
    [join(root, 'tools', 'scripts', 'ops-cli.mjs'), action, orderNumber, ...flags],
    {
      env: { ...process.env, SHOP_URL: env.shop.url(), OPS_API_KEY },
      encoding: 'utf8',
    },
  );
  expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
}

/** The mails of `kind` about `orderNumber` that reached the shop's mail catcher. */
const mailsAbout = (email: string, orderNumber: string, kinds: string[]) =>
  eventually(async () => {
    const mails = ((await env.shop.mail?.(email)) ?? []).filter(
      (mail) => mail.subject.includes(orderNumber) && kinds.includes(mail.kind ?? ''),
    );
    if (mails.length < kinds.length) throw new Error(`${mails.length} of ${kinds.length} mails about ${orderNumber}`);
    return Object.fromEntries(mails.map((mail) => [mail.kind, mail])) as Record<string, CaughtMail>;
  });

describe('orders and tracking', () => {
  it.each(['vanityfair', 'everwear'])(
    'on %s a customer finds the order in the history, follows it to Delivered with the tracking number, and a guest tracks it by number and e-mail',
    async (brand) => {
      const url = (path: string) => env.shop.url(brand, path);
      const email = `shopper@${brand}.example`;
      const context = await env.browser.newContext();
      const page = await context.newPage();
      const errors = collectPageErrors(page);
      await page.goto(url('/login'));
      await signIn(page, email);
      await page.waitForURL((u) => u.pathname !== '/login');
      const [product] = await productPages(page, 1);
      await addFromProductPage(page, url, product);
      const orderNumber = await placeSignedInOrder(page, url, ownVisa());
      expect(orderNumber).toMatch(new RegExp(`^${brand === 'vanityfair' ? 'VF' : 'EW'}\\d{10}$`));

      // The history, newest first, links to the order.
      await page.goto(url('/account/orders'));
      const row = page.locator(`[data-order-number="${orderNumber}"]`);
      await row.waitFor();
      await expectAccessible(page);
      await press(row.getByRole('link', { name: orderNumber }));
      await page.waitForURL((u) => u.pathname === `/account/orders/${orderNumber}`);
      await page.locator('[data-shipment-state="Pending"]').waitFor();
      await expectAccessible(page);

      // The warehouse packs and ships it, the carrier delivers it.
      const tracking = `1Z${Date.now()}`;
      move(orderNumber, 'ready');
      move(orderNumber, 'ship', ['--carrier', 'UPS', '--tracking', tracking]);
      await page.reload();
      await page.locator('[data-shipment-state="Shipped"]').waitFor();
      await page.getByText(tracking).first().waitFor();
      move(orderNumber, 'deliver');
      await page.reload();
      await page.locator('[data-shipment-state="Delivered"]').waitFor();
      await page.locator('[data-order-status="delivered"]').first().waitFor();
      await page.getByText(tracking).first().waitFor();
      await expectAccessible(page);

      // The shopper heard of each step by e-mail, in the brand's name: placed, on its way with the
      // carrier's tracking link, delivered (with the way to a return where the brand takes them).
      const mails = await mailsAbout(email, orderNumber, ['order-placed', 'order-shipped', 'order-delivered']);
      for (const mail of Object.values(mails)) {
        expect(mail.brand).toBe(brand);
        expect(mail.from).toMatch(new RegExp(`<orders@${brand}\\.localhost>$`));
      }
      expect(mails['order-placed'].text).toContain(product.name);
      expect(mails['order-shipped'].text).toContain(tracking);
      expect(mails['order-shipped'].html).toContain(`href="https://www.ups.com/track?tracknum=${tracking}"`);
      expect(mails['order-delivered'].text).toContain('Start a return');
      // Moving it again sends nothing twice.
      move(orderNumber, 'deliver');
      expect(((await env.shop.mail?.(email)) ?? []).filter((mail) => mail.subject.includes(orderNumber))).toHaveLength(
        3,
      );
      // The mail reads as a page: the shipped one at a phone's width, its button to the carrier.
      const reader = await env.browser.newPage({ viewport: { width: 390, height: 844 } });
      await reader.setContent(mails['order-shipped'].html);
      await reader.getByRole('link', { name: 'Track the parcel' }).waitFor();
      expect(await reader.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await reader.close();

      // The overview lists it too.
      await page.goto(url('/account'));
      await page.locator(`[data-order-number="${orderNumber}"]`).waitFor();
      await expectAccessible(page);
      expect(errors).toEqual([]);
      await context.close();

      // Anyone with the number and the e-mail can track it.
      const guestContext = await env.browser.newContext();
      const guest = await guestContext.newPage();
      await guest.goto(url('/order/track'));
      await guest.getByLabel(/Order number/).fill(orderNumber);
      await guest.getByLabel(/E-mail address/).fill('someone-else@example.com');
      await press(guest.getByRole('button', { name: 'Track order' }));
      await guest
        .getByText('We could not find an order with that number and e-mail address', { exact: false })
        .waitFor();
      await expectAccessible(guest);
      await guest.getByLabel(/E-mail address/).fill(email);
      await press(guest.getByRole('button', { name: 'Track order' }));
      await guest.waitForURL((u) => u.pathname === '/order' && u.searchParams.get('orderNumber') === orderNumber);
      await guest.locator('[data-shipment-state="Delivered"]').waitFor();
      await guest.getByText(tracking).first().waitFor();
      await expectAccessible(guest);
      await guestContext.close();
    },
  );
});
