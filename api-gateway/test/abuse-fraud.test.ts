import { randomUUID } from 'node:crypto';
import type { CheckoutAddress } from '@shop/contracts';
import {
  ADDRESS,
  type CheckoutStack,
  type Json,
  approvingCard,
  checkoutShopper,
  orderBody,
  startCheckoutStack,
  stockedSkus,
} from './checkout-support';

/**
 * Issue 28, finding 5: scripted orders passed the fraud screen, which counted only the e-mail and
 * the collector's device cookie, both the script's own choice. The screen now also counts e-mails
 * per card fingerprint and per client address, and scores billing far from shipping.
 */
let stack: CheckoutStack;
beforeAll(async () => {
  stack = await startCheckoutStack('abuse-fraud');
}, 180_000);
afterAll(() => stack?.stop());

const WASHINGTON: CheckoutAddress = {
  firstName: 'Ann',
  lastName: 'Lee',
  streetName: '1350 PENNSYLVANIA AVE NW',
  city: 'WASHINGTON',
  state: 'DC',
  postalCode: '20004',
  country: 'US',
};

/** A fresh guest session with one item, ready to order with `card`, billing to `billing`. */
async function readyGuest(card: string, billing: CheckoutAddress | 'sameAsShipping', offset: number) {
  const skus = await stockedSkus(stack, 'vanityfair', 5);
  const shopper = await checkoutShopper(stack);
  expect((await shopper.add(skus[offset % skus.length].sku, 1)).status).toBe(200);
  let checkout = await shopper.ready(card, ADDRESS);
  if (billing !== 'sameAsShipping') {
    expect((await shopper.update({ billingAddress: billing })).status).toBe(200);
    const taxed = await shopper.taxes();
    expect(taxed.status).toBe(200);
    checkout = taxed.body;
  }
  return { shopper, checkout };
}

/** Places the order as a client at `ip` (the gateway trusts the loopback proxy's X-Forwarded-For). */
const placeFrom = (shopper: Awaited<ReturnType<typeof checkoutShopper>>, body: unknown, ip: string) =>
  shopper.send<Json>('POST', '/api/orders', body, { 'idempotency-key': randomUUID(), 'x-forwarded-for': ip });

describe('the fraud screen against scripted orders', () => {
  it('places none of six scripted orders (one card, billing in DC, shipping to NY, a fresh e-mail each) as confirmed; the later ones are rejected and authorise nothing', async () => {
    const card = approvingCard();
    const outcomes: Array<{ status: number; result: string; authorizations: number }> = [];
    for (let n = 0; n < 6; n += 1) {
      const { shopper, checkout } = await readyGuest(card, WASHINGTON, n);
      const placed = await placeFrom(shopper, orderBody(checkout), '203.0.113.50');
      const authorizations = await stack.authorizations(checkout.cart.id!);
      outcomes.push({
        status: placed.status,
        result: placed.status === 201 ? placed.body.status : placed.body.error?.code,
        authorizations: authorizations.length,
      });
    }
    // Before: 6 of 6 confirmed. A review places the order but charges nothing until it is cleared.
    expect(outcomes.filter((outcome) => outcome.result === 'confirmed')).toEqual([]);
    for (const outcome of outcomes)
      expect([
        { status: 201, result: 'in-review', authorizations: 1 },
        { status: 403, result: 'ORDER_REJECTED', authorizations: 0 },
      ]).toContainEqual(outcome);
    expect(outcomes.slice(3).map((outcome) => outcome.result)).toEqual([
      'ORDER_REJECTED',
      'ORDER_REJECTED',
      'ORDER_REJECTED',
    ]);
  });

  it('still confirms an ordinary order: its own card, billing and shipping at one address', async () => {
    const { shopper, checkout } = await readyGuest(approvingCard(), 'sameAsShipping', 6);
    const placed = await placeFrom(shopper, orderBody(checkout), '198.51.100.61');
    expect(placed.status).toBe(201);
    expect(placed.body.status).toBe('confirmed');
  });
});
