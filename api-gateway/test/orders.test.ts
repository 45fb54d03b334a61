import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { CheckoutResponse, OrderConfirmation } from '@shop/contracts';
import {
  type CheckoutStack,
  type Json,
  OPS_KEY,
  type Shopper,
  approvingCard,
  checkoutShopper,
  ops,
  orderBody,
  startCheckoutStack,
  stockedSkus,
} from './checkout-support';
import { mailsTo } from './support';

let stack: CheckoutStack;
beforeAll(async () => {
  stack = await startCheckoutStack('orders');
}, 180_000);
afterAll(() => stack?.stop());

const key = () => randomUUID();

/** A guest with `quantity` of one stocked sku, ready to place the order. */
async function readyShopper(brand = 'vanityfair', card = approvingCard(), quantity = 1, offset = 0) {
  const skus = await stockedSkus(stack, brand, 5);
  const item = skus[offset % skus.length];
  const shopper = await checkoutShopper(stack, brand);
  expect((await shopper.add(item.sku, quantity)).status).toBe(200);
  const checkout = await shopper.ready(card);
  return { shopper, checkout, item };
}

/**
 * The orders commerce made of a cart: its state says whether it became one (the platform keeps
 * one order per cart at most, by a unique constraint), and the orders of its owner made from it.
 */
const ordersOfCart = async (cartId: string) => {
  const { cart } = await stack.graphql(`query($id: String!) { cart(id: $id) { cartState customerId anonymousId } }`, {
    id: cartId,
  });
  return cart.cartState === 'Ordered' ? [cartId] : [];
};

const order = async (orderNumber: string, store = 'vanityfair') =>
  (
    await stack.graphql(
      `query($n: String!, $s: KeyReferenceInput!) { inStore(key: $s) { order(orderNumber: $n) {
        orderNumber orderState shipmentState paymentState totalPrice { centAmount } taxedPrice { totalGross { centAmount } }
        custom { customFieldsRaw { name value } }
        paymentInfo { payments { key amountPlanned { centAmount } interfaceId
          transactions { type state amount { centAmount } interactionId } custom { customFieldsRaw { name value } } } } } } }`,
      { n: orderNumber, s: store },
    )
  ).inStore.order;

