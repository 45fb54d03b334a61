import { invalidField } from '../../errors';

/** commercetools RoundingMode: how an exact half cent is rounded (Java's BigDecimal modes, symmetric around 0). */
export type RoundingMode = 'HalfEven' | 'HalfUp' | 'HalfDown';
export const ROUNDING_MODES: readonly RoundingMode[] = ['HalfEven', 'HalfUp', 'HalfDown'];

/**
 * A tax rate as an exact fraction: 0.08875 is 8875/100000. Rates come as JSON numbers, whose
 * shortest decimal text is what the caller wrote, so cents x rate is computed without the binary
 * error that turns 1000 x 0.0825 into 82.50000000000001 and a half cent into a whole one.
 */
export function rateFraction(rate: number): { numerator: bigint; denominator: bigint } {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/.exec(String(rate));
  if (!match || !Number.isFinite(rate) || rate < 0)
    throw invalidField('amount', rate, 'A tax rate is a number between 0 and 1.');
  const [, whole, fraction = '', exponent = '0'] = match;
  const scale = Number(exponent) - fraction.length;
  const digits = BigInt(whole + fraction);
  return scale >= 0
    ? { numerator: digits * 10n ** BigInt(scale), denominator: 1n }
    : { numerator: digits, denominator: 10n ** BigInt(-scale) };
}

/** numerator / denominator (denominator > 0) rounded to a whole number with the mode. */
export function roundQuotient(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  let quotient = magnitude / denominator;
  const twiceRemainder = 2n * (magnitude % denominator);
  if (
    twiceRemainder > denominator ||
    (twiceRemainder === denominator && (mode === 'HalfUp' || (mode === 'HalfEven' && quotient % 2n === 1n)))
  ) {
    quotient += 1n;
  }
  return negative ? -quotient : quotient;
}

/** The tax on a net amount of cents (negative for a credit), rounded to a cent. */
export function taxOfNet(netCents: number, rate: number, mode: RoundingMode): number {
  const { numerator, denominator } = rateFraction(rate);
  return Number(roundQuotient(BigInt(netCents) * numerator, denominator, mode));
}

/** The net part of a gross amount of cents that includes tax at the rate, rounded to a cent. */
export function netOfGross(grossCents: number, rate: number, mode: RoundingMode): number {
  const { numerator, denominator } = rateFraction(rate);
  return Number(roundQuotient(BigInt(grossCents) * denominator, denominator + numerator, mode));
}
