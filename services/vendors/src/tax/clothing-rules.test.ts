import { CLOTHING_RULES } from './clothing-rules';
import { type TaxCategory, quoteTax } from './tax-quote';
import { type ResolvedRate, rateFor } from './tax-rates';

/** One unit of `cents` in a state's ZIP code, as clothing or general merchandise. */
const one = (rate: ResolvedRate, cents: number, taxCategory: TaxCategory) =>
  quoteTax(rate, [{ id: 'line-1', quantity: 1, unitAmounts: [cents], taxCategory }]).lines[0];

const nyc = rateFor('NY', '10001', 'New York');
const buffalo = rateFor('NY', '14201', 'New York');
const philadelphia = rateFor('PA', '19103', 'Pennsylvania');
const newark = rateFor('NJ', '07102', 'New Jersey');
const minneapolis = rateFor('MN', '55401', 'Minnesota');
const boston = rateFor('MA', '02108', 'Massachusetts');

describe('clothing in New York (exempt under $110 an item)', () => {
  it('charges nothing on a $40 bra in New York City, whose 8.875 % exempts it too', () => {
    expect(one(nyc, 4000, 'clothing')).toEqual({ id: 'line-1', rate: 0, tax: 0, exemptAmount: 4000 });
  });

  it('taxes a $120 item in full at 8.875 %, and $110.00 but not $109.99', () => {
    // 12000 x 0.08875 = 1065.
    expect(one(nyc, 12_000, 'clothing')).toEqual({ id: 'line-1', rate: 0.08875, tax: 1065, exemptAmount: 0 });
    // 11000 x 0.08875 = 976.25 -> 976.
    expect(one(nyc, 11_000, 'clothing')).toMatchObject({ tax: 976, exemptAmount: 0 });
    expect(one(nyc, 10_999, 'clothing')).toMatchObject({ tax: 0, rate: 0, exemptAmount: 10_999 });
  });

  it('applies the limit to each unit’s price after discounts, not to the line', () => {
    const line = quoteTax(nyc, [{ id: 'a', quantity: 3, unitAmounts: [9000, 9000, 9000], taxCategory: 'clothing' }]);
    expect(line.lines[0]).toMatchObject({ tax: 0, exemptAmount: 27_000 });
    // A $120 item with $15 off is a $105 item.
    expect(one(nyc, 10_500, 'clothing').tax).toBe(0);
  });

  it('exempts the state part outside the city as well (the stand-in has no local rate there)', () => {
    expect(one(buffalo, 4000, 'clothing')).toEqual({ id: 'line-1', rate: 0, tax: 0, exemptAmount: 4000 });
    expect(one(buffalo, 12_000, 'clothing')).toMatchObject({ rate: 0.04, tax: 480 });
  });

  it('keeps a local rate that does not follow the state’s exemption', () => {
    // A locality taxing clothing at 4 % on top of the state's 4 %.
    const county: ResolvedRate = {
      name: 'New York sales tax + a county',
      rate: 8000,
      shippingTaxable: true,
      clothing: { rule: CLOTHING_RULES.NY, rate: 4000 },
    };
    expect(one(county, 4000, 'clothing')).toEqual({ id: 'line-1', rate: 0.04, tax: 160, exemptAmount: 4000 });
    expect(one(county, 12_000, 'clothing')).toMatchObject({ rate: 0.08, tax: 960, exemptAmount: 0 });
  });
});

describe.each([
  ['Pennsylvania', philadelphia, 0.06, 240],
  ['New Jersey', newark, 0.06625, 265],
  ['Minnesota', minneapolis, 0.06875, 275],
])('clothing in %s (exempt)', (_state, rate, fraction, taxOn40) => {
  it('charges nothing on clothing at any price', () => {
    expect(one(rate, 4000, 'clothing')).toEqual({ id: 'line-1', rate: 0, tax: 0, exemptAmount: 4000 });
    expect(one(rate, 50_000, 'clothing')).toMatchObject({ rate: 0, tax: 0, exemptAmount: 50_000 });
  });

  it('taxes other goods at the state rate', () => {
    expect(one(rate, 4000, 'general')).toEqual({ id: 'line-1', rate: fraction, tax: taxOn40, exemptAmount: 0 });
  });
});

