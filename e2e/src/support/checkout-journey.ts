import type { Locator, Page } from 'playwright-core';
import { eventually } from './eventually';
import { press } from './shopper';

/*
 * A signed-in customer's way through checkout by keyboard, as the checkout journey does it
 * (checkout.e2e.ts), for journeys that need a placed order.
 */

const section = (page: Page, name: string) => page.getByRole('region', { name });

async function type(control: Locator, text: string) {
  await control.focus();
  await control.press('ControlOrMeta+a');
  await control.press('Backspace');
  await control.pressSequentially(text);
}

export const NEW_YORK = { street: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' };

async function fillAddress(page: Page, scope: Locator, address: typeof NEW_YORK) {
  await type(scope.getByLabel('Street address'), address.street);
  await type(scope.getByLabel('City'), address.city);
  await scope.getByLabel('State').selectOption(address.state);
  await type(scope.getByLabel('ZIP code'), address.zip);
}

async function payWith(page: Page, number: string) {
  const payment = section(page, 'Payment');
  const frame = payment.frameLocator('iframe');
  const cardNumber = frame.getByLabel('Card number');
  await cardNumber.waitFor();
  await cardNumber.fill(number);
  await frame.getByLabel(/Expir/).fill('12/34');
  await frame.getByLabel(/Security code|CVC|CVV/).fill('123');
  await press(payment.getByRole('button', { name: 'Continue' }));
}

/** From a bag with items and a signed-in customer (names prefilled): address, method, card, place. */
export async function placeSignedInOrder(page: Page, url: (path: string) => string, card: string): Promise<string> {
  await page.goto(url('/checkout'));
  const shipping = section(page, 'Shipping address');
  await shipping.waitFor();
  await fillAddress(page, shipping, NEW_YORK);
  await press(shipping.getByRole('button', { name: 'Continue' }));
  const method = section(page, 'Shipping method');
  await method.getByRole('radio', { checked: true }).waitFor();
  await press(method.getByRole('button', { name: 'Continue' }));
  await payWith(page, card);
  await eventually(async () => {
    const state = await page.evaluate(
      async () => (await (await fetch('/api/checkout')).json()) as { checkout: { missing: string[] } },
    );
    if (state.checkout.missing.length) throw new Error(`still missing ${state.checkout.missing.join(', ')}`);
  });
  return placeAndConfirm(page);
}

/**
 * Presses "Place order" once the page itself has every step (its button lists no missing one; the
 * server may know before the page has drawn it) and waits for the confirmation; the order number.
 * When none comes, the error quotes what the page told the shopper.
 */
export async function placeAndConfirm(page: Page): Promise<string> {
  const button = page.locator('[data-place-order][data-missing=""]');
  await button.waitFor();
  await press(button);
  try {
    await page.waitForURL((u) => u.pathname === '/orderconfirmation', { timeout: 30_000 });
  } catch (error) {
    const said = await page
      .locator('[data-order-outcome]')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(`No order confirmation at ${page.url()}; the page said: ${said.join(' | ') || 'nothing'}`, {
      cause: error,
    });
  }
  return new URL(page.url()).searchParams.get('order') ?? '';
}
