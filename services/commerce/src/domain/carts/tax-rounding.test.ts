import { netOfGross, rateFraction, roundQuotient, taxOfNet } from './tax-rounding';

describe('rounding a half cent (commercetools RoundingMode)', () => {
  it.each([
    // n / d, HalfUp, HalfEven, HalfDown
    [5n, 2n, 3n, 2n, 2n],
    [7n, 2n, 4n, 4n, 3n],
    [-5n, 2n, -3n, -2n, -2n],
    [-7n, 2n, -4n, -4n, -3n],
    [14n, 10n, 1n, 1n, 1n],
    [16n, 10n, 2n, 2n, 2n],
    [-16n, 10n, -2n, -2n, -2n],
  ])('%d / %d: HalfUp %d, HalfEven %d, HalfDown %d', (n, d, up, even, down) => {
    expect(roundQuotient(n, d, 'HalfUp')).toBe(up);
    expect(roundQuotient(n, d, 'HalfEven')).toBe(even);
    expect(roundQuotient(n, d, 'HalfDown')).toBe(down);
  });

  it('reads a rate as the exact decimal the caller wrote, exponents included', () => {
    expect(rateFraction(0.08875)).toEqual({ numerator: 8875n, denominator: 100000n });
    expect(rateFraction(1e-7)).toEqual({ numerator: 1n, denominator: 10000000n });
    expect(rateFraction(0)).toEqual({ numerator: 0n, denominator: 1n });
    expect(rateFraction(1)).toEqual({ numerator: 1n, denominator: 1n });
  });

  it('finds the exact half that binary floating point misses (200 x 0.0725 is 14.5, not 14.499999999999998)', () => {
    expect(200 * 0.0725).toBeLessThan(14.5);
    expect(taxOfNet(200, 0.0725, 'HalfUp')).toBe(15);
    expect(taxOfNet(200, 0.0725, 'HalfEven')).toBe(14);
    expect(taxOfNet(1000, 0.0825, 'HalfUp')).toBe(83);
    expect(taxOfNet(1000, 0.0825, 'HalfEven')).toBe(82);
    expect(taxOfNet(1000, 0.0825, 'HalfDown')).toBe(82);
  });

  it('rounds a credit symmetrically: -1000 x 0.0825 = -82.5', () => {
    expect(taxOfNet(-1000, 0.0825, 'HalfUp')).toBe(-83);
    expect(taxOfNet(-1000, 0.0825, 'HalfEven')).toBe(-82);
    expect(taxOfNet(-1000, 0.0825, 'HalfDown')).toBe(-82);
  });

  it('takes the net part out of a gross price that includes the tax', () => {
    expect(netOfGross(1083, 0.0825, 'HalfEven')).toBe(1000);
    // 1190 / 1.19 = 1000 exactly; 595 / 1.19 = 500.
    expect(netOfGross(1190, 0.19, 'HalfUp')).toBe(1000);
    expect(netOfGross(-595, 0.19, 'HalfUp')).toBe(-500);
  });

  it('refuses a rate that is not a number from 0 up', () => {
    expect(() => rateFraction(-0.1)).toThrow(/tax rate/);
    expect(() => rateFraction(Number.NaN)).toThrow(/tax rate/);
  });
});
