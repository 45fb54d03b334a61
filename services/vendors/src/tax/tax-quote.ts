import { RATE_SCALE, type ResolvedRate } from './tax-rates';

/**
 * Tax on one amount in cents at a rate in thousandths of a percent, rounded half up (a half cent
 * goes up), in integers so no floating-point error decides a cent.
 */
export function taxOnAmount(cents: number, rate: number): number {
  return Math.floor((cents * rate + RATE_SCALE / 2) / RATE_SCALE);
}

export interface QuoteLine {
  id: string;
  quantity: number;
  /** Net cents of each unit after discounts (one entry per unit). */
  unitAmounts: number[];
}

export interface QuoteResult {
  lines: Array<{ id: string; rate: number; tax: number }>;
  shipping?: { rate: number; tax: number };
  totalTax: number;
}

/** The rate as the API shows it: a fraction, e.g. 0.08875. */
export const asFraction = (rate: number) => Number((rate / RATE_SCALE).toFixed(5));

/**
 * SPEC §9 "unit price level, half-up": each unit's tax is rounded on its own and a line's tax is
 * the sum over its units, so three units of 9.99 at 8.875 % make 3 x 0.89 = 2.67 (not the 2.66
 * that rounding the line's 29.97 would give). Shipping is one amount, taxed when the state taxes it.
 */
export function quoteTax(resolved: ResolvedRate, lines: QuoteLine[], shipping?: { amount: number }): QuoteResult {
  const fraction = asFraction(resolved.rate);
  const quoted = lines.map((line) => ({
    id: line.id,
    rate: fraction,
    tax: line.unitAmounts.reduce((sum, unit) => sum + taxOnAmount(unit, resolved.rate), 0),
  }));
  const shippingRate = resolved.shippingTaxable ? resolved.rate : 0;
  const shippingQuote = shipping
    ? { rate: asFraction(shippingRate), tax: taxOnAmount(shipping.amount, shippingRate) }
    : undefined;
  const totalTax = quoted.reduce((sum, line) => sum + line.tax, 0) + (shippingQuote?.tax ?? 0);
  return { lines: quoted, ...(shippingQuote ? { shipping: shippingQuote } : {}), totalTax };
}
