import {
  type ReturnableOrder,
  donationChance,
  donationOffered,
  refundCents,
  refundSpeed,
  returnEligibility,
  returnOffer,
  returnableQuantity,
  selectionProblem,
  stableBucket,
} from './returns-rules';

const DELIVERED = '2026-01-01T12:00:00.000Z';
const at = (ms: number) => Date.parse(DELIVERED) + ms;
const DAY = 24 * 60 * 60 * 1000;

const order = (over: Partial<ReturnableOrder> = {}): ReturnableOrder => ({
  orderNumber: 'VF-100001',
  orderState: 'Confirmed',
  shipmentState: 'Delivered',
  typeKey: 'order-b2c',
  deliveredAt: DELIVERED,
  shippingState: 'TX',
  lines: [
    { id: 'a', quantity: 2, unitCentAmount: 2500 },
    { id: 'b', quantity: 1, unitCentAmount: 4999 },
  ],
  returned: {},
  ...over,
});

describe('return window (30 days from delivery)', () => {
  it('is open at exactly 30 days and at 29 days 23 hours', () => {
    expect(returnEligibility(order(), at(30 * DAY))).toMatchObject({ eligible: true, code: 'ELIGIBLE', daysLeft: 1 });
    expect(returnEligibility(order(), at(29 * DAY + 23 * 60 * 60 * 1000))).toMatchObject({
      eligible: true,
      daysLeft: 1,
    });
  });

  it('is closed one second after 30 days', () => {
    expect(returnEligibility(order(), at(30 * DAY + 1000))).toMatchObject({
      eligible: false,
      code: 'RETURN_WINDOW_CLOSED',
      daysLeft: 0,
    });
  });

  it('counts the days left, rounding up', () => {
    expect(returnEligibility(order(), at(0)).daysLeft).toBe(30);
    expect(returnEligibility(order(), at(DAY / 2)).daysLeft).toBe(30);
    expect(returnEligibility(order(), at(DAY)).daysLeft).toBe(29);
  });

  it('refuses an order not delivered yet, saying so', () => {
    const shipped = returnEligibility(order({ shipmentState: 'Shipped' }), at(0));
    expect(shipped).toMatchObject({ eligible: false, code: 'NOT_DELIVERED' });
    expect(shipped.message).toMatch(/not been delivered/);
    expect(returnEligibility(order({ deliveredAt: undefined }), at(0)).code).toBe('NOT_DELIVERED');
  });

  it('refuses cancelled orders and orders of another type', () => {
    expect(returnEligibility(order({ orderState: 'Cancelled' }), at(0)).code).toBe('ORDER_NOT_RETURNABLE');
    expect(returnEligibility(order({ typeKey: 'order-b2b' }), at(0)).code).toBe('ORDER_NOT_RETURNABLE');
    expect(returnEligibility(order({ typeKey: undefined }), at(0)).code).toBe('ORDER_NOT_RETURNABLE');
  });

  it('has nothing left once every line is returned', () => {
    expect(returnEligibility(order({ returned: { a: 2, b: 1 } }), at(0)).code).toBe('NOTHING_LEFT');
  });
});

describe('quantities', () => {
  it('subtracts what was already returned', () => {
    const o = order({ returned: { a: 1 } });
    expect(returnableQuantity(o, 'a')).toBe(1);
    expect(returnableQuantity(o, 'b')).toBe(1);
    expect(returnableQuantity(o, 'zzz')).toBe(0);
  });

  it('refuses more than bought, more than left, unknown lines and the same line twice over the limit', () => {
    expect(selectionProblem(order(), [{ lineItemId: 'a', quantity: 2 }])).toBeUndefined();
    expect(selectionProblem(order(), [{ lineItemId: 'a', quantity: 3 }])?.code).toBe('RETURN_QUANTITY_EXCEEDED');
    expect(selectionProblem(order({ returned: { a: 1 } }), [{ lineItemId: 'a', quantity: 2 }])?.message).toMatch(
      /at most 1/,
    );
    expect(selectionProblem(order({ returned: { b: 1 } }), [{ lineItemId: 'b', quantity: 1 }])?.message).toMatch(
      /already returned/,
    );
    expect(selectionProblem(order(), [{ lineItemId: 'x', quantity: 1 }])).toBeDefined();
    expect(
      selectionProblem(order(), [
        { lineItemId: 'a', quantity: 1 },
        { lineItemId: 'a', quantity: 2 },
      ]),
    ).toBeDefined();
  });
});

describe('refund speed (fast at or above 100.00 USD of returned lines)', () => {
  it('is standard at 99.99 and fast at 100.00', () => {
    expect(refundSpeed(9999)).toBe('standard');
    expect(refundSpeed(10000)).toBe('fast');
  });

  it('sums unit price times quantity of the chosen lines', () => {
    expect(refundCents(order(), [{ lineItemId: 'a', quantity: 2 }])).toBe(5000);
    expect(
      refundCents(order(), [
        { lineItemId: 'a', quantity: 2 },
        { lineItemId: 'b', quantity: 1 },
      ]),
    ).toBe(9999);
    const big = order({ lines: [{ id: 'a', quantity: 4, unitCentAmount: 2500 }] });
    expect(returnOffer(big, 1, [{ lineItemId: 'a', quantity: 4 }]).refundSpeed).toBe('fast');
  });
});

describe('donation offer', () => {
  it('is 100 % for military states, territories, Hawaii and Alaska; 50 % elsewhere', () => {
    for (const state of ['AA', 'AE', 'AP', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM', 'HI', 'AK'])
      expect(donationChance(state)).toBe(100);
    for (const state of ['TX', 'CA', 'NY', undefined]) expect(donationChance(state)).toBe(50);
  });

  it('is never offered below 50.00 USD, even at 100 %', () => {
    expect(donationOffered(order({ shippingState: 'HI' }), 1, 4999)).toBe(false);
    expect(donationOffered(order({ shippingState: 'HI' }), 1, 5000)).toBe(true);
  });

  it('follows a stable draw of the order number and return number at 50 %', () => {
    expect(stableBucket('VF-100001:1')).toBe(stableBucket('VF-100001:1'));
    const numbers = Array.from({ length: 200 }, (_, i) => `VF-${100000 + i}:1`);
    const offered = numbers.filter((n) => stableBucket(n) < 50).length;
    expect(offered).toBeGreaterThan(60);
    expect(offered).toBeLessThan(140);
    const won = numbers.find((n) => stableBucket(n) < 50)!.split(':')[0];
    const lost = numbers.find((n) => stableBucket(n) >= 50)!.split(':')[0];
    expect(donationOffered(order({ orderNumber: won }), 1, 5000)).toBe(true);
    expect(donationOffered(order({ orderNumber: lost }), 1, 5000)).toBe(false);
  });
});
