import { randomUUID } from 'node:crypto';
import type { OrderDetail, OrderHistoryPage } from '@shop/contracts';
import {
  type CheckoutStack,
  approvingCard,
  type Json,
  OPS_KEY,
  type Shopper,
  checkoutShopper,
  orderBody,
  startCheckoutStack,
  stockedSkus,
} from './checkout-support';
import { request } from './support';

let stack: CheckoutStack;
beforeAll(async () => {
  stack = await startCheckoutStack('order-history');
}, 180_000);
afterAll(() => stack?.stop());

/** Places one order of `shopper` (a customer when `register`), answering its number and e-mail. */
async function place(shopper: Shopper, brand: string) {
  const [item] = await stockedSkus(stack, brand, 1);
  expect((await shopper.add(item.sku, 1)).status).toBe(200);
  const card = approvingCard();
  const checkout = await shopper.ready(card);
  const placed = await shopper.place(randomUUID(), orderBody(checkout));
  expect(placed.status).toBe(201);
  return { orderNumber: placed.body.orderNumber, email: placed.body.email, last4: card.slice(-4) };
}

const move = (orderNumber: string, action: 'ready' | 'ship' | 'deliver', body: unknown = {}) =>
  request(`${stack.gateway.url}/api/ops/orders/${orderNumber}/${action}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPS_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const json = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as Record<string, Json>,
});

let alice: Shopper;
let bob: Shopper;
let aliceOrder: { orderNumber: string; email: string; last4: string };
/** When the answer placing Alice's order arrived: the order exists from before then. */
let aliceOrderPlacedAt: number;
let bobOrder: { orderNumber: string; email: string };
let everwearOrder: { orderNumber: string; email: string };

beforeAll(async () => {
  alice = await checkoutShopper(stack, 'vanityfair');
  await alice.register('Alice', 'Ames');
  aliceOrder = await place(alice, 'vanityfair');
  aliceOrderPlacedAt = Date.now();
  bob = await checkoutShopper(stack, 'vanityfair');
  await bob.register('Bob', 'Brook');
  bobOrder = await place(bob, 'vanityfair');
  const guest = await checkoutShopper(stack, 'everwear');
  everwearOrder = await place(guest, 'everwear');
}, 180_000);

describe('order history', () => {
  it("lists the signed-in customer's own orders newest first, 12 a page, and shows each one's detail", async () => {
    const page = await alice.send<OrderHistoryPage>('GET', '/api/account/orders');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ offset: 0, total: 1, pageSize: 12 });
    expect(page.body.results.map((o) => o.orderNumber)).toEqual([aliceOrder.orderNumber]);
    expect(page.body.results[0]).toMatchObject({ status: 'placed', itemCount: 1 });
    const detail = await alice.send<OrderDetail>('GET', `/api/account/orders/${aliceOrder.orderNumber}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      orderNumber: aliceOrder.orderNumber,
      status: 'placed',
      payment: { brand: 'visa', last4: aliceOrder.last4 },
      shipment: { state: 'Pending' },
    });
    expect(Object.keys(detail.body.payment).sort()).toEqual(['brand', 'last4']);
    expect(detail.body.lines[0]).toMatchObject({ lineItemId: expect.any(String), quantity: 1 });
  });

  it('validates the offset: a whole number from 0 to 10000', async () => {
    for (const offset of ['-1', '1.5', 'abc', '10001', '00', ''])
      expect((await alice.send('GET', `/api/account/orders?offset=${offset}`)).status).toBe(400);
    expect((await alice.send('GET', '/api/account/orders?offset=10000')).body).toMatchObject({ results: [] });
    expect((await alice.send('GET', '/api/account/orders?offset=12')).status).toBe(200);
  });

  it('asks a guest to sign in for the history', async () => {
    const guest = await checkoutShopper(stack, 'vanityfair');
    const answer = await guest.send('GET', '/api/account/orders');
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('SessionRequired');
  });

  it("never shows a customer another customer's order, nor another brand's, by any route", async () => {
    const other = [bobOrder.orderNumber, everwearOrder.orderNumber, 'VF0000000000', 'nonsense'];
    const bodies = new Set<string>();
    for (const orderNumber of other) {
      for (const path of [`/api/account/orders/${orderNumber}`, `/api/order/${orderNumber}`]) {
        const answer = await alice.send('GET', path);
        expect(answer.status).toBe(404);
        expect(answer.body.error.code).toBe('ORDER_NOT_FOUND');
        bodies.add(answer.body.error.message);
      }
    }
    // Bob's number with Alice's e-mail, and the everwear order looked up on vanityfair, are refused too.
    const wrong = await alice.send('POST', '/api/order/lookup', {
      orderNumber: bobOrder.orderNumber,
      email: aliceOrder.email,
    });
    expect(wrong.status).toBe(404);
    const brand = await alice.send('POST', '/api/order/lookup', {
      orderNumber: everwearOrder.orderNumber,
      email: everwearOrder.email,
    });
    expect(brand.status).toBe(404);
    expect((await alice.send('GET', `/api/order/${bobOrder.orderNumber}`)).status).toBe(404);
    expect((await bob.send('GET', `/api/account/orders/${aliceOrder.orderNumber}`)).status).toBe(404);
    expect(
      (await bob.send<OrderHistoryPage>('GET', '/api/account/orders')).body.results.map((o) => o.orderNumber),
    ).toEqual([bobOrder.orderNumber]);
  });
});

