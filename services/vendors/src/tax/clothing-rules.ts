/**
 * What a state exempts of clothing and footwear (a line whose `taxCategory` is `clothing`), per
 * item: each unit's net price after discounts is what the rule is applied to, as a hosted tax
 * service applies it to a line's amount divided by its quantity.
 *
 * - `exempt`: clothing is not taxed at all (Pennsylvania, New Jersey, Minnesota; the few kinds
 *   they still tax, such as furs or formal wear, are not sold here).
 * - `exempt-below`: an item priced under `cents` is not taxed; at `cents` or more it is taxed in
 *   full (New York: under $110).
 * - `exempt-first`: the first `cents` of each item are not taxed, the part above is
 *   (Massachusetts: the first $175).
 *
 * The exemption covers the state's rate and the local rates that follow it (New York City's; see
 * `clothingExempt` in tax-rates.ts). A local rate that does not follow it still applies in full.
 * Illustrative figures for a stand-in, as the rest of the table.
 */
export type ClothingRule =
  { kind: 'exempt' } | { kind: 'exempt-below'; cents: number } | { kind: 'exempt-first'; cents: number };

export const CLOTHING_RULES: Readonly<Record<string, ClothingRule>> = {
  NY: { kind: 'exempt-below', cents: 11_000 },
  MA: { kind: 'exempt-first', cents: 17_500 },
  PA: { kind: 'exempt' },
  NJ: { kind: 'exempt' },
  MN: { kind: 'exempt' },
};

/** The cents of one unit of clothing priced `unit` that the rule exempts. */
export function exemptCents(rule: ClothingRule, unit: number): number {
  switch (rule.kind) {
    case 'exempt':
      return unit;
    case 'exempt-below':
      return unit < rule.cents ? unit : 0;
    case 'exempt-first':
      return Math.min(unit, rule.cents);
  }
}
