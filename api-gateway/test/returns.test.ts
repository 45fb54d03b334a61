import { randomUUID } from 'node:crypto';
import type { ReturnRecord, ReturnsView } from '@shop/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- one label checker, shared with the browser tests
import { readLabelPdf } from '../../e2e/src/support/label-pdf';
import { createSessionCodec } from '../src/sessions/session-token';
import {
  type CheckoutStack,
  OPS_KEY,
  type Shopper,
  checkoutShopper,
  orderBody,
  startCheckoutStack,
  stockedSkus,
} from './checkout-support';
import { mailsTo } from './support';

let stack: CheckoutStack;
beforeAll(async () => {
  stack = await startCheckoutStack('returns');
}, 180_000);
afterAll(() => stack?.stop());

const DAY = 24 * 60 * 60 * 1000;
const SESSION = 'authjs.session-token';
const codec = createSessionCodec('test-auth-secret-0123456789abcdef0123456789');

/** What POST /api/order/lookup does for a session: a grant to read and return that order for an hour. */
async function grantLookup(shopper: Shopper, orderNumber: string) {
  const claims = await codec.decode(shopper.client.jar.get(SESSION), SESSION, Date.now());
  if (!claims) throw new Error('no session');
  const { token } = await codec.encode(claims.user, {
    salt: SESSION,
    brand: claims.brand,
    jti: claims.jti,
    ...(claims.anonymousId ? { anonymousId: claims.anonymousId } : {}),
    guestOrders: [...(claims.guestOrders ?? []), { n: orderNumber, at: Date.now() }],
  });
  shopper.client.jar.set(SESSION, token);
}

/** Places an order of `quantity` of a stocked sku; `customer` registers first, so the order is theirs. */
async function placeOrder({ brand = 'vanityfair', quantity = 2, customer = false, sku = '' } = {}) {
  const item = sku || (await stockedSkus(stack, brand, 5))[0].sku;
  const shopper = await checkoutShopper(stack, brand);
  if (customer) await shopper.register();
  expect((await shopper.add(item, quantity)).status).toBe(200);
  const checkout = await shopper.ready();
  const placed = await shopper.place(randomUUID(), orderBody(checkout));
  expect(placed.status).toBe(201);
  return { shopper, orderNumber: placed.body.orderNumber };
}

/** What the shipment slice's ops route does: shipment state Delivered and order.custom.deliveredAt. */
async function deliver(orderNumber: string, deliveredAt: Date, store = 'vanityfair') {
  const { inStore } = await stack.graphql(
    `query($n: String!, $s: KeyReferenceInput!) { inStore(key: $s) { order(orderNumber: $n) { id version } } }`,
    { n: orderNumber, s: store },
  );
  await stack.graphql(
    `mutation($id: String!, $v: Long!, $a: [OrderUpdateAction!]!) { updateOrder(id: $id, version: $v, actions: $a) { version } }`,
    {
      id: inStore.order.id,
      v: inStore.order.version,
      a: [
        { changeShipmentState: { shipmentState: 'Delivered' } },
        { setCustomField: { name: 'deliveredAt', value: JSON.stringify(deliveredAt.toISOString()) } },
      ],
    },
  );
}

const returnsOf = (shopper: Shopper, path: string) => shopper.send<ReturnsView>('GET', path);
const submit = (shopper: Shopper, path: string, body: unknown) => shopper.send<ReturnRecord>('POST', path, body);

