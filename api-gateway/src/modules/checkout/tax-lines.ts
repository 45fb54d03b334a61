import { TAX_SETTINGS } from '@shop/contracts';
import type { BagVariant, CheckoutAction, CheckoutCart, TaxRateInfo } from '../../clients/commercetools';
import { TAX_CATEGORIES, type TaxCategory, type TaxQuote, type TaxQuoteRequest } from '../../clients/tax';

/** The cart already computes taxes as SPEC §9 says (External, HalfUp, UnitPriceLevel). */
export const hasTaxSettings = (cart: Pick<CheckoutCart, 'taxMode' | 'taxRoundingMode' | 'taxCalculationMode'>) =>
  cart.taxMode === TAX_SETTINGS.taxMode &&
  cart.taxRoundingMode === TAX_SETTINGS.taxRoundingMode &&
  cart.taxCalculationMode === TAX_SETTINGS.taxCalculationMode;

export const taxSettingsAction = (): CheckoutAction => ({
  taxSettings: {
    taxMode: TAX_SETTINGS.taxMode,
    taxRoundingMode: TAX_SETTINGS.taxRoundingMode,
    taxCalculationMode: TAX_SETTINGS.taxCalculationMode,
  },
});

/**
 * Where the cart's taxes stand: `none` (never computed, or reset), `complete` (every line, custom
 * line and the shipping has a rate, and they were computed for the current shipping address) or
 * `partial` (something came after the last quote: a new line, a loyalty line, a method).
 * Rates follow the address only (a state's rate plus a local rate by ZIP prefix), and every
 * address change re-quotes or clears them, so a complete set is never one for another address.
 */
export function taxState(cart: CheckoutCart): 'none' | 'partial' | 'complete' {
  const rates = [
    ...cart.lines.map((line) => cart.lineTaxRates[line.id]),
    ...cart.customLines.map((line) => line.taxRate),
    ...(cart.shipping ? [cart.shipping.taxRate] : []),
  ];
  const present = rates.filter(Boolean).length;
  if (present === 0) return 'none';
  if (present < rates.length || !cart.shippingAddress || !hasTaxSettings(cart) || !cart.taxedPrice) return 'partial';
  return 'complete';
}

/**
 * The tax category the vendor is told for a product: the catalogue's (`Product.taxCategory`) when
 * the vendor knows it; a product without one, with one the vendor does not know, or no longer in
 * the store is `general`, taxed in full, so a catalogue mistake never exempts goods.
 */
export function taxCategoryOf(variant: Pick<BagVariant, 'taxCategory'> | undefined): TaxCategory {
  const key = variant?.taxCategory;
  return TAX_CATEGORIES.find((category) => category === key) ?? 'general';
}

/**
 * What the tax vendor needs: the ship-to address, each unit's net amount and each line's tax
 * category from the catalogue (`variants`, by sku); undefined without an address.
 */
export function quoteRequestOf(
  cart: CheckoutCart,
  variants: ReadonlyMap<string, Pick<BagVariant, 'taxCategory'>>,
  correlationId: string,
): TaxQuoteRequest | undefined {
  const address = cart.shippingAddress;
  if (!address?.state || !address.postalCode || cart.lines.length === 0) return undefined;
  return {
    address: { state: address.state, postalCode: address.postalCode, ...(address.city ? { city: address.city } : {}) },
    lines: cart.lines.map((line) => ({
      id: line.id,
      quantity: line.quantity,
      unitAmounts: line.unitNets,
      taxCategory: taxCategoryOf(variants.get(line.sku)),
    })),
    ...(cart.shipping ? { shipping: { amount: cart.shipping.price } } : {}),
    correlationId,
  };
}

/** The rate a quote gives for the address as a whole (the custom lines take it, as the lines do). */
export const addressRate = (quote: TaxQuote): TaxRateInfo => ({
  name: quote.rate.name,
  amount: quote.rate.amount,
  state: quote.rate.state,
});

/**
 * The rate of the goods as a whole: their lines' rates weighted by their net amounts (the
 * address's rate when every line has it, 0 when all are exempt clothing), to 5 decimals.
 */
export function goodsRate(cart: CheckoutCart, rates: ReadonlyMap<string, number>, addressAmount: number): number {
  const weighted = cart.lines.map((line) => ({
    net: line.unitNets.reduce((sum, unit) => sum + unit, 0),
    rate: rates.get(line.id) ?? addressAmount,
  }));
  if (weighted.every((line) => line.rate === addressAmount)) return addressAmount;
  const net = weighted.reduce((sum, line) => sum + line.net, 0);
  if (net === 0) return addressAmount;
  return Number((weighted.reduce((sum, line) => sum + line.rate * line.net, 0) / net).toFixed(5));
}

/**
 * The quote as external tax rates on every line, the shipping and the custom lines (a loyalty
 * redemption is taxed like the goods it discounts: at their weighted rate, so points spent on
 * exempt clothing take back no tax that was not charged). The commerce platform then computes
 * each unit's tax half-up (UnitPriceLevel) from them, exactly as the vendor did.
 */
export function taxActionsOf(cart: CheckoutCart, quote: TaxQuote): CheckoutAction[] {
  const byLine = new Map(quote.lines.map((line) => [line.id, line.rate]));
  const named = (amount: number): TaxRateInfo => ({ ...addressRate(quote), amount });
  const actions: CheckoutAction[] = hasTaxSettings(cart) ? [] : [taxSettingsAction()];
  for (const line of cart.lines) {
    const rate = byLine.get(line.id);
    if (rate === undefined) throw new Error(`The tax quote has no line ${line.id}`);
    actions.push({ setLineTaxRate: { lineId: line.id, taxRate: named(rate) } });
  }
  const customRate = goodsRate(cart, byLine, quote.rate.amount);
  for (const line of cart.customLines)
    actions.push({ setCustomLineTaxRate: { id: line.id, taxRate: named(customRate) } });
  if (cart.shipping) actions.push({ setShippingTaxRate: named(quote.shipping?.rate ?? 0) });
  return actions;
}

/** Removes every external rate (PUT /api/cart resets checkout): the taxes are then missing, never stale. */
export function clearTaxActions(cart: CheckoutCart): CheckoutAction[] {
  return [
    ...cart.lines
      .filter((line) => cart.lineTaxRates[line.id])
      .map((line): CheckoutAction => ({ setLineTaxRate: { lineId: line.id, taxRate: undefined } })),
    ...cart.customLines
      .filter((line) => line.taxRate)
      .map((line): CheckoutAction => ({ setCustomLineTaxRate: { id: line.id, taxRate: undefined } })),
    ...(cart.shipping?.taxRate ? [{ setShippingTaxRate: undefined } as CheckoutAction] : []),
  ];
}
