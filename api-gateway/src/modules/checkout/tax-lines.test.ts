import type { TaxQuote } from '../../clients/tax';
import { cartFixture } from './checkout-testing';
import { clearTaxActions, goodsRate, quoteRequestOf, taxActionsOf, taxCategoryOf, taxState } from './tax-lines';

const address = { country: 'US', state: 'NY', postalCode: '10001', city: 'NEW YORK' };
const shipping = { methodKey: 'vanityfair-standard-ground', name: 'Standard', price: 595 };
const rate = { name: 'New York sales tax + New York City', amount: 0.08875, state: 'NY' };
const quote: TaxQuote = {
  rate: { ...rate, postalCode: '10001' },
  lines: [{ id: 'line-1', rate: 0.08875, tax: 240 }],
  shipping: { rate: 0.08875, tax: 53 },
  totalTax: 293,
};

describe('taxes on the cart', () => {
  it('asks the vendor with each unit’s net amount after codes, the catalogue’s tax category, and the shipping', () => {
    const catalogue = new Map([['VF1-34B', { taxCategory: 'clothing' }]]);
    expect(quoteRequestOf(cartFixture(), catalogue, 'corr')).toBeUndefined();
    expect(quoteRequestOf(cartFixture({ shippingAddress: address, shipping }), catalogue, 'corr')).toEqual({
      address: { state: 'NY', postalCode: '10001', city: 'NEW YORK' },
      lines: [{ id: 'line-1', quantity: 3, unitAmounts: [900, 900, 900], taxCategory: 'clothing' }],
      shipping: { amount: 595 },
      correlationId: 'corr',
    });
  });

  it('tells the vendor only the categories it knows: anything else, or none, is general merchandise, taxed in full', () => {
    expect(taxCategoryOf({ taxCategory: 'clothing' })).toBe('clothing');
    expect(taxCategoryOf({ taxCategory: 'general' })).toBe('general');
    for (const key of ['Clothing', 'food', ' clothing', ''])
      expect(taxCategoryOf({ taxCategory: key })).toBe('general');
    expect(taxCategoryOf({})).toBe('general');
    // A product no longer in the store.
    expect(taxCategoryOf(undefined)).toBe('general');
    const cart = cartFixture({ shippingAddress: address });
    expect(quoteRequestOf(cart, new Map(), 'corr')?.lines[0].taxCategory).toBe('general');
  });

  it('puts the quote on every line, the shipping and the loyalty line, after the SPEC §9 settings when missing', () => {
    const cart = cartFixture({
      shippingAddress: address,
      shipping,
      taxMode: 'Platform',
      customLines: [
        { id: 'custom-1', slug: 'loyalty-redemption', name: 'Points', quantity: 1, money: -200, total: -200 },
      ],
    });
    expect(taxActionsOf(cart, quote)).toEqual([
      { taxSettings: { taxMode: 'External', taxRoundingMode: 'HalfUp', taxCalculationMode: 'UnitPriceLevel' } },
      { setLineTaxRate: { lineId: 'line-1', taxRate: rate } },
      { setCustomLineTaxRate: { id: 'custom-1', taxRate: rate } },
      { setShippingTaxRate: rate },
    ]);
    // A state that does not tax shipping: the shipping's rate is 0.
    const untaxedShipping = { ...quote, shipping: { rate: 0, tax: 0 } };
    expect(taxActionsOf(cartFixture({ shippingAddress: address, shipping }), untaxedShipping).at(-1)).toEqual({
      setShippingTaxRate: { ...rate, amount: 0 },
    });
  });

  it('takes points off exempt clothing with no tax, and off mixed goods at their weighted rate', () => {
    const loyalty = {
      id: 'custom-1',
      slug: 'loyalty-redemption',
      name: 'Points',
      quantity: 1,
      money: -200,
      total: -200,
    };
    const exempt = cartFixture({ shippingAddress: address, shipping, customLines: [loyalty] });
    const exemptQuote: TaxQuote = {
      ...quote,
      lines: [{ id: 'line-1', rate: 0, tax: 0 }],
      shipping: { rate: 0, tax: 0 },
    };
    expect(taxActionsOf(exempt, exemptQuote)).toEqual([
      { setLineTaxRate: { lineId: 'line-1', taxRate: { ...rate, amount: 0 } } },
      { setCustomLineTaxRate: { id: 'custom-1', taxRate: { ...rate, amount: 0 } } },
      { setShippingTaxRate: { ...rate, amount: 0 } },
    ]);
    // A $27 exempt line and a $40 basketball at 8.875 %: (0 x 2700 + 0.08875 x 4000) / 6700.
    const mixed = cartFixture({
      lines: [exempt.lines[0], { ...exempt.lines[0], id: 'line-2', quantity: 1, unitNets: [4000] }],
    });
    const rates = new Map([
      ['line-1', 0],
      ['line-2', 0.08875],
    ]);
    expect(goodsRate(mixed, rates, 0.08875)).toBe(0.05299);
    expect(goodsRate(mixed, new Map([['line-1', 0.08875]]), 0.08875)).toBe(0.08875);
  });

  it('is complete only when everything has a rate for an address; a line added after the quote makes it partial', () => {
    expect(taxState(cartFixture())).toBe('none');
    const taxed = cartFixture({
      shippingAddress: address,
      shipping: { ...shipping, taxRate: rate },
      lineTaxRates: { 'line-1': rate },
      taxedPrice: { net: 3295, gross: 3588, tax: 293 },
    });
    expect(taxState(taxed)).toBe('complete');
    const added = { ...taxed, lines: [...taxed.lines, { ...taxed.lines[0], id: 'line-2' }] };
    expect(taxState(added)).toBe('partial');
    expect(taxState({ ...taxed, shippingAddress: undefined })).toBe('partial');
    expect(clearTaxActions(taxed)).toEqual([
      { setLineTaxRate: { lineId: 'line-1', taxRate: undefined } },
      { setShippingTaxRate: undefined },
    ]);
  });
});