describe('returns of a signed-in customer’s order', () => {
  let shopper: Shopper;
  let orderNumber: string;
  let path: string;
  beforeAll(async () => {
    ({ shopper, orderNumber } = await placeOrder({ customer: true, quantity: 2 }));
    path = `/api/account/orders/${orderNumber}/returns`;
  }, 120_000);

  it('says an order not delivered yet cannot be returned yet, and refuses a return', async () => {
    const view = await returnsOf(shopper, path);
    expect(view.status).toBe(200);
    expect(view.body.eligibility).toMatchObject({ eligible: false, code: 'NOT_DELIVERED' });
    const lineItemId = view.body.lines[0].lineItemId;
    const refused = await submit(shopper, path, { items: [{ lineItemId, quantity: 1 }], reason: 'too-small' });
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'NOT_DELIVERED' } } });
  });

  it('refuses returns more than 30 days after delivery', async () => {
    await deliver(orderNumber, new Date(Date.now() - 30 * DAY - 60_000));
    const view = await returnsOf(shopper, path);
    expect(view.body.eligibility).toMatchObject({ eligible: false, code: 'RETURN_WINDOW_CLOSED', daysLeft: 0 });
    const lineItemId = view.body.lines[0].lineItemId;
    const refused = await submit(shopper, path, { items: [{ lineItemId, quantity: 1 }], reason: 'too-small' });
    expect(refused).toMatchObject({ status: 409, body: { error: { code: 'RETURN_WINDOW_CLOSED' } } });
  });

  it('returns one line with a label whose PDF names the order and whose barcode decodes; refuses more than bought and the same again', async () => {
    await deliver(orderNumber, new Date(Date.now() - DAY));
    const view = await returnsOf(shopper, path);
    expect(view.body.eligibility).toMatchObject({ eligible: true, code: 'ELIGIBLE', daysLeft: 29 });
    const [line] = view.body.lines;
    expect(line).toMatchObject({ quantity: 2, returned: 0, returnable: 2 });
    const everything = line.unitCentAmount * 2;
    expect(view.body.offer).toMatchObject({
      refundCents: everything,
      refundSpeed: everything >= 10_000 ? 'fast' : 'standard',
    });
    if (everything < 5_000) expect(view.body.offer.donationOffered).toBe(false);

    const tooMany = await submit(shopper, path, {
      items: [{ lineItemId: line.lineItemId, quantity: 3 }],
      reason: 'too-small',
    });
    expect(tooMany).toMatchObject({
      status: 409,
      body: { error: { code: 'RETURN_QUANTITY_EXCEEDED', fields: { 'items.0.quantity': expect.any(String) } } },
    });
    const badReason = await submit(shopper, path, {
      items: [{ lineItemId: line.lineItemId, quantity: 1 }],
      reason: 'x',
    });
    expect(badReason).toMatchObject({ status: 400, body: { error: { code: 'INVALID_PARAMETER' } } });

    // Two submissions at once for the same return: one is recorded, the other refused.
    const body = { items: [{ lineItemId: line.lineItemId, quantity: 1 }], reason: 'too-small' };
    const answers = await Promise.all([submit(shopper, path, body), submit(shopper, path, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const made = answers.find((a) => a.status === 201)!.body;
    expect(answers.find((a) => a.status === 409)!.body).toMatchObject({ error: { code: 'RETURN_CONFLICT' } });
    expect(made).toMatchObject({
      returnId: `${orderNumber}-R1`,
      reason: 'too-small',
      refundCents: line.unitCentAmount,
      refundSpeed: line.unitCentAmount >= 10_000 ? 'fast' : 'standard',
      donate: false,
      trackingNumber: expect.stringMatching(/^RT\d{18}$/),
      labelUrl: `${path}/${orderNumber}-R1/label`,
      items: [{ lineItemId: line.lineItemId, quantity: 1, shipmentState: 'Advised', paymentState: 'Initial' }],
    });

    const label = await shopper.client.send(made.labelUrl!);
    expect(label.status).toBe(200);
    expect(label.headers.get('content-type')).toBe('application/pdf');
    expect(label.headers.get('content-disposition')).toMatch(/^attachment; filename="return-label-.+\.pdf"$/);
    const pdf = await readLabelPdf(new Uint8Array(await label.arrayBuffer()));
    expect(pdf.text).toContain(`Order number: ${orderNumber}`);
    expect(pdf.barcodes).toEqual([made.trackingNumber]);

    const after = await returnsOf(shopper, path);
    expect(after.body.lines[0]).toMatchObject({ returned: 1, returnable: 1 });
    expect(after.body.returns).toEqual([made]);
    const overLeft = await submit(shopper, path, {
      items: [{ lineItemId: line.lineItemId, quantity: 2 }],
      reason: 'other',
    });
    expect(overLeft.body.error).toMatchObject({
      code: 'RETURN_QUANTITY_EXCEEDED',
      message: expect.stringMatching(/at most 1/),
    });
    const second = await submit(shopper, path, {
      items: [{ lineItemId: line.lineItemId, quantity: 1 }],
      reason: 'damaged',
    });
    expect(second).toMatchObject({ status: 201, body: { returnId: `${orderNumber}-R2` } });
    const twice = await submit(shopper, path, {
      items: [{ lineItemId: line.lineItemId, quantity: 1 }],
      reason: 'damaged',
    });
    expect(twice).toMatchObject({ status: 409, body: { error: { code: 'RETURN_QUANTITY_EXCEEDED' } } });
    expect((await returnsOf(shopper, path)).body.eligibility.code).toBe('NOTHING_LEFT');
  });

  it('never shows or returns the order to another customer, a guest without a lookup, or another brand', async () => {
    const other = await checkoutShopper(stack, 'vanityfair');
    await other.register('Otto', 'Other');
    for (const answer of [
      await returnsOf(other, path),
      await submit(other, path, { items: [{ lineItemId: 'x', quantity: 1 }], reason: 'other' }),
      await other.send('GET', `${path}/${orderNumber}-R1/label`),
      await returnsOf(other, `/api/order/${orderNumber}/returns`),
    ])
      expect(answer).toMatchObject({ status: 404, body: { error: { code: 'ORDER_NOT_FOUND' } } });

    const guest = await checkoutShopper(stack, 'vanityfair');
    expect(await returnsOf(guest, path)).toMatchObject({ status: 401, body: { error: { code: 'SessionRequired' } } });
    expect(await returnsOf(guest, `/api/order/${orderNumber}/returns`)).toMatchObject({
      status: 404,
      body: { error: { code: 'ORDER_NOT_FOUND' } },
    });
    const elsewhere = await checkoutShopper(stack, 'rallyathletic');
    await grantLookup(elsewhere, orderNumber);
    expect(await returnsOf(elsewhere, `/api/order/${orderNumber}/returns`)).toMatchObject({
      status: 404,
      body: { error: { code: 'ORDER_NOT_FOUND' } },
    });
  });
});

describe('returns of a guest order looked up by number and e-mail', () => {
  it('reads and returns the order with the session’s lookup grant; a brand with returns off answers RETURNS_UNAVAILABLE', async () => {
    const { shopper, orderNumber } = await placeOrder({ quantity: 1 });
    const path = `/api/order/${orderNumber}/returns`;
    expect((await returnsOf(shopper, path)).status).toBe(404);
    await grantLookup(shopper, orderNumber);
    await deliver(orderNumber, new Date(Date.now() - 2 * DAY));
    const view = await returnsOf(shopper, path);
    expect(view).toMatchObject({ status: 200, body: { orderNumber, eligibility: { eligible: true, daysLeft: 28 } } });
    const lineItemId = view.body.lines[0].lineItemId;
    const donate = !view.body.offer.donationOffered;
    if (donate) {
      const refused = await submit(shopper, path, { items: [{ lineItemId, quantity: 1 }], reason: 'other', donate });
      expect(refused).toMatchObject({ status: 400, body: { error: { fields: { donate: expect.any(String) } } } });
    }
    const made = await submit(shopper, path, {
      items: [{ lineItemId, quantity: 1 }],
      reason: 'changed-mind',
      donate: view.body.offer.donationOffered,
    });
    expect(made).toMatchObject({
      status: 201,
      body: { donate: view.body.offer.donationOffered, labelUrl: `${path}/${orderNumber}-R1/label` },
    });
    expect((await shopper.client.send(made.body.labelUrl!)).status).toBe(200);

    const hoop = await checkoutShopper(stack, 'hoopcraft');
    expect(await returnsOf(hoop, path)).toMatchObject({
      status: 404,
      body: { error: { code: 'RETURNS_UNAVAILABLE' } },
    });
  });
});

describe('the back office refunds a return that came back', () => {
  it('refunds its value to the card once, marks it Returned and Refunded, and mails the label and the refund once each', async () => {
    const item = (await stockedSkus(stack, 'vanityfair', 5))[0].sku;
    const shopper = await checkoutShopper(stack, 'vanityfair');
    await shopper.register();
    expect((await shopper.add(item, 2)).status).toBe(200);
    const checkout = await shopper.ready();
    const placed = await shopper.place(randomUUID(), orderBody(checkout));
    expect(placed.status).toBe(201);
    const { orderNumber, email } = placed.body as { orderNumber: string; email: string };
    const ops = (path: string, body: Record<string, string> = {}) =>
      fetch(`${stack.gateway.url}/api/ops/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${OPS_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const path = `/api/account/orders/${orderNumber}/returns`;
    expect(
      (await ops(`orders/${orderNumber}/ship`, { carrier: 'UPS', trackingNumber: `1Z${Date.now()}` })).status,
    ).toBe(200);
    expect((await ops(`orders/${orderNumber}/deliver`)).status).toBe(200);
    const [line] = (await returnsOf(shopper, path)).body.lines;
    const made = await submit(shopper, path, {
      items: [{ lineItemId: line.lineItemId, quantity: 1 }],
      reason: 'too-small',
    });
    expect(made.status).toBe(201);
    const returnId = made.body.returnId;

    // The label went by mail too, as a PDF.
    const [labelMail] = await mailsTo(stack.gateway, email, 'return-started');
    expect(labelMail.attachments).toEqual([
      { filename: `return-label-${returnId}.pdf`, contentType: 'application/pdf', size: expect.any(Number) },
    ]);

    expect((await ops('returns/VF0000000000-R9/refund')).status).toBe(404);
    expect((await ops(`returns/${returnId}/refund`, { amount: '1' })).status).toBe(400);
    expect((await fetch(`${stack.gateway.url}/api/ops/returns/${returnId}/refund`, { method: 'POST' })).status).toBe(
      401,
    );
    const first = await ops(`returns/${returnId}/refund`);
    expect(first.status).toBe(200);
    const answer = (await first.json()) as {
      refundCents: number;
      items: Array<{ shipmentState: string; paymentState: string }>;
    };
    expect(answer.refundCents).toBe(made.body.refundCents);
    expect(answer.items).toEqual([expect.objectContaining({ shipmentState: 'Returned', paymentState: 'Refunded' })]);
    // Again: the same answer, nothing refunded or mailed twice.
    const again = await ops(`returns/${returnId}/refund`);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(answer);
    const [authorization] = await stack.authorizations(checkout.cart.id!);
    expect(authorization).toMatchObject({ refundedAmount: { centAmount: made.body.refundCents } });
    const refunds = await mailsTo(stack.gateway, email, 'refund-issued');
    expect(refunds).toHaveLength(1);
    expect(refunds[0].text).toContain(returnId);
    expect(refunds[0].text).toContain(`$${(made.body.refundCents / 100).toFixed(2)}`);
    expect((await returnsOf(shopper, path)).body.returns[0].items[0]).toMatchObject({ paymentState: 'Refunded' });
  });
});
