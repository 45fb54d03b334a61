import { CONFIRMATION_REFRESH_MINUTES } from '@shop/contracts';
import {
  ADDRESS,
  type CheckoutStack,
  type Json,
  checkoutShopper,
  startCheckoutStack,
  stockedSkus,
} from './checkout-support';

let stack: CheckoutStack;
beforeAll(async () => {
  stack = await startCheckoutStack('checkout');
}, 180_000);
afterAll(() => stack?.stop());

/** The commerce cart behind a checkout, with its tax settings and rates. */
const commerceCart = async (id: string) =>
  (
    await stack.graphql(
      `query($id: String!) { cart(id: $id) { taxMode taxRoundingMode taxCalculationMode
        lineItems { id taxRate { name amount state } } shippingInfo { taxRate { amount } }
        customLineItems { slug money { centAmount } taxRate { amount } } taxedPrice { totalGross { centAmount } totalTax { centAmount } } } }`,
      { id },
    )
  ).cart;

describe('the checkout view', () => {
  it('gives a guest the vendors’ public settings and one fraud session id for the session (SPEC §4)', async () => {
    const shopper = await checkoutShopper(stack);
    const first = await shopper.checkout();
    expect(first.status).toBe(200);
    const { vendors } = first.body.checkout;
    const field = new URL(vendors.cardFieldUrl);
    expect(field.origin).toBe(stack.hostedUrl);
    expect(field.pathname).toBe('/hosted/card-field');
    expect(field.searchParams.get('pk')).toBe('pk_dev_shop');
    expect(field.searchParams.get('origin')).toBe(`http://vanityfair.localhost:${stack.gateway.port}`);
    expect(vendors.fraudCollectorUrl).toBe(stack.collectorUrl);
    expect(vendors.fraudOrgId).toBe('shop-dev');
    expect(vendors.fraudSessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await shopper.checkout()).body.checkout.vendors.fraudSessionId).toBe(vendors.fraudSessionId);
    // Another session gets its own.
    const other = await checkoutShopper(stack);
    expect((await other.checkout()).body.checkout.vendors.fraudSessionId).not.toBe(vendors.fraudSessionId);
    expect(first.body.checkout).toMatchObject({
      signedIn: false,
      guestOrdering: true,
      billingSameAsShipping: true,
      missing: ['email', 'shippingAddress', 'shippingMethod', 'payment', 'billingAddress', 'tax'],
    });
    expect(first.body.checkout.shippingMethods.map((m: Json) => m.key)).toEqual(
      expect.arrayContaining(['standard-ground', 'expedited', 'overnight']),
    );
    // No server-side key ever reaches the browser.
    expect(JSON.stringify(first.body)).not.toMatch(/dev-only|secret/);
  });

  it('refuses a checkout write on an empty bag', async () => {
    const shopper = await checkoutShopper(stack);
    const answer = await shopper.email('ann@example.com');
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('CART_EMPTY');
  });

  it('takes e-mail, a verified address, the standard method preselected, the card and taxes, as commercetools keeps them', async () => {
    const [item] = await stockedSkus(stack, 'vanityfair', 3);
    const shopper = await checkoutShopper(stack);
    await shopper.add(item.sku, 3);
    expect((await shopper.email('Ann@Example.com')).body.checkout.email).toBe('ann@example.com');
    const token = await shopper.cardToken('5555555555554444');
    const updated = await shopper.update({ shippingAddress: ADDRESS, payment: { token } });
    expect(updated.status).toBe(200);
    const { checkout, cart } = updated.body;
    expect(checkout.shippingAddress).toEqual(ADDRESS);
    expect(checkout.billingAddress).toEqual(ADDRESS);
    expect(checkout.billingSameAsShipping).toBe(true);
    expect(checkout.shippingMethod).toBe('standard-ground');
    expect(checkout.payment).toEqual({ brand: 'mastercard', last4: '4444', expMonth: 12, expYear: expect.any(Number) });
    expect(checkout.missing).toEqual(['tax']);
    expect(checkout.totals.tax).toBeUndefined();

    const taxed = (await shopper.taxes()).body.checkout;
    expect(taxed.missing).toEqual([]);
    // New York City exempts clothing under $110 an item (issue 29): the bra, and the shipping
    // that delivers it, are quoted at nothing.
    expect(item.price).toBeLessThan(11_000);
    expect(taxed.totals.tax!.centAmount).toBe(0);
    const shipping = taxed.totals.shipping!.centAmount;
    expect(taxed.totals.total.centAmount).toBe(
      taxed.totals.subtotal.centAmount - taxed.totals.discount.centAmount + shipping,
    );
    const stored = await commerceCart(cart.id!);
    expect(stored).toMatchObject({
      taxMode: 'External',
      taxRoundingMode: 'HalfUp',
      taxCalculationMode: 'UnitPriceLevel',
    });
    expect(stored.lineItems[0].taxRate).toMatchObject({ amount: 0, state: 'NY' });
    expect(stored.shippingInfo.taxRate.amount).toBe(0);
    expect(stored.taxedPrice.totalGross.centAmount).toBe(taxed.totals.total.centAmount);
    // The cart keeps the token and the card's public details only.
    const custom = await stack.graphql(
      `query($id: String!) { cart(id: $id) { custom { customFieldsRaw { name value } } } }`,
      { id: cart.id },
    );
    const fields = Object.fromEntries(custom.cart.custom.customFieldsRaw.map((f: Json) => [f.name, f.value]));
    expect(fields).toMatchObject({ paymentToken: token, cardBrand: 'mastercard', cardLast4: '4444' });
    expect(JSON.stringify(fields)).not.toContain('5555555555554444');
  });

  it('refuses a wrong ZIP with 400, suggesting only the ZIP the data knows for the street, saving nothing; a deliverable address written otherwise is 422 until accepted or kept', async () => {
    const [item] = await stockedSkus(stack, 'vanityfair', 2);
    const shopper = await checkoutShopper(stack);
    await shopper.add(item.sku, 1);
    // Issue 29: 350 5th Ave, New York is 10118, whatever ZIP was typed.
    const known = await shopper.update({
      shippingAddress: { ...ADDRESS, streetName: '350 5th Ave', postalCode: '90210' },
    });
    expect(known.status).toBe(400);
    expect(known.body.error).toMatchObject({
      code: 'ADDRESS_INVALID',
      correlationId: expect.any(String),
      fields: { 'shippingAddress.postalCode': 'ZIP code 90210 is in CA, not NY.' },
      verification: {
        address: 'shippingAddress',
        suggestion: { streetName: '350 5TH AVE', city: 'NEW YORK', state: 'NY', postalCode: '10118', firstName: 'Ann' },
      },
    });
    // A street the data does not know: the ZIP is marked wrong and nothing is guessed.
    const wrong = await shopper.update({ shippingAddress: { ...ADDRESS, postalCode: '90210' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({
      code: 'ADDRESS_INVALID',
      message: 'Check the shipping address: ZIP code 90210 is in CA, not NY.',
      fields: { 'shippingAddress.postalCode': 'ZIP code 90210 is in CA, not NY.' },
    });
    expect(wrong.body.error.verification).toEqual({ address: 'shippingAddress' });
    // "Kept" cannot make an undeliverable address stick.
    const kept = await shopper.update({
      shippingAddress: { ...ADDRESS, postalCode: '90210' },
      verification: { shippingAddress: 'kept' },
    });
    expect(kept.status).toBe(400);
    expect((await shopper.checkout()).body.checkout.shippingAddress).toBeUndefined();

    const entered = { ...ADDRESS, streetName: '123 main street', additionalStreetInfo: 'apartment 4' };
    const suggested = await shopper.update({ shippingAddress: entered });
    expect(suggested.status).toBe(422);
    expect(suggested.body.error).toMatchObject({
      code: 'ADDRESS_SUGGESTION',
      verification: {
        address: 'shippingAddress',
        suggestion: { streetName: '123 MAIN ST', additionalStreetInfo: 'APT 4' },
      },
    });
    expect((await shopper.checkout()).body.checkout.shippingAddress).toBeUndefined();
    const accepted = await shopper.update({
      shippingAddress: suggested.body.error.verification.suggestion,
      verification: { shippingAddress: 'accepted' },
    });
    expect(accepted.body.checkout.shippingAddress).toMatchObject({
      streetName: '123 MAIN ST',
      additionalStreetInfo: 'APT 4',
    });
    const keptAsEntered = await shopper.update({ shippingAddress: entered, verification: { shippingAddress: 'kept' } });
    expect(keptAsEntered.body.checkout.shippingAddress).toMatchObject({ streetName: '123 main street' });
  });

  it('taxes a basketball in New York City at 8.875 %, unit by unit, beside a jersey the city exempts (issue 29)', async () => {
    const [ball] = await stockedSkus(stack, 'hoopcraft', 3, 'general');
    const [jersey] = await stockedSkus(stack, 'hoopcraft', 1, 'clothing');
    const shopper = await checkoutShopper(stack, 'hoopcraft');
    await shopper.add(ball.sku, 3);
    await shopper.add(jersey.sku, 1);
    expect((await shopper.update({ shippingAddress: ADDRESS })).status).toBe(200);
    const taxed = await shopper.taxes();
    expect(taxed.status).toBe(200);
    const { cart, checkout } = taxed.body;
    const lineOf = (sku: string) => cart.lines.find((line: Json) => line.sku === sku);
    const [balls, shirt] = [lineOf(ball.sku)!, lineOf(jersey.sku)!];
    // 8.875 %, half-up on each unit, summed over the units (SPEC §9); the jersey is under $110.
    const unit = (balls.salePrice ?? balls.unitPrice).centAmount;
    const ballsTax = 3 * Math.floor((unit * 8875 + 50_000) / 100_000);
    // Shipping is taxed in the share of the goods that are taxed.
    const shipping = checkout.totals.shipping!.centAmount;
    const goods = balls.total.centAmount + shirt.total.centAmount;
    const shippingTax = Math.floor(
      (2 * shipping * balls.total.centAmount * 8875 + goods * 100_000) / (2 * goods * 100_000),
    );
    expect(checkout.totals.tax!.centAmount).toBe(ballsTax + shippingTax);
    const stored = await commerceCart(cart.id!);
    const rateOf = (line: Json) => stored.lineItems.find((item: Json) => item.id === line.lineItemId).taxRate;
    expect(rateOf(balls)).toMatchObject({ amount: 0.08875, state: 'NY' });
    expect(rateOf(shirt)).toMatchObject({ amount: 0, state: 'NY' });
    expect(stored.taxedPrice.totalTax.centAmount).toBe(ballsTax + shippingTax);
  });

  it('refuses a tax category or lines from the browser: tax is quoted for the catalogue’s goods only', async () => {
    const [item] = await stockedSkus(stack, 'vanityfair', 2);
    const shopper = await checkoutShopper(stack);
    await shopper.add(item.sku, 1);
    await shopper.update({ shippingAddress: ADDRESS });
    const answer = await shopper.send('POST', '/api/cart/taxes', { lines: [{ taxCategory: 'general' }] });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 'INVALID_PARAMETER',
      message: 'lines: is not a field of this request',
      correlationId: expect.any(String),
    });
  });

  it('never shows a stale tax: a new line or another state is taxed again', async () => {
    // Basketballs: taxed in New York (clothing would be exempt there).
    const [first, second] = await stockedSkus(stack, 'hoopcraft', 3, 'general');
    const shopper = await checkoutShopper(stack, 'hoopcraft');
    await shopper.add(first.sku, 1);
    const before = await shopper.ready();
    const taxBefore = before.checkout.totals.tax!.centAmount;
    await shopper.add(second.sku, 2);
    const after = (await shopper.checkout()).body.checkout;
    expect(after.missing).toEqual([]);
    expect(after.totals.tax!.centAmount).toBeGreaterThan(taxBefore);
    const moved = await shopper.update({
      shippingAddress: { ...ADDRESS, streetName: '1 MAIN ST', city: 'PORTLAND', state: 'OR', postalCode: '97201' },
    });
    expect(moved.status).toBe(200);
    // Oregon has no sales tax: the New York rate is gone from every line.
    expect(moved.body.checkout.totals.tax!.centAmount).toBe(0);
    const stored = await commerceCart(moved.body.cart.id!);
    expect(stored.lineItems.map((line: Json) => line.taxRate.amount)).toEqual([0, 0]);
  });

  it('resets the checkout with PUT /api/cart, keeping the bag', async () => {
    const [item] = await stockedSkus(stack, 'vanityfair', 2);
    const shopper = await checkoutShopper(stack);
    await shopper.add(item.sku, 1);
    await shopper.ready();
    const reset = await shopper.reset();
    expect(reset.status).toBe(200);
    expect(reset.body.cart.lines).toHaveLength(1);
    const { checkout } = reset.body;
    expect(checkout).not.toHaveProperty('email');
    expect(checkout).not.toHaveProperty('shippingAddress');
    expect(checkout).not.toHaveProperty('shippingMethod');
    expect(checkout).not.toHaveProperty('payment');
    expect(checkout.totals).not.toHaveProperty('tax');
    expect(checkout.missing).toEqual([
      'email',
      'shippingAddress',
      'shippingMethod',
      'payment',
      'billingAddress',
      'tax',
    ]);
    const stored = await commerceCart(reset.body.cart.id!);
    expect(stored.lineItems[0].taxRate).toBeNull();
  });

  it('refuses an unknown card token and a shipping method the shop does not have', async () => {
    const [item] = await stockedSkus(stack, 'vanityfair', 2);
    const shopper = await checkoutShopper(stack);
    await shopper.add(item.sku, 1);
    const token = await shopper.update({ payment: { token: `tok_${'x'.repeat(24)}` } });
    expect(token.status).toBe(400);
    expect(token.body.error.code).toBe('PAYMENT_TOKEN_INVALID');
    const method = await shopper.update({ shippingMethod: 'teleport' });
    expect(method.status).toBe(400);
    expect(method.body.error.code).toBe('INVALID_PARAMETER');
    const chosen = await shopper.update({ shippingAddress: ADDRESS, shippingMethod: 'overnight' });
    expect(chosen.body.checkout.shippingMethod).toBe('overnight');
  });

  it('prefills a signed-in customer’s names and e-mail', async () => {
    const [item] = await stockedSkus(stack, 'vanityfair', 2);
    const shopper = await checkoutShopper(stack);
    await shopper.add(item.sku, 1);
    const email = await shopper.register('Dana', 'Reyes');
    const { checkout } = (await shopper.checkout()).body;
    expect(checkout.signedIn).toBe(true);
    expect(checkout.customer).toEqual({ firstName: 'Dana', lastName: 'Reyes', email });
  });
});

