import type { Money } from '@shop/catalog-seed';
import type { Cart, ExternalTaxRate, TaxedPrice } from './cart-types';

export const usd = (centAmount: number): Money => ({
  type: 'centPrecision',
  currencyCode: 'USD',
  centAmount,
  fractionDigits: 2,
});

/** Half-up rounding to whole cents (SPEC §9); amounts here are never negative. */
const roundHalfUp = (value: number) => Math.floor(value + 0.5 + 1e-9);

function taxed(net: number, rate: ExternalTaxRate | undefined): TaxedPrice | undefined {
  if (!rate) return undefined;
  if (rate.includedInPrice) {
    const netPart = roundHalfUp(net / (1 + rate.amount));
    return { totalNet: usd(netPart), totalGross: usd(net), totalTax: usd(net - netPart) };
  }
  const tax = roundHalfUp(net * rate.amount);
  return { totalNet: usd(net), totalGross: usd(net + tax), totalTax: usd(tax) };
}

/**
 * Recomputes every derived amount of a cart: line totals (after discount codes), the
 * shipping price (free above the method's threshold), the total, and the taxed prices
 * once every line and the shipping have an external tax rate.
 */
export function recalculate(cart: Cart): Cart {
  const percentOff = Math.min(
    100,
    cart.discountCodes.reduce((sum, code) => sum + code.percentOff, 0),
  );
  const lineItems = cart.lineItems.map((line) => {
    const unit = line.price.discounted?.value.centAmount ?? line.price.value.centAmount;
    const total = roundHalfUp((unit * line.quantity * (100 - percentOff)) / 100);
    return { ...line, totalPrice: usd(total), taxedPrice: taxed(total, line.taxRate) };
  });
  const subtotal = lineItems.reduce((sum, line) => sum + line.totalPrice.centAmount, 0);
  let shippingInfo = cart.shippingInfo;
  if (shippingInfo) {
    const free = shippingInfo.shippingRate.freeAbove && subtotal >= shippingInfo.shippingRate.freeAbove.centAmount;
    const price = free ? 0 : shippingInfo.shippingRate.price.centAmount;
    shippingInfo = { ...shippingInfo, price: usd(price), taxedPrice: taxed(price, shippingInfo.taxRate) };
  }
  const total = subtotal + (shippingInfo?.price.centAmount ?? 0);
  const parts = [...lineItems.map((l) => l.taxedPrice), ...(shippingInfo ? [shippingInfo.taxedPrice] : [])];
  const complete = lineItems.length > 0 && parts.every(Boolean);
  const sum = (pick: (t: TaxedPrice) => Money) => usd(parts.reduce((acc, t) => acc + (t ? pick(t).centAmount : 0), 0));
  return {
    ...cart,
    lineItems,
    shippingInfo,
    totalPrice: usd(total),
    taxedPrice: complete
      ? { totalNet: sum((t) => t.totalNet), totalGross: sum((t) => t.totalGross), totalTax: sum((t) => t.totalTax) }
      : undefined,
  };
}
