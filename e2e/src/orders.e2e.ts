import { expectAccessible } from './support/a11y';
import { collectPageErrors } from './support/browser';
import { TEST_CARDS } from './support/cards';
import { placeSignedInOrder } from './support/checkout-journey';
import { OPS_API_KEY, withShopAndBrowser } from './support/shop';
import { addFromProductPage, press, productPages, signIn } from './support/shopper';

const env = withShopAndBrowser({ services: true });

/** The back office moves the order, as `npm run ops` does. */
async function move(orderNumber: string, action: string, body: Record<string, string> = {}) {
  const response = await fetch(env.shop.url(undefined, `/api/ops/orders/${orderNumber}/${action}`), {
    method: 'POST',
    headers: { authorization: `Bearer ${OPS_API_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
}

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
      const orderNumber = await placeSignedInOrder(page, url, TEST_CARDS.visa);
      expect(orderNumber).toMatch(/^VF\d{10}$/);

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
      await move(orderNumber, 'ready');
      await move(orderNumber, 'ship', { carrier: 'UPS', trackingNumber: tracking });
      await page.reload();
      await page.locator('[data-shipment-state="Shipped"]').waitFor();
      await page.getByText(tracking).first().waitFor();
      await move(orderNumber, 'deliver');
      await page.reload();
      await page.locator('[data-shipment-state="Delivered"]').waitFor();
      await page.locator('[data-order-status="delivered"]').first().waitFor();
      await page.getByText(tracking).first().waitFor();
      await expectAccessible(page);

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
