import { exemptCents } from './clothing-rules';
import { RATE_SCALE, type ResolvedRate } from './tax-rates';
import { type TaxedUnit, rateGiving } from './unit-rate';

/** Rounds an amount scaled by RATE_SCALE (cents x thousandths of a percent) half up to cents. */
const halfUp = (scaled: number) => Math.floor((scaled + RATE_SCALE / 2) / RATE_SCALE);

/**
 * Tax on one amount in cents at a rate in thousandths of a percent, rounded half up (a half cent
 * goes up), in integers so no floating-point error decides a cent.
 */
export function taxOnAmount(cents: number, rate: number): number {
  return halfUp(cents * rate);
}

/** What the goods are: `clothing` (the states' clothing rules apply) or `general` (taxed in full). */
export const TAX_CATEGORIES = ['clothing', 'general'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

export interface QuoteLine {
  id: string;
  quantity: number;
  /** Net cents of each unit after discounts (one entry per unit). */
  unitAmounts: number[];
  /** `general` when absent. */
  taxCategory?: TaxCategory;
}

export interface QuoteResult {
  /** `rate`: what applied to each unit, rounded half up, gives the unit's tax; `exemptAmount`: the cents exempt. */
  lines: Array<{ id: string; rate: number; tax: number; exemptAmount: number }>;
  shipping?: { rate: number; tax: number };
  totalTax: number;
}

/** The rate as the API shows it: a fraction, e.g. 0.08875. */
export const asFraction = (rate: number) => Number((rate / RATE_SCALE).toFixed(5));

/** One unit's exempt cents and its tax before rounding (scaled by RATE_SCALE). */
function unitTax(resolved: ResolvedRate, category: TaxCategory, amount: number) {
  const exempt = category === 'clothing' && resolved.clothing ? exemptCents(resolved.clothing.rule, amount) : 0;
  return { exempt, scaled: amount * resolved.rate - exempt * (resolved.clothing?.rate ?? 0) };
}

/**
 * The rate an item's units show: the address's rate when they are taxed in full, the rate a
 * clothing exemption leaves (0 in New York City) when they are exempt, else the rate that gives
 * each unit its tax (Massachusetts' tax on the part of an item over $175).
 */
function rateOf(resolved: ResolvedRate, units: TaxedUnit[]): number {
  const candidates = [resolved.rate, resolved.rate - (resolved.clothing?.rate ?? 0), 0];
  const fits = (rate: number) => units.every((unit) => taxOnAmount(unit.amount, rate) === unit.tax);
  const plain = candidates.find(fits);
  return plain === undefined ? rateGiving(units) : asFraction(plain);
}

/**
 * SPEC §9 "unit price level, half-up": each unit's tax is rounded on its own and a line's tax is
 * the sum over its units, so three units of 9.99 at 8.875 % make 3 x 0.89 = 2.67 (not the 2.66
 * that rounding the line's 29.97 would give). Clothing rules apply per unit (clothing-rules.ts).
 * Shipping is one amount, taxed where the state taxes it, in the share the goods are taxed: at the
 * goods' average rate, so delivering exempt clothing is not taxed and mixed goods tax it in part.
 */
export function quoteTax(resolved: ResolvedRate, lines: QuoteLine[], shipping?: { amount: number }): QuoteResult {
  // Sums in bigint: a quote's limits (500 lines of 9,999 units) pass 2^53 once scaled.
  let goods = 0n;
  let goodsScaled = 0n;
  const quoted = lines.map((line) => {
    const units = line.unitAmounts.map((amount) => {
      const { exempt, scaled } = unitTax(resolved, line.taxCategory ?? 'general', amount);
      goods += BigInt(amount);
      goodsScaled += BigInt(scaled);
      return { amount, exempt, tax: halfUp(scaled) };
    });
    return {
      id: line.id,
      rate: rateOf(resolved, units),
      tax: units.reduce((sum, unit) => sum + unit.tax, 0),
      exemptAmount: units.reduce((sum, unit) => sum + unit.exempt, 0),
    };
  });
  const shippingQuote = shipping ? quoteShipping(resolved, shipping.amount, goods, goodsScaled) : undefined;
  const totalTax = quoted.reduce((sum, line) => sum + line.tax, 0) + (shippingQuote?.tax ?? 0);
  return { lines: quoted, ...(shippingQuote ? { shipping: shippingQuote } : {}), totalTax };
}

/**
 * Shipping at the goods' average rate (the address's rate when there are no goods to average).
 * Free shipping shows that average too: any rate gives it its tax of 0.
 */
function quoteShipping(resolved: ResolvedRate, amount: number, goods: bigint, goodsScaled: bigint) {
  if (!resolved.shippingTaxable) return { rate: 0, tax: 0 };
  if (goods === 0n) return { rate: asFraction(resolved.rate), tax: taxOnAmount(amount, resolved.rate) };
  // amount x goodsScaled / goods, rounded half up to cents.
  const scale = BigInt(RATE_SCALE);
  const tax = Number((2n * BigInt(amount) * goodsScaled + goods * scale) / (2n * goods * scale));
  const average = { amount: Number(goods), tax: Number((2n * goodsScaled + scale) / (2n * scale)) };
  return { rate: rateOf(resolved, [amount > 0 ? { amount, tax } : average]), tax };
}