describe('looking an order up by number and e-mail', () => {
  it('answers a wrong number and a wrong e-mail identically, and grants the session the order on a match', async () => {
    const guest = await checkoutShopper(stack, 'vanityfair');
    const wrongEmail = await guest.send('POST', '/api/order/lookup', {
      orderNumber: bobOrder.orderNumber,
      email: 'someone-else@example.com',
    });
    const wrongNumber = await guest.send('POST', '/api/order/lookup', {
      orderNumber: 'VF0000000001',
      email: bobOrder.email,
    });
    expect(wrongEmail.status).toBe(404);
    expect(wrongNumber.status).toBe(404);
    const strip = (body: { error?: Record<string, unknown> }) => ({ ...body.error, correlationId: undefined });
    expect(strip(wrongEmail.body)).toEqual(strip(wrongNumber.body));
    expect((await guest.send('GET', `/api/order/${bobOrder.orderNumber}`)).status).toBe(404);

    const found = await guest.send<OrderDetail>('POST', '/api/order/lookup', {
      orderNumber: bobOrder.orderNumber.toLowerCase(),
      email: ` ${bobOrder.email.toUpperCase()} `,
    });
    expect(found.status).toBe(200);
    expect(found.body.orderNumber).toBe(bobOrder.orderNumber);
    const again = await guest.send<OrderDetail>('GET', `/api/order/${bobOrder.orderNumber}`);
    expect(again.status).toBe(200);
    // The grant is for that order only, and only in this session.
    expect((await guest.send('GET', `/api/order/${aliceOrder.orderNumber}`)).status).toBe(404);
    expect((await alice.send('GET', `/api/order/${bobOrder.orderNumber}`)).status).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    const guest = await checkoutShopper(stack, 'vanityfair');
    expect((await guest.send('POST', '/api/order/lookup', { orderNumber: 'VF1' })).status).toBe(400);
    expect((await guest.send('POST', '/api/order/lookup', { orderNumber: 'VF1', email: 'a@b.c', x: 1 })).status).toBe(
      400,
    );
  });

  it('limits lookups of one order number (429 TOO_MANY_REQUESTS)', async () => {
    const guest = await checkoutShopper(stack, 'vanityfair');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1)
      statuses.push(
        (await guest.send('POST', '/api/order/lookup', { orderNumber: 'VF1234567890', email: `x${i}@example.com` }))
          .status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await guest.send('POST', '/api/order/lookup', { orderNumber: 'VF1234567890', email: 'y@x.com' });
    expect(limited.body.error.code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('fulfilment moves (ops)', () => {
  it('moves an order ready, shipped with tracking, delivered at a past time; each repeatable, wrong moves refused', async () => {
    const n = aliceOrder.orderNumber;
    expect((await move(n, 'deliver')).status).toBe(409);
    const ready = await json(await move(n, 'ready'));
    expect(ready).toMatchObject({ status: 200, body: { shipmentState: 'Ready' } });
    expect((await move(n, 'ready')).status).toBe(200);
    expect((await move(n, 'ship', { carrier: 'UPS' })).status).toBe(400);
    const shipped = await json(await move(n, 'ship', { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }));
    expect(shipped.body).toMatchObject({
      shipmentState: 'Shipped',
      paymentState: 'Paid',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect((await move(n, 'ship', { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).status).toBe(200);
    expect((await move(n, 'ship', { carrier: 'UPS', trackingNumber: 'OTHER-1234' })).status).toBe(409);
    expect((await move(n, 'ready')).status).toBe(409);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await move(n, 'deliver', { deliveredAt: future })).status).toBe(400);
    expect((await move(n, 'deliver', { deliveredAt: 'yesterday' })).status).toBe(400);
    // In the past, and not before the order was placed (the suite can get here within a second).
    const at = new Date(Math.max(aliceOrderPlacedAt, Date.now() - 1_000)).toISOString();
    const delivered = await json(await move(n, 'deliver', { deliveredAt: at }));
    expect(delivered.body).toMatchObject({ shipmentState: 'Delivered', deliveredAt: at });
    const repeated = await json(await move(n, 'deliver'));
    expect(repeated.body.deliveredAt).toBe(at);

    // Recorded on the order as commercetools has it: the custom field and the parcel's tracking data.
    const { inStore } = await stack.graphql(
      `query($n: String!) { inStore(key: "vanityfair") { order(orderNumber: $n) { shipmentState
        custom { customFieldsRaw { name value } }
        shippingInfo { deliveries { items { id quantity } parcels { trackingData { trackingId carrier isReturn } } } } } } }`,
      { n },
    );
    expect(inStore.order.shipmentState).toBe('Delivered');
    expect(inStore.order.custom.customFieldsRaw).toContainEqual({ name: 'deliveredAt', value: at });
    expect(inStore.order.shippingInfo.deliveries[0].parcels[0].trackingData).toEqual({
      trackingId: '1Z999AA10123456784',
      carrier: 'UPS',
      isReturn: false,
    });

    const detail = await alice.send<OrderDetail>('GET', `/api/account/orders/${n}`);
    expect(detail.body).toMatchObject({
      status: 'delivered',
      shipment: { state: 'Delivered', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', deliveredAt: at },
    });
    expect(detail.body.shipment.trackingUrl).toMatch(/^https:\/\/www\.ups\.com\//);
  });

  it('needs the back-office key and a known order', async () => {
    const noKey = await request(`${stack.gateway.url}/api/ops/orders/${bobOrder.orderNumber}/ready`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noKey.status).toBe(401);
    expect((await move('VF0000000002', 'ready')).status).toBe(404);
  });
});
