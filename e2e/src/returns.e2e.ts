import type { Locator, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { ownVisa } from './support/cards';
import { eventually } from './support/eventually';
import { readLabelPdf } from './support/label-pdf';
import { OPS_API_KEY, withShopAndBrowser } from './support/shop';
import { addFromProductPage, press, productPages, signIn } from './support/shopper';
import { placeAndConfirm } from './support/checkout-journey';

// Runs once the orders slice's POST /api/ops/orders/{n}/deliver and POST /api/order/lookup are merged.
const env = withShopAndBrowser({ services: true, logLevel: 'info' });
const section = (page: Page, name: string) => page.getByRole('region', { name });

async function fillAddress(scope: Locator) {
  await scope.getByLabel('Street address').fill('350 5th Ave');
  await scope.getByLabel('City').fill('New York');
  await scope.getByLabel('State').selectOption('NY');
  await scope.getByLabel('ZIP code').fill('10118');
}

/** The card into the hosted field (another origin's frame), then Continue. */
async function payWithVisa(page: Page) {
  const payment = section(page, 'Payment');
  const frame = payment.frameLocator('iframe');
  await frame.getByLabel('Card number').fill(ownVisa());
  await frame.getByLabel(/Expiry/i).fill('12/34');
  await frame.getByLabel(/Security code/i).fill('123');
  await press(payment.getByRole('button', { name: 'Continue' }));
}

/** Orders one product on vanityfair (as a guest with `email`, or as whoever is signed in); the order number. */
async function orderOne(page: Page, email?: string) {
  const url = (path: string) => env.shop.url('vanityfair', path);
  const [product] = await productPages(page, 1);
  await addFromProductPage(page, url, product);
  await page.goto(url('/checkout'));
  if (email) {
    const contact = section(page, 'Contact');
    await contact.getByLabel('E-mail address').fill(email);
    await press(contact.getByRole('button', { name: 'Continue' }));
  }
  const shipping = section(page, 'Shipping address');
  if (email) {
    await shipping.getByLabel('First name').fill('Ada');
    await shipping.getByLabel('Last name').fill('Guest');
  }
  await fillAddress(shipping);
  await press(shipping.getByRole('button', { name: 'Continue' }));
  const method = section(page, 'Shipping method');
  await method.getByRole('radio', { checked: true }).waitFor();
  await press(method.getByRole('button', { name: 'Continue' }));
  await payWithVisa(page);
  await eventually(async () => {
    const state = await page.evaluate(async () => (await (await fetch('/api/checkout')).json()) as Record<string, any>); // eslint-disable-line @typescript-eslint/no-explicit-any
    if (state.checkout.missing.length) throw new Error(`still missing ${state.checkout.missing.join(', ')}`);
  });
  return placeAndConfirm(page);
}

/** The back office readies, ships and delivers the order, as `npm run ops` does. */
async function deliver(orderNumber: string) {
  const move = async (action: string, body: Record<string, string> = {}) => {
    const response = await fetch(env.shop.url(undefined, `/api/ops/orders/${orderNumber}/${action}`), {
      method: 'POST',
      headers: { authorization: `Bearer ${OPS_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
  };
  await move('ready');
  await move('ship', { carrier: 'UPS', trackingNumber: `1Z${orderNumber.slice(2)}` });
  await move('deliver');
}

/** Starts a return of one of the first line, downloads the label and reads it; the label's text. */
async function returnOneAndReadLabel(page: Page, orderNumber: string) {
  const form = page.getByRole('form', { name: 'Choose what to return' });
  const quantity = form.locator('select').first();
  await quantity.selectOption('1');
  await form.getByLabel(/^Reason/).selectOption('too-small');
  await page
    .getByText(/refund/)
    .first()
    .waitFor();
  await expectAccessible(page);
  await press(page.getByRole('button', { name: 'Start the return' }));
  await page.getByRole('heading', { name: /Return .+-R1 started/ }).waitFor();
  await expectAccessible(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: /Download the return label/ }).click(),
  ]);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  const label = await readLabelPdf(new Uint8Array(readFileSync(path)));
  expect(label.text).toContain(`Order number: ${orderNumber}`);
  expect(label.barcodes).toHaveLength(1);
  expect(label.text).toContain(`Tracking number: ${label.barcodes[0]}`);
}

describe('returns', () => {
  it('on vanityfair a signed-in customer returns one line of a delivered order and gets a label that scans', async () => {
    const page = await env.browser.newPage({ acceptDownloads: true });
    await page.goto(env.shop.url('vanityfair', '/login'));
    await signIn(page, 'shopper@vanityfair.example');
    await page.waitForURL((url) => url.pathname !== '/login');
    const orderNumber = await orderOne(page);
    await deliver(orderNumber);
    await page.goto(env.shop.url('vanityfair', `/account/orders/${orderNumber}/returns`));
    await page.getByText(/You can return items for 30 more days/).waitFor();
    await expectAccessible(page);
    await press(page.locator(`a[href="/account/orders/${orderNumber}/returns/create"]`).first());
    await returnOneAndReadLabel(page, orderNumber);
    await page.goto(env.shop.url('vanityfair', `/account/orders/${orderNumber}/returns`));
    await page.getByRole('link', { name: `Download the label for return ${orderNumber}-R1 (PDF)` }).waitFor();
    await page.close();
  });

  it('on vanityfair a guest returns an order found by number and e-mail', async () => {
    const page = await env.browser.newPage({ acceptDownloads: true });
    await page.goto(env.shop.url('vanityfair', '/'));
    const email = `returns-${Date.now()}@example.com`;
    const orderNumber = await orderOne(page, email);
    await deliver(orderNumber);
    await page.goto(env.shop.url('vanityfair', '/order/returns'));
    await page.getByLabel('Order number').fill(orderNumber);
    await page.getByLabel('E-mail address').fill(email);
    await expectAccessible(page);
    await press(page.getByRole('button', { name: 'Find the order' }));
    await returnOneAndReadLabel(page, orderNumber);
    await page.close();
  });

  it('on hoopcraft (returns off) the returns page shows the returns policy', async () => {
    const page = await env.browser.newPage();
    await page.goto(env.shop.url('hoopcraft', '/order/returns'));
    await page.getByRole('link', { name: 'returns policy' }).waitFor();
    expect(await page.getByLabel('Order number').count()).toBe(0);
    await expectAccessible(page);
    await page.close();
  });
});