describe('loyalty redemption', () => {
  it('is for signed-in shoppers on a brand with loyalty on', async () => {
    const [item] = await stockedSkus(stack, 'rallyathletic', 2);
    const guest = await checkoutShopper(stack, 'rallyathletic');
    await guest.add(item.sku, 1);
    expect((await guest.redeem(100)).status).toBe(401);
    const elsewhere = await checkoutShopper(stack, 'vanityfair');
    expect((await elsewhere.redeem(100)).body.error.code).toBe('FEATURE_DISABLED');
  });

  it('holds points as a negative line, refuses more than the goods, and releases them when removed', async () => {
    const [item] = await stockedSkus(stack, 'rallyathletic', 2);
    const shopper = await checkoutShopper(stack, 'rallyathletic');
    await shopper.add(item.sku, 1);
    await shopper.register();
    // Not a member yet: no points at checkout, none to redeem.
    expect((await shopper.checkout()).body.checkout.loyalty).toBeUndefined();
    expect((await shopper.redeem(100)).body.error.code).toBe('LOYALTY_POINTS_INVALID');
    expect((await shopper.joinLoyalty()).status).toBe(201);
    const start = (await shopper.checkout()).body.checkout.loyalty;
    // The welcome bonus.
    expect(start).toMatchObject({ balance: 1000, centsPerPoint: 1, pointsPerDollar: 1 });
    expect(start!.redeemable).toBe(Math.min(1000, item.price));
    await shopper.ready();
    const redeemed = await shopper.redeem(300);
    expect(redeemed.status).toBe(200);
    const { checkout } = redeemed.body;
    expect(checkout.loyalty!.redemption).toEqual({
      points: 300,
      amount: { centAmount: 300, currencyCode: 'USD', fractionDigits: 2 },
    });
    expect(checkout.totals.loyalty!.centAmount).toBe(300);
    expect(checkout.missing).toEqual([]);
    const stored = await commerceCart(redeemed.body.cart.id!);
    // Points spent on clothing New York City exempts take back no tax (issue 29).
    expect(stored.customLineItems).toEqual([
      { slug: 'loyalty-redemption', money: { centAmount: -300 }, taxRate: { amount: 0 } },
    ]);
    expect(checkout.totals.total.centAmount).toBe(stored.taxedPrice.totalGross.centAmount);
    const tooMany = await shopper.redeem(item.price + 1);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.code).toBe('LOYALTY_POINTS_INVALID');
    const removed = await shopper.unredeem();
    expect(removed.body.checkout.loyalty!.redemption).toBeUndefined();
    expect(removed.body.checkout.loyalty!.balance).toBe(1000);
    expect(removed.body.checkout.totals.loyalty).toBeUndefined();
  });
});

it('keeps the confirmation window of SPEC §9', () => {
  expect(CONFIRMATION_REFRESH_MINUTES).toBe(30);
});
