import type { CheckoutCart, CommerceCartLine } from '../../clients/commercetools';

/** A checkout cart for unit tests: one line of 3 x $10 (a $3 code on it), in External tax mode, no address yet. */
export function cartFixture(extra: Partial<CheckoutCart> = {}): CheckoutCart {
  const line: CommerceCartLine = {
    id: 'line-1',
    sku: 'VF1-34B',
    productKey: 'vf1',
    name: 'Lace Bra',
    quantity: 3,
    attributes: {},
    price: { centAmount: 1000 },
    totalCentAmount: 2700,
    discounts: { 'cd-1': 300 },
    unitNets: [900, 900, 900],
  };
  return {
    id: 'cart-1',
    version: 4,
    state: 'Active',
    lines: [line],
    codes: [],
    taxMode: 'External',
    taxRoundingMode: 'HalfUp',
    taxCalculationMode: 'UnitPriceLevel',
    customLines: [],
    lineTaxRates: { 'line-1': undefined },
    totalCentAmount: 2700,
    hasCustomType: true,
    custom: {},
    paymentIds: [],
    ...extra,
  };
}
