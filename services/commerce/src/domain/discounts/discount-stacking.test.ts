import type { CartDiscountCodeEntry } from '../carts/cart-types';
import { stackCodes } from './discount-stacking';

const entry = (code: string, percent: number, stackingMode = 'StopAfterThisDiscount'): CartDiscountCodeEntry => ({
  discountCode: { typeId: 'discount-code', id: `id-${code}`, code },
  state: 'MatchesCart',
  percentOff: percent,
  cartDiscounts: [{ id: `cd-${code}`, permyriad: percent * 100, sortOrder: String(percent / 100), stackingMode }],
});

describe('stacking the codes on a cart (commercetools stackingMode and sortOrder)', () => {
  it('applies only the best of codes whose discounts stop the ones after them; the rest are stopped', () => {
    const codes = [
      entry('VANITYFAIR10', 10),
      entry('VANITYFAIR20', 20),
      ...[1, 2, 3, 4, 5].map((n) => entry(`VF-WELCOME-${n}`, 15)),
    ];
    const stacked = stackCodes(codes);
    expect(stacked.filter((c) => c.state === 'MatchesCart').map((c) => c.discountCode.code)).toEqual(['VANITYFAIR20']);
    expect(stacked.filter((c) => c.state === 'ApplicationStoppedByPreviousDiscount')).toHaveLength(6);
    expect(stacked.reduce((sum, c) => sum + c.percentOff, 0)).toBe(20);
  });

  it('lets Stacking discounts of a higher sortOrder add up until a stopping one has applied', () => {
    const stacked = stackCodes([
      entry('A5', 5, 'Stacking'),
      entry('B30', 30, 'Stacking'),
      entry('C10', 10),
      entry('D8', 8),
    ]);
    expect(stacked.map((c) => c.state)).toEqual([
      'ApplicationStoppedByPreviousDiscount',
      'MatchesCart',
      'MatchesCart',
      'ApplicationStoppedByPreviousDiscount',
    ]);
  });

  it('leaves codes that do not match the cart as they are, and an entry with no recorded mode stops the rest', () => {
    const expired = { ...entry('OLD', 50), state: 'NotValid' as const, percentOff: 0, cartDiscounts: [] };
    const legacy = { ...entry('LEGACY', 25), cartDiscounts: [{ id: 'cd', permyriad: 2500 }] };
    const stacked = stackCodes([expired, legacy, entry('X10', 10, 'Stacking')]);
    expect(stacked.map((c) => c.state)).toEqual(['NotValid', 'MatchesCart', 'ApplicationStoppedByPreviousDiscount']);
  });
});
