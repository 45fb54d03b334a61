import { randomUUID } from 'node:crypto';
import type { LoyaltyHistoryLine, ReturnsView } from '@shop/contracts';
import {
  type CheckoutStack,
  OPS_KEY,
  type Shopper,
  checkoutShopper,
  ops,
  orderBody,
  startCheckoutStack,
  stockedSkus,
} from './checkout-support';

/**
 * Issue 28 finding 4: an everwear order's points were spendable the moment it was placed and
 * stayed after a cancel or a return, so order → redeem → cancel turned into money. Points now
 * wait (pending) until the order ships, a cancel takes them back and gives back what was
 * redeemed, a return takes back the returned units' points, each movement once.
 */
let stack: CheckoutStack;
beforeAll(async () => {
  stack = await startCheckoutStack('abuse-loyalty');
}, 180_000);
afterAll(() => stack?.stop());

const back = (orderNumber: string, action: 'deliver') =>
  fetch(`${stack.gateway.url}/api/ops/orders/${orderNumber}/${action}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OPS_KEY}`, 'content-type': 'application/json' },
    body: '{}',
  });

/** A signed-in everwear customer who joined the programme (1000 welcome points). */
async function member(): Promise<Shopper> {
  const shopper = await checkoutShopper(stack, 'everwear');
  await shopper.register();
  expect((await shopper.joinLoyalty()).status).toBe(201);
  return shopper;
}

const ledger = (lines: LoyaltyHistoryLine[]) =>
  lines.map(({ kind, points, orderNumber, returnId }) => [kind, points, orderNumber, returnId]);

async function standing(shopper: Shopper) {
  const answer = await shopper.loyalty();
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('loyalty points follow the order (issue 28, finding 4)', () => {
  it('keeps the points an order earns pending, not redeemable, until it ships; then they are available', async () => {
    const [item, other] = await stockedSkus(stack, 'everwear', 3);
    const shopper = await member();
    await shopper.add(item.sku, 1);
    const placed = await shopper.place(randomUUID(), orderBody(await shopper.ready()));
    expect(placed.status).toBe(201);
    const earned = 2 * Math.floor(item.price / 100);
    expect(earned).toBeGreaterThan(0);
    expect(placed.body.loyalty).toEqual({ earned, redeemed: 0 });
    const { orderNumber } = placed.body;

    const before = await standing(shopper);
    expect(before.member).toMatchObject({ balance: 1000, available: 1000, pending: earned, owed: 0 });
    expect(ledger(before.history)[0]).toEqual(['pending', earned, orderNumber, undefined]);
    // The next bag can redeem the 1000 posted points, not the pending ones.
    await shopper.add(other.sku, 1);
    const next = await shopper.ready();
    expect(next.checkout.loyalty?.balance).toBe(1000);

    expect((await ops(stack, orderNumber, 'fulfil')).status).toBe(200);
    const after = await standing(shopper);
    expect(after.member).toMatchObject({ balance: 1000 + earned, available: 1000 + earned, pending: 0 });
    expect(ledger(after.history)[0]).toEqual(['posted', earned, orderNumber, undefined]);
    // Shipping again (a retry) posts nothing more.
    expect((await ops(stack, orderNumber, 'fulfil')).status).toBe(200);
    expect((await standing(shopper)).member?.balance).toBe(1000 + earned);
  });

  it('order → redeem → cancel: the redeemed points come back, the earned ones go, a repeated cancel moves nothing', async () => {
    const [item] = await stockedSkus(stack, 'everwear', 3);
    const shopper = await member();
    await shopper.add(item.sku, 1);
    await shopper.ready();
    const redeemed = (await shopper.redeem(100)).body;
    const placed = await shopper.place(randomUUID(), orderBody(redeemed));
    expect(placed.status).toBe(201);
    const { orderNumber } = placed.body;
    const earned = 2 * Math.floor((item.price - 100) / 100);
    expect(placed.body.loyalty).toEqual({ earned, redeemed: 100 });
    expect((await standing(shopper)).member).toMatchObject({ balance: 900, pending: earned });

    // The back office cancels, and its retries cancel again.
    for (let attempt = 0; attempt < 3; attempt++) expect((await ops(stack, orderNumber, 'cancel')).status).toBe(200);

    const after = await standing(shopper);
    expect(after.member).toMatchObject({ balance: 1000, held: 0, available: 1000, pending: 0, owed: 0 });
    expect(ledger(after.history)).toEqual([
      ['refunded', 100, orderNumber, undefined],
      ['reversed', -earned, orderNumber, undefined],
      ['pending', earned, orderNumber, undefined],
      ['redeemed', -100, orderNumber, undefined],
      ['welcome', 1000, undefined, undefined],
    ]);
  });

  it('a return takes back the returned units’ points, all of them for a full return, never twice', async () => {
    const [item] = await stockedSkus(stack, 'everwear', 3);
    const shopper = await member();
    await shopper.add(item.sku, 2);
    const placed = await shopper.place(randomUUID(), orderBody(await shopper.ready()));
    expect(placed.status).toBe(201);
    const { orderNumber } = placed.body;
    const earned = placed.body.loyalty!.earned;
    expect(earned).toBe(2 * Math.floor((2 * item.price) / 100));
    expect((await ops(stack, orderNumber, 'fulfil')).status).toBe(200);
    expect((await back(orderNumber, 'deliver')).status).toBe(200);
    expect((await standing(shopper)).member?.balance).toBe(1000 + earned);

    const path = `/api/account/orders/${orderNumber}/returns`;
    const view = await shopper.send<ReturnsView>('GET', path);
    const { lineItemId } = view.body.lines[0];
    const returnOne = () => shopper.send('POST', path, { items: [{ lineItemId, quantity: 1 }], reason: 'too-small' });
    expect((await returnOne()).status).toBe(201);
    const half = Math.round(earned / 2);
    expect((await standing(shopper)).member?.balance).toBe(1000 + earned - half);
    // The second return also re-sends the first one's reversal: it is not done twice.
    expect((await returnOne()).status).toBe(201);
    const after = await standing(shopper);
    expect(after.member).toMatchObject({ balance: 1000, pending: 0, owed: 0 });
    expect(ledger(after.history).slice(0, 2)).toEqual([
      ['reversed', -(earned - half), orderNumber, `${orderNumber}-R2`],
      ['reversed', -half, orderNumber, `${orderNumber}-R1`],
    ]);
  });
});
