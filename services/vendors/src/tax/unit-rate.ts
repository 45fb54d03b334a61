/** Units of one item (a line, the shipping): each unit's net cents and the tax it was quoted. */
export interface TaxedUnit {
  amount: number;
  tax: number;
}

/** A non-negative fraction num / den (den > 0), in integers so no binary error moves a bound. */
interface Fraction {
  num: bigint;
  den: bigint;
}

const below = (a: Fraction, b: Fraction) => a.num * b.den < b.num * a.den;
const MAX_DIGITS = 15;

/**
 * The rate (a fraction) that gives each unit exactly its tax when a platform applies it per unit
 * and rounds half up, as the cart does with an external rate at the unit price level (SPEC §9).
 * A unit taxed `tax` on `amount` cents needs `tax - 1/2 <= amount x rate < tax + 1/2`; the answer
 * is the shortest decimal that all units allow (0.0078 for 1.56 on 200.00). When no rate fits
 * every unit (units of one line priced far apart), it is the shortest that gives the line's total
 * on the line's total amount, and a platform rounding per unit may then differ by a cent.
 */
export function rateGiving(units: readonly TaxedUnit[]): number {
  const priced = units.filter((unit) => unit.amount > 0);
  const bounds = (amount: number, tax: number) => ({
    low: { num: BigInt(Math.max(0, 2 * tax - 1)), den: BigInt(2 * amount) },
    high: { num: BigInt(2 * tax + 1), den: BigInt(2 * amount) },
  });
  if (priced.length === 0) return 0;
  let { low, high } = bounds(priced[0].amount, priced[0].tax);
  for (const unit of priced.slice(1)) {
    const next = bounds(unit.amount, unit.tax);
    if (below(low, next.low)) low = next.low;
    if (below(next.high, high)) high = next.high;
  }
  if (!below(low, high)) {
    const total = bounds(
      priced.reduce((sum, unit) => sum + unit.amount, 0),
      priced.reduce((sum, unit) => sum + unit.tax, 0),
    );
    ({ low, high } = total);
  }
  return shortestDecimal(low, high);
}

/** The decimal with the fewest digits after the point in [low, high) (an interval that is never empty). */
function shortestDecimal(low: Fraction, high: Fraction): number {
  for (let digits = 0; digits <= MAX_DIGITS; digits += 1) {
    const scale = 10n ** BigInt(digits);
    const numerator = (low.num * scale + low.den - 1n) / low.den;
    if (below({ num: numerator, den: scale }, high)) return Number(`${numerator}e-${digits}`);
  }
  // Narrower than 1e-15: the low end itself, as close as a number gets.
  return Number(low.num) / Number(low.den);
}