describe('placing an order', () => {
  it('places a guest order: a VF number, the totals of the checkout, one authorisation for the total plus a cent per line, an e-mail, an empty bag', async () => {
    const { shopper, checkout } = await readyShopper('vanityfair', '4242424242424242', 2);
    const placed = await shopper.place(key(), orderBody(checkout));
    expect(placed.status).toBe(201);
    const confirmation = placed.body;
    expect(confirmation.orderNumber).toMatch(/^VF\d{10}$/);
    expect(confirmation).toMatchObject({
      status: 'confirmed',
      email: checkout.checkout.email,
      shippingAddress: checkout.checkout.shippingAddress,
      billingAddress: checkout.checkout.shippingAddress,
      payment: { brand: 'visa', last4: '4242' },
      shippingMethod: { name: expect.any(String) },
      totals: checkout.checkout.totals,
    });
    expect(confirmation.lines).toEqual([
      expect.objectContaining({ sku: checkout.cart.lines[0].sku, quantity: 2, total: checkout.cart.lines[0].total }),
    ]);
    const until = Date.parse(confirmation.viewableUntil) - Date.now();
    expect(until).toBeGreaterThan(29 * 60_000);
    expect(until).toBeLessThanOrEqual(30 * 60_000);

    const total = checkout.checkout.totals.total.centAmount;
    const stored = await order(confirmation.orderNumber);
    expect(stored.taxedPrice.totalGross.centAmount).toBe(total);
    const [payment] = stored.paymentInfo.payments;
    expect(payment.amountPlanned.centAmount).toBe(total);
    // SPEC §9 "extra 1 cent per line": one line, so the card is authorised for the total plus 1 cent.
    expect(payment.transactions).toEqual([
      {
        type: 'Authorization',
        state: 'Success',
        amount: { centAmount: total + 1 },
        interactionId: payment.interfaceId,
      },
    ]);
    const authorizations = await stack.authorizations(checkout.cart.id!);
    expect(authorizations).toHaveLength(1);
    expect(authorizations[0]).toMatchObject({ status: 'authorized', amount: { centAmount: total + 1 } });

    // Mail goes out from the job queue, just after the answer.
    const [mail] = (await mailsTo(stack.gateway, confirmation.email.toLowerCase(), 'order-placed')).filter((message) =>
      message.subject.includes(confirmation.orderNumber),
    );
    expect(mail?.to).toEqual([confirmation.email.toLowerCase()]);
    expect(mail?.kind).toBe('order-placed');
    expect(mail?.text).toContain(confirmation.lines[0].name);
    expect(mail?.text).toContain('Your card is charged when the order ships');
    expect(mail?.text).toContain(`$${(total / 100).toFixed(2)}`);
    expect(`${mail?.text}${mail?.html}`).not.toContain('4242424242424242');

    const after = await shopper.checkout();
    expect(after.body.cart.lines).toEqual([]);
    const [again] = await stockedSkus(stack, 'vanityfair', 2);
    const added = await shopper.add(again.sku, 1);
    expect(added.status).toBe(200);
    expect((added.body as unknown as { id: string }).id).not.toBe(checkout.cart.id);
  });

  it('answers the same key twice with the same order (200 the second time); another body is 409; a new key for the ordered cart is 409', async () => {
    const { shopper, checkout } = await readyShopper();
    const idempotencyKey = key();
    const first = await shopper.place(idempotencyKey, orderBody(checkout));
    const second = await shopper.place(idempotencyKey, orderBody(checkout));
    expect([first.status, second.status]).toEqual([201, 200]);
    expect(second.body.orderNumber).toBe(first.body.orderNumber);
    expect(await ordersOfCart(checkout.cart.id!)).toHaveLength(1);
    expect(await stack.authorizations(checkout.cart.id!)).toHaveLength(1);

    const other = await shopper.place(idempotencyKey, { ...orderBody(checkout), expectedTotal: 1 });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const fresh = await shopper.place(key(), orderBody(checkout));
    expect(fresh.status).toBe(409);
    expect(fresh.body.error.code).toBe('CART_ALREADY_ORDERED');
    expect(await stack.authorizations(checkout.cart.id!)).toHaveLength(1);
  });

  it('places one order and authorises once for twenty concurrent placements with one key', async () => {
    const { shopper, checkout } = await readyShopper('vanityfair', '5555555555554444', 1, 1);
    const idempotencyKey = key();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => shopper.place(idempotencyKey, orderBody(checkout))),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array(18).fill(200), 201].sort());
    expect(new Set(answers.map((answer) => answer.body.orderNumber)).size).toBe(1);
    expect(await ordersOfCart(checkout.cart.id!)).toHaveLength(1);
    const authorizations = await stack.authorizations(checkout.cart.id!);
    expect(authorizations).toHaveLength(1);
    const stored = await order(answers[0].body.orderNumber);
    expect(stored.paymentInfo.payments).toHaveLength(1);
    expect(stored.paymentInfo.payments[0].transactions.filter((t: Json) => t.type === 'Authorization')).toHaveLength(1);
  });

  it('places one order when the response is cut off mid-flight and the request is sent again', async () => {
    const { shopper, checkout } = await readyShopper('vanityfair', approvingCard(), 1, 2);
    const idempotencyKey = key();
    const body = JSON.stringify(orderBody(checkout));
    const csrf = await shopper.client.csrfToken();
    const cookie = [...shopper.client.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const target = new URL(stack.gateway.url);
    // The request goes out whole and is placed; the connection is dropped before the shopper
    // reads any answer (once the order exists, or as the answer starts to arrive).
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: target.hostname,
        port: target.port,
        path: '/api/orders',
        method: 'POST',
        headers: {
          host: shopper.host,
          cookie,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'x-csrf-token': csrf,
          'sec-fetch-site': 'same-origin',
          'idempotency-key': idempotencyKey,
        },
      });
      const poll = setInterval(() => {
        void ordersOfCart(checkout.cart.id!).then((orders) => orders.length > 0 && drop());
      }, 20);
      const drop = () => {
        clearInterval(poll);
        request.destroy();
        resolve();
      };
      request.on('error', drop);
      request.on('response', drop);
      request.end(body);
    });
    const retried = await shopper.place(idempotencyKey, orderBody(checkout));
    expect(retried.status).toBe(200);
    expect(retried.body.orderNumber).toMatch(/^VF\d{10}$/);
    expect(await ordersOfCart(checkout.cart.id!)).toHaveLength(1);
    expect(await stack.authorizations(checkout.cart.id!)).toHaveLength(1);
    // The retry taught the session its order: the confirmation can be read.
    expect((await shopper.confirmation(retried.body.orderNumber)).status).toBe(200);
  });

  it('lets one of two orders use a code with one use left (two sessions at once); the other is refused and not charged', async () => {
    const code = `ONCE-${Date.now()}`;
    await stack.graphql(`mutation($d: DiscountCodeDraft!) { createDiscountCode(draft: $d) { id } }`, {
      d: { code, cartDiscounts: [{ key: 'vanityfair-percent-10' }], maxApplications: 1 },
    });
    const shoppers: Array<{ shopper: Shopper; checkout: CheckoutResponse }> = [];
    for (const offset of [3, 4]) {
      const [item] = (await stockedSkus(stack, 'vanityfair', 5)).slice(offset);
      const shopper = await checkoutShopper(stack);
      await shopper.add(item.sku, 1);
      expect((await shopper.addCode(code)).status).toBe(200);
      shoppers.push({ shopper, checkout: await shopper.ready() });
    }
    const answers = await Promise.all(
      shoppers.map(({ shopper, checkout }) => shopper.place(key(), orderBody(checkout))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.body.error).toMatchObject({
      code: 'DISCOUNT_CODE_INVALID',
      message: expect.stringContaining(code),
    });
    const loser = shoppers[answers.indexOf(refused as never)];
    expect(await ordersOfCart(loser.checkout.cart.id!)).toHaveLength(0);
    // Authorised, then voided when the code was found used up: nothing is charged.
    const authorizations = await stack.authorizations(loser.checkout.cart.id!);
    expect(authorizations.map((a: Json) => a.status)).toEqual(['voided']);
  });

  it('answers a declined card with 402 and one message whatever the reason, places nothing and leaves the bag usable', async () => {
    const { shopper, checkout } = await readyShopper('vanityfair', '4000000000000002', 1, 5);
    const declined = await shopper.place(key(), orderBody(checkout));
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ code: 'PAYMENT_DECLINED' });
    expect(declined.body.error.reason).toBeUndefined();
    expect(await ordersOfCart(checkout.cart.id!)).toHaveLength(0);
    const bag = await shopper.checkout();
    expect(bag.body.cart.id).toBe(checkout.cart.id);
    expect(bag.body.cart.lines).toHaveLength(1);
    // Another card, and the order goes through.
    await shopper.update({ payment: { token: await shopper.cardToken('4242424242424242') } });
    const again = await shopper.place(key(), orderBody((await shopper.checkout()).body));
    expect(again.status).toBe(201);

    const poor = await readyShopper('vanityfair', '4000000000000000'.slice(0, 12) + '9995', 1, 6);
    const refused = await poor.shopper.place(key(), orderBody(poor.checkout));
    // Insufficient funds reads as any decline: the reason would tell a card tester the number is live.
    expect(refused.body.error).toMatchObject({ code: 'PAYMENT_DECLINED', message: declined.body.error.message });
    expect(refused.body.error.reason).toBeUndefined();
  });

  it('refuses a total the shopper did not see (409 CHECKOUT_CHANGED with the fresh checkout), before any authorisation', async () => {
    const { shopper, checkout } = await readyShopper('vanityfair', approvingCard(), 1, 7);
    const changed = await shopper.place(key(), {
      ...orderBody(checkout),
      expectedTotal: checkout.checkout.totals.total.centAmount - 1,
    });
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('CHECKOUT_CHANGED');
    expect(changed.body.error.checkout.checkout.totals.total).toEqual(checkout.checkout.totals.total);
    expect(await stack.authorizations(checkout.cart.id!)).toHaveLength(0);
  });

  it('refuses to order a product withdrawn from sale meanwhile (409 CHECKOUT_CHANGED naming it), before any authorisation', async () => {
    const { shopper, checkout, item } = await readyShopper('vanityfair', approvingCard(), 1, 13);
    const { product } = await stack.graphql(
      `query($sku: String!) { product(sku: $sku) { key masterData { current { name(locale: "en-US") } } } }`,
      { sku: item.sku },
    );
    const backOffice = (action: 'withdraw' | 'restore') =>
      fetch(`${stack.gateway.url}/api/ops/products/${product.key}/${action}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${OPS_KEY}` },
      });
    expect((await backOffice('withdraw')).status).toBe(200);
    try {
      const refused = await shopper.place(key(), orderBody(checkout));
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: 'CHECKOUT_CHANGED',
        message: `${product.masterData.current.name} is no longer sold. Remove it from your bag to place your order.`,
      });
      expect(await stack.authorizations(checkout.cart.id!)).toHaveLength(0);
    } finally {
      expect((await backOffice('restore')).status).toBe(200);
    }
    // Back on sale, the same bag is ordered.
    expect((await shopper.place(key(), orderBody(checkout))).status).toBe(201);
  });

  it('refuses an order the fraud screen rejects, authorising nothing; a review places it in review', async () => {
    const { shopper, checkout } = await readyShopper('vanityfair', approvingCard(), 1, 8);
    await shopper.email('shopper+fraud-reject@example.com');
    const rejected = await shopper.place(key(), orderBody(checkout));
    expect(rejected.status).toBe(403);
    expect(rejected.body.error.code).toBe('ORDER_REJECTED');
    expect(await stack.authorizations(checkout.cart.id!)).toHaveLength(0);
    await shopper.email('shopper+fraud-review@example.com');
    const reviewed = await shopper.place(key(), orderBody(checkout));
    expect(reviewed.status).toBe(201);
    expect(reviewed.body.status).toBe('in-review');
  });

  it('sends a guest on a brand without guest ordering to sign in (403), and takes the order once signed in', async () => {
    const { shopper, checkout } = await readyShopper('hoopcraft', approvingCard(), 1, 0);
    expect(checkout.checkout.guestOrdering).toBe(false);
    const refused = await shopper.place(key(), orderBody(checkout));
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('SIGN_IN_REQUIRED');
    await shopper.register();
    // The card was entered in the guest's session: a new session enters it again (a token is bound to its session).
    const signedIn = (await shopper.checkout()).body;
    expect(signedIn.checkout.missing).toEqual(['payment']);
    const paid = await shopper.update({ payment: { token: await shopper.cardToken() } });
    expect(paid.status).toBe(200);
    const placed = await shopper.place(key(), orderBody(paid.body));
    expect(placed.status).toBe(201);
    // The brand's own order numbers: HC on hoopcraft (brand config orderNumberPrefix).
    expect(placed.body.orderNumber).toMatch(/^HC\d{10}$/);
  });

  it('redeems and earns loyalty points with a signed-in order', async () => {
    const [item] = await stockedSkus(stack, 'rallyathletic', 3);
    const shopper = await checkoutShopper(stack, 'rallyathletic');
    await shopper.add(item.sku, 2);
    await shopper.register();
    await shopper.joinLoyalty();
    await shopper.ready();
    const redeemed = (await shopper.redeem(250)).body;
    const placed = await shopper.place(key(), orderBody(redeemed));
    expect(placed.status).toBe(201);
    const goods = 2 * item.price - 250;
    expect(placed.body.loyalty).toEqual({ redeemed: 250, earned: Math.floor(goods / 100) });
    expect(placed.body.totals.loyalty?.centAmount).toBe(250);
    const [next] = (await stockedSkus(stack, 'rallyathletic', 3)).slice(1);
    await shopper.add(next.sku, 1);
    // What this order earns stays pending until it ships (see abuse-loyalty.test.ts): the
    // spendable balance is the welcome balance less what was redeemed.
    const balance = (await shopper.checkout()).body.checkout.loyalty?.balance;
    expect(balance).toBe(1000 - 250);
  });
});

