import { evaluate, nonApplicable } from './discount-rules';
import type { CartDiscount, DiscountCode } from './discount-types';

const at = Date.parse('2026-11-21T12:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();

const discount = (permyriad: number, extra: Partial<CartDiscount> = {}): CartDiscount => ({
  id: `cd-${permyriad}`,
  version: 1,
  key: `percent-${permyriad / 100}`,
  name: { 'en-US': 'off' },
  value: { type: 'relative', permyriad },
  cartPredicate: '1 = 1',
  target: { type: 'lineItems', predicate: '1 = 1' },
  sortOrder: '0.1',
  stores: [{ typeId: 'store', key: 'everwear' }],
  isActive: true,
  requiresDiscountCode: true,
  stackingMode: 'Stacking',
  references: [],
  createdAt: iso(at),
  lastModifiedAt: iso(at),
  ...extra,
});

const code = (extra: Partial<DiscountCode> = {}): DiscountCode => ({
  id: 'code-1',
  version: 1,
  code: 'WELCOME-1121-ABC',
  cartDiscounts: [],
  stores: [{ typeId: 'store', key: 'everwear' }],
  isActive: true,
  references: [],
  groups: [],
  createdAt: iso(at),
  lastModifiedAt: iso(at),
  ...extra,
});

describe('discount code evaluation', () => {
  it('grants the sum of its active, valid cart discounts', () => {
    expect(evaluate(code(), [discount(1500)], at)).toEqual({ usable: true, percentOff: 15 });
    expect(evaluate(code(), [discount(1000), discount(1250), discount(2000, { isActive: false })], at)).toEqual({
      usable: true,
      percentOff: 22.5,
    });
  });

  it('is NotActive when the code, or every cart discount it grants, is switched off', () => {
    expect(evaluate(code({ isActive: false }), [discount(1500)], at)).toEqual({ usable: false, reason: 'NotActive' });
    expect(evaluate(code(), [discount(1500, { isActive: false })], at)).toEqual({ usable: false, reason: 'NotActive' });
  });

  it('is valid from validFrom up to validUntil, and NotValid before or from then on', () => {
    const window = code({ validFrom: iso(at), validUntil: iso(at + 1000) });
    expect(evaluate(window, [discount(1500)], at).usable).toBe(true);
    expect(evaluate(window, [discount(1500)], at + 999).usable).toBe(true);
    expect(evaluate(window, [discount(1500)], at - 1)).toEqual({ usable: false, reason: 'NotValid' });
    expect(evaluate(window, [discount(1500)], at + 1000)).toEqual({ usable: false, reason: 'NotValid' });
  });

  it('is NotValid when every active cart discount is outside its own window', () => {
    expect(evaluate(code(), [discount(1500, { validUntil: iso(at - 1) })], at)).toEqual({
      usable: false,
      reason: 'NotValid',
    });
    expect(evaluate(code(), [discount(1500, { validUntil: iso(at - 1) }), discount(1000)], at)).toEqual({
      usable: true,
      percentOff: 10,
    });
  });

  it('reports the reason, the window and the check time in the commercetools error', () => {
    const error = nonApplicable('WELCOME-1121-ABC', 'NotValid', code({ validUntil: iso(at - 1) }), at);
    expect(error).toMatchObject({ statusCode: 400, code: 'DiscountCodeNonApplicable' });
    expect(error.extras).toEqual({
      discountCode: 'WELCOME-1121-ABC',
      reason: 'NotValid',
      discountCodeId: 'code-1',
      validUntil: iso(at - 1),
      validityCheckTime: iso(at),
    });
  });
});
