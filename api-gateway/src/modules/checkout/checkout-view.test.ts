import { cartFixture } from './checkout-testing';
import { checkoutAddressOf, missingOf, moneyOf, pointsEarned, totalsOf } from './checkout-view';

const address = {
  firstName: 'Ann',
  lastName: 'Lee',
  streetName: '123 MAIN ST',
  city: 'NEW YORK',
  state: 'NY',
  postalCode: '10001',
  country: 'US',
};
const rate = { name: 'NY', amount: 0.08875, state: 'NY' };

describe('the checkout’s money and steps', () => {
  it('adds up subtotal - discount - loyalty + shipping + tax, tax only while current', () => {
    const cart = cartFixture({
      shippingAddress: address,
      shipping: { name: 'Standard', price: 595, taxRate: rate },
      lineTaxRates: { 'line-1': rate },
      customLines: [
        { id: 'c', slug: 'loyalty-redemption', name: 'Points', quantity: 1, money: -200, total: -200, taxRate: rate },
      ],
      custom: { loyaltyPoints: 200, loyaltyHoldId: 'hold_1' },
      taxedPrice: { net: 3095, gross: 3370, tax: 275 },
    });
    const usd = (centAmount: number) => ({ centAmount, currencyCode: 'USD', fractionDigits: 2 });
    expect(totalsOf(cart)).toEqual({
      subtotal: usd(3000),
      discount: usd(300),
      loyalty: usd(200),
      shipping: usd(595),
      tax: usd(275),
      total: usd(3000 - 300 - 200 + 595 + 275),
    });
    // A line without a rate: no tax figure at all, and the total without it.
    const stale = { ...cart, lineTaxRates: { 'line-1': undefined } };
    expect(totalsOf(stale).tax).toBeUndefined();
    expect(totalsOf(stale).total.centAmount).toBe(3000 - 300 - 200 + 595);
    expect(moneyOf(stale, true).tax).toEqual(usd(275));
  });

  it('names what is missing, in order, until the order can be placed', () => {
    expect(missingOf(cartFixture(), undefined)).toEqual([
      'email',
      'shippingAddress',
      'shippingMethod',
      'payment',
      'billingAddress',
      'tax',
    ]);
    const ready = cartFixture({
      email: 'ann@example.com',
      shippingAddress: address,
      billingAddress: address,
      shipping: { name: 'Standard', price: 595, taxRate: rate },
      lineTaxRates: { 'line-1': rate },
      taxedPrice: { net: 3295, gross: 3588, tax: 293 },
    });
    expect(missingOf(ready, { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 })).toEqual([]);
    expect(missingOf(ready, undefined)).toEqual(['payment']);
  });

  it('shows a stored address only when it is whole, and earns points per whole dollar', () => {
    expect(checkoutAddressOf(address)).toEqual(address);
    expect(checkoutAddressOf({ ...address, firstName: undefined })).toBeUndefined();
    expect(pointsEarned(1099, 2)).toBe(20);
    expect(pointsEarned(99, 1)).toBe(0);
  });
});