describe('the confirmation', () => {
  it('is for the placing session only, for 30 minutes, then points to order tracking (410)', async () => {
    const { shopper, checkout } = await readyShopper('vanityfair', approvingCard(), 1, 9);
    const placed = (await shopper.place(key(), orderBody(checkout))).body as OrderConfirmation;
    const again = await shopper.confirmation(placed.orderNumber);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(placed);
    const stranger = await checkoutShopper(stack);
    const theirs = await stranger.confirmation(placed.orderNumber);
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.code).toBe('ORDER_NOT_FOUND');
    expect((await shopper.confirmation('VF0000000000')).status).toBe(404);
    const later = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 31 * 60_000);
    try {
      const expired = await shopper.confirmation(placed.orderNumber);
      expect(expired.status).toBe(410);
      expect(expired.body.error.code).toBe('CONFIRMATION_EXPIRED');
    } finally {
      later.mockRestore();
    }
  });
});

describe('back-office fulfilment and cancellation', () => {
  it('needs the ops key, not a cookie', async () => {
    const { shopper, checkout } = await readyShopper('vanityfair', approvingCard(), 1, 10);
    const placed = (await shopper.place(key(), orderBody(checkout))).body as OrderConfirmation;
    expect((await ops(stack, placed.orderNumber, 'fulfil', 'wrong-key-0123456789')).status).toBe(401);
    const withCookie = await shopper.send('POST', `/api/ops/orders/${placed.orderNumber}/fulfil`, {});
    expect(withCookie.status).toBe(401);
    expect((await ops(stack, 'VF0000000000', 'fulfil')).status).toBe(404);
  });

  it('captures the order total on fulfilment (Charge, Shipped, Paid) and voids on cancel (CancelAuthorization, Cancelled)', async () => {
    const first = await readyShopper('vanityfair', approvingCard(), 1, 11);
    const shipped = (await first.shopper.place(key(), orderBody(first.checkout))).body as OrderConfirmation;
    const fulfilled = await ops(stack, shipped.orderNumber, 'fulfil');
    expect(fulfilled.status).toBe(200);
    expect(await fulfilled.json()).toMatchObject({ shipmentState: 'Shipped', paymentState: 'Paid' });
    const total = shipped.totals.total.centAmount;
    const stored = await order(shipped.orderNumber);
    expect(
      stored.paymentInfo.payments[0].transactions.map((t: Json) => [t.type, t.state, t.amount.centAmount]),
    ).toEqual([
      ['Authorization', 'Success', total + 1],
      ['Charge', 'Success', total],
    ]);
    const [authorization] = await stack.authorizations(first.checkout.cart.id!);
    expect(authorization).toMatchObject({ status: 'captured', capturedAmount: { centAmount: total } });
    // Again: nothing more is captured.
    expect((await ops(stack, shipped.orderNumber, 'fulfil')).status).toBe(200);
    expect((await ops(stack, shipped.orderNumber, 'cancel')).status).toBe(409);

    const second = await readyShopper('vanityfair', approvingCard(), 1, 12);
    const cancelled = (await second.shopper.place(key(), orderBody(second.checkout))).body as OrderConfirmation;
    const answer = await ops(stack, cancelled.orderNumber, 'cancel');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ orderState: 'Cancelled' });
    const cancelledOrder = await order(cancelled.orderNumber);
    expect(cancelledOrder.paymentInfo.payments[0].transactions.map((t: Json) => t.type)).toEqual([
      'Authorization',
      'CancelAuthorization',
    ]);
    expect((await stack.authorizations(second.checkout.cart.id!))[0].status).toBe('voided');
    expect((await ops(stack, cancelled.orderNumber, 'fulfil')).status).toBe(409);
  });
});
