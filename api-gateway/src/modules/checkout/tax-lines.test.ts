import type { TaxQuote } from '../../clients/tax';
import { cartFixture } from './checkout-testing';
import { clearTaxActions, quoteRequestOf, taxActionsOf, taxState } from './tax-lines';

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
  it('asks the vendor with each unit’s net amount after codes, and the shipping', () => {
    expect(quoteRequestOf(cartFixture(), 'corr')).toBeUndefined();
    expect(quoteRequestOf(cartFixture({ shippingAddress: address, shipping }), 'corr')).toEqual({
      address: { state: 'NY', postalCode: '10001', city: 'NEW YORK' },
      lines: [{ id: 'line-1', quantity: 3, unitAmounts: [900, 900, 900] }],
      shipping: { amount: 595 },
      correlationId: 'corr',
    });
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
