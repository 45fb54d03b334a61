import type { Money } from '@shop/catalog-seed';
import type { ExternalTaxRate, TaxCalculationMode, TaxPortion, TaxedPrice } from './cart-types';
import { type RoundingMode, netOfGross, taxOfNet } from './tax-rounding';

const usd = (centAmount: number): Money => ({
  type: 'centPrecision',
  currencyCode: 'USD',
  centAmount,
  fractionDigits: 2,
});

export interface TaxSettings {
  roundingMode: RoundingMode;
  calculationMode: TaxCalculationMode;
}

/** `quantity` units at `unit` cents each: a line's units at one (discounted) unit price. */
export interface UnitGroup {
  unit: number;
  quantity: number;
}

/**
 * The taxed price of an item (a line, a custom line, the shipping) whose price `total` is made
 * of the unit groups, as commercetools computes it for an external tax rate:
 *
 * - LineItemLevel: the tax of the item's total, rounded once;
 * - UnitPriceLevel: the tax of each unit price, rounded, times its quantity (a line with a
 *   discount has a unit price per discountedPricePerQuantity group).
 *
 * With `includedInPrice` the price is gross and the rounded figure is the net part instead.
 * Negative amounts (a credit) round symmetrically, as Java's BigDecimal does.
 */
export function taxedItemPrice(
  groups: UnitGroup[],
  total: number,
  rate: ExternalTaxRate,
  settings: TaxSettings,
): TaxedPrice {
  const unitLevel = settings.calculationMode === 'UnitPriceLevel';
  const mode = settings.roundingMode;
  let net: number;
  let gross: number;
  if (rate.includedInPrice) {
    gross = total;
    net = unitLevel
      ? groups.reduce((sum, g) => sum + netOfGross(g.unit, rate.amount, mode) * g.quantity, 0)
      : netOfGross(total, rate.amount, mode);
  } else {
    net = total;
    gross =
      total +
      (unitLevel
        ? groups.reduce((sum, g) => sum + taxOfNet(g.unit, rate.amount, mode) * g.quantity, 0)
        : taxOfNet(total, rate.amount, mode));
  }
  return {
    totalNet: usd(net),
    totalGross: usd(gross),
    totalTax: usd(gross - net),
    taxPortions: [{ name: rate.name, rate: rate.amount, amount: usd(gross - net) }],
  };
}

/**
 * A cart's taxed price from its items' taxed prices: the sums of their net and gross amounts,
 * and one tax portion per rate (name and amount) with the sum of that rate's item taxes, so the
 * cart's tax is exactly the tax its items show.
 */
export function sumTaxedPrices(parts: TaxedPrice[]): TaxedPrice {
  const portions = new Map<string, TaxPortion>();
  for (const portion of parts.flatMap((part) => part.taxPortions ?? [])) {
    const id = `${portion.name ?? ''}\u0000${portion.rate}`;
    const seen = portions.get(id);
    portions.set(id, seen ? { ...seen, amount: usd(seen.amount.centAmount + portion.amount.centAmount) } : portion);
  }
  const net = parts.reduce((sum, part) => sum + part.totalNet.centAmount, 0);
  const gross = parts.reduce((sum, part) => sum + part.totalGross.centAmount, 0);
  return {
    totalNet: usd(net),
    totalGross: usd(gross),
    totalTax: usd(gross - net),
    taxPortions: [...portions.values()],
  };
}