describe('clothing in Massachusetts (the first $175 of an item exempt)', () => {
  it('charges nothing on a $40 item, nor on one of exactly $175', () => {
    expect(one(boston, 4000, 'clothing')).toEqual({ id: 'line-1', rate: 0, tax: 0, exemptAmount: 4000 });
    expect(one(boston, 17_500, 'clothing')).toMatchObject({ tax: 0, exemptAmount: 17_500 });
  });

  it('taxes the $25 of a $200 item over $175 at 6.25 %, with a line rate that gives that tax on $200', () => {
    // 2500 x 0.0625 = 156.25 -> 156.
    const line = one(boston, 20_000, 'clothing');
    expect(line).toEqual({ id: 'line-1', rate: 0.0078, tax: 156, exemptAmount: 17_500 });
    // What a platform computes from the rate, per unit, half up.
    expect(Math.floor(20_000 * 0.0078 + 0.5)).toBe(156);
  });

  it('rounds the taxed part half up: 8 cents over is half a cent of tax, 1 cent', () => {
    expect(one(boston, 17_508, 'clothing').tax).toBe(1);
    expect(one(boston, 17_507, 'clothing').tax).toBe(0);
  });

  it('taxes other goods on the whole price', () => {
    expect(one(boston, 20_000, 'general')).toEqual({ id: 'line-1', rate: 0.0625, tax: 1250, exemptAmount: 0 });
  });
});

describe('other goods and other states', () => {
  it.each([
    ['New York City', nyc, 0.08875, 355],
    ['New York outside the city', buffalo, 0.04, 160],
    ['Pennsylvania', philadelphia, 0.06, 240],
    ['New Jersey', newark, 0.06625, 265],
    ['Minnesota', minneapolis, 0.06875, 275],
    ['Massachusetts', boston, 0.0625, 250],
  ])('taxes a $40 basketball in %s as before', (_place, rate, fraction, tax) => {
    expect(one(rate, 4000, 'general')).toEqual({ id: 'line-1', rate: fraction, tax, exemptAmount: 0 });
    // Without a category a line is general merchandise.
    expect(quoteTax(rate, [{ id: 'line-1', quantity: 1, unitAmounts: [4000] }]).lines[0].tax).toBe(tax);
  });

  it('taxes clothing in full where the state has no clothing rule (San Francisco 8.625 %)', () => {
    const sf = rateFor('CA', '94103', 'California');
    expect(one(sf, 4000, 'clothing')).toEqual(one(sf, 4000, 'general'));
    expect(one(sf, 4000, 'clothing').tax).toBe(345);
  });
});

describe('shipping with clothing', () => {
  it('is not taxed when it delivers exempt clothing only (New York City, Pennsylvania)', () => {
    const bra = { id: 'bra', quantity: 1, unitAmounts: [4000], taxCategory: 'clothing' as const };
    expect(quoteTax(nyc, [bra], { amount: 599 })).toEqual({
      lines: [{ id: 'bra', rate: 0, tax: 0, exemptAmount: 4000 }],
      shipping: { rate: 0, tax: 0 },
      totalTax: 0,
    });
    expect(quoteTax(philadelphia, [bra], { amount: 599 }).shipping).toEqual({ rate: 0, tax: 0 });
    // Free shipping shows the goods' rate too.
    expect(quoteTax(nyc, [bra], { amount: 0 }).shipping).toEqual({ rate: 0, tax: 0 });
  });

  it('is taxed in the share of the goods that are taxed, at the goods’ average rate', () => {
    const quote = quoteTax(
      nyc,
      [
        { id: 'bra', quantity: 1, unitAmounts: [4000], taxCategory: 'clothing' },
        { id: 'ball', quantity: 1, unitAmounts: [4000], taxCategory: 'general' },
      ],
      { amount: 1000 },
    );
    // Half the goods taxed: 1000 x 0.08875 / 2 = 44.375 -> 44.
    expect(quote.shipping).toEqual({ rate: 0.044, tax: 44 });
    expect(quote.totalTax).toBe(355 + 44);
  });

  it('is taxed at the address rate with general goods, as before', () => {
    const quote = quoteTax(nyc, [{ id: 'ball', quantity: 1, unitAmounts: [4000] }], { amount: 1000 });
    expect(quote.shipping).toEqual({ rate: 0.08875, tax: 89 });
    const free = quoteTax(nyc, [{ id: 'ball', quantity: 1, unitAmounts: [4000] }], { amount: 0 });
    expect(free.shipping).toEqual({ rate: 0.08875, tax: 0 });
  });
});
