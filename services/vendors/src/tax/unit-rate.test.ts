import { type TaxedUnit, rateGiving } from './unit-rate';

/**
 * What a platform computes from a rate for one unit: amount x rate, rounded half up, reading the
 * rate as the decimal its JSON text says (as the commerce service does).
 */
function platformTax(amount: number, rate: number): number {
  const [, whole, fraction = '', exponent = '0'] = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(rate)) ?? [];
  const places = fraction.length - Number(exponent);
  const scale = 10n ** BigInt(places);
  const scaled = BigInt(amount) * BigInt(`${whole}${fraction}`);
  return Number((2n * scaled + scale) / (2n * scale));
}

const gives = (units: TaxedUnit[], rate: number) => units.every((unit) => platformTax(unit.amount, rate) === unit.tax);

describe('the rate that gives each unit its tax', () => {
  it('is the shortest decimal that does: 1.56 on 200.00 is 0.0078', () => {
    expect(rateGiving([{ amount: 20_000, tax: 156 }])).toBe(0.0078);
    expect(rateGiving([{ amount: 4000, tax: 0 }])).toBe(0);
  });

  it('fits units a cent apart with different taxes (a discount spread over a line)', () => {
    // Massachusetts: 8 and 7 cents over $175 at 6.25 % are 0.5 -> 1 and 0.4375 -> 0.
    const units = [
      { amount: 17_508, tax: 1 },
      { amount: 17_507, tax: 0 },
    ];
    const rate = rateGiving(units);
    expect(gives(units, rate)).toBe(true);
    const same = [
      { amount: 17_600, tax: 6 },
      { amount: 17_599, tax: 6 },
    ];
    expect(gives(same, rateGiving(same))).toBe(true);
    // Narrow intervals need more digits, never a rate that misses a unit.
    const narrow = [
      { amount: 9_999_999, tax: 5 },
      { amount: 9_999_998, tax: 4 },
    ];
    expect(gives(narrow, rateGiving(narrow))).toBe(true);
  });

  it('falls back to the line’s total when no one rate fits every unit', () => {
    // New York: $109.99 is exempt, $110.00 taxed in full; no rate gives 0 on one and 976 on the other.
    const units = [
      { amount: 10_999, tax: 0 },
      { amount: 11_000, tax: 976 },
    ];
    const rate = rateGiving(units);
    expect(platformTax(21_999, rate)).toBe(976);
  });

  it('ignores free units, and is 0 for nothing to tax', () => {
    expect(rateGiving([])).toBe(0);
    expect(rateGiving([{ amount: 0, tax: 0 }])).toBe(0);
    expect(
      rateGiving([
        { amount: 0, tax: 0 },
        { amount: 20_000, tax: 156 },
      ]),
    ).toBe(0.0078);
  });
});
