import type { ExternalTaxRate } from './cart-types';
import { sumTaxedPrices, taxedItemPrice } from './tax-calculator';

const rate = (amount: number, extra: Partial<ExternalTaxRate> = {}): ExternalTaxRate => ({
  name: 'State',
  amount,
  country: 'US',
  includedInPrice: false,
  ...extra,
});
const cents = (price: {
  totalNet: { centAmount: number };
  totalGross: { centAmount: number };
  totalTax: { centAmount: number };
}) => [price.totalNet.centAmount, price.totalTax.centAmount, price.totalGross.centAmount];

describe('the taxed price of an item with an external rate', () => {
  it("follows commercetools' own example: 3 x $1.08 at 19% is $3.86 per line, $3.87 per unit", () => {
    const units = [{ unit: 108, quantity: 3 }];
    const line = taxedItemPrice(units, 324, rate(0.19), { roundingMode: 'HalfEven', calculationMode: 'LineItemLevel' });
    const unit = taxedItemPrice(units, 324, rate(0.19), {
      roundingMode: 'HalfEven',
      calculationMode: 'UnitPriceLevel',
    });
    expect(cents(line)).toEqual([324, 62, 386]);
    expect(cents(unit)).toEqual([324, 63, 387]);
  });

  it('rounds each unit of each discounted portion, times its quantity, at the unit price level', () => {
    // A line of 3 after a discount: 2 units at $1.05 and 1 at $1.04, 10% tax.
    const portions = [
      { unit: 105, quantity: 2 },
      { unit: 104, quantity: 1 },
    ];
    const at = (
      roundingMode: 'HalfUp' | 'HalfEven' | 'HalfDown',
      calculationMode: 'LineItemLevel' | 'UnitPriceLevel',
    ) => cents(taxedItemPrice(portions, 314, rate(0.1), { roundingMode, calculationMode }));
    // 10.5 per unit rounds to 11 (half up) or 10 (half even, half down); 10.4 to 10.
    expect(at('HalfUp', 'UnitPriceLevel')).toEqual([314, 32, 346]);
    expect(at('HalfEven', 'UnitPriceLevel')).toEqual([314, 30, 344]);
    expect(at('HalfDown', 'UnitPriceLevel')).toEqual([314, 30, 344]);
    // The line total 31.4 rounds once.
    expect(at('HalfUp', 'LineItemLevel')).toEqual([314, 31, 345]);
  });

  it('sees the half at the line total only at the line item level', () => {
    // 2 x $2.50 at 9%: 22.5 per unit, 45.0 per line.
    const units = [{ unit: 250, quantity: 2 }];
    expect(
      cents(taxedItemPrice(units, 500, rate(0.09), { roundingMode: 'HalfUp', calculationMode: 'UnitPriceLevel' })),
    ).toEqual([500, 46, 546]);
    expect(
      cents(taxedItemPrice(units, 500, rate(0.09), { roundingMode: 'HalfEven', calculationMode: 'UnitPriceLevel' })),
    ).toEqual([500, 44, 544]);
    expect(
      cents(taxedItemPrice(units, 500, rate(0.09), { roundingMode: 'HalfUp', calculationMode: 'LineItemLevel' })),
    ).toEqual([500, 45, 545]);
  });

  it('taxes a negative custom line as a credit, rounded by the same mode', () => {
    const credit = (roundingMode: 'HalfUp' | 'HalfEven' | 'HalfDown') =>
      cents(
        taxedItemPrice([{ unit: -505, quantity: 1 }], -505, rate(0.1), {
          roundingMode,
          calculationMode: 'UnitPriceLevel',
        }),
      );
    expect(credit('HalfUp')).toEqual([-505, -51, -556]);
    expect(credit('HalfEven')).toEqual([-505, -50, -555]);
    expect(credit('HalfDown')).toEqual([-505, -50, -555]);
  });

  it('takes the net part out when the rate is included in the price, per unit at the unit price level', () => {
    const units = [{ unit: 1083, quantity: 2 }];
    const settings = { roundingMode: 'HalfEven' as const, calculationMode: 'UnitPriceLevel' as const };
    expect(cents(taxedItemPrice(units, 2166, rate(0.0825, { includedInPrice: true }), settings))).toEqual([
      2000, 166, 2166,
    ]);
  });

  it('reports its tax as one portion of its rate', () => {
    const taxed = taxedItemPrice([{ unit: 1000, quantity: 1 }], 1000, rate(0.08875, { name: 'NY 10001' }), {
      roundingMode: 'HalfUp',
      calculationMode: 'UnitPriceLevel',
    });
    expect(taxed.taxPortions).toEqual([
      {
        name: 'NY 10001',
        rate: 0.08875,
        amount: { type: 'centPrecision', currencyCode: 'USD', centAmount: 89, fractionDigits: 2 },
      },
    ]);
  });
});

describe("a cart's taxed price", () => {
  it('sums its items and keeps one portion per rate', () => {
    const settings = { roundingMode: 'HalfUp' as const, calculationMode: 'UnitPriceLevel' as const };
    const parts = [
      taxedItemPrice([{ unit: 1000, quantity: 2 }], 2000, rate(0.0825, { name: 'TX' }), settings),
      taxedItemPrice([{ unit: -500, quantity: 1 }], -500, rate(0.0825, { name: 'TX' }), settings),
      taxedItemPrice([{ unit: 599, quantity: 1 }], 599, rate(0, { name: 'Shipping' }), settings),
    ];
    const total = sumTaxedPrices(parts);
    // 2 x 82.5 -> 2 x 83 = 166; -41.25 -> -41; shipping untaxed.
    expect(cents(total)).toEqual([2099, 125, 2224]);
    expect(total.taxPortions?.map((p) => [p.name, p.rate, p.amount.centAmount])).toEqual([
      ['TX', 0.0825, 125],
      ['Shipping', 0, 0],
    ]);
  });
});
