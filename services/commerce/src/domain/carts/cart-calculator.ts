import type { Money } from '@shop/catalog-seed';
import type { Cart, DiscountedPriceForQuantity, ExternalTaxRate, TaxedPrice } from './cart-types';

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
 * Splits a line's discount over its units as commercetools reports it: `discount` cents off
 * `quantity` units of `unit` cents each, every unit off by the same amount give or take a cent,
 * grouped by discounted unit price; each unit's discount is split over the cart discounts in
 * proportion to their share (the last takes the rounding remainder).
 */
export function discountedPerQuantity(
  unit: number,
  quantity: number,
  discount: number,
  cartDiscounts: Array<{ id: string; permyriad: number }>,
): DiscountedPriceForQuantity[] {
  if (discount <= 0 || quantity <= 0 || cartDiscounts.length === 0) return [];
  const base = Math.floor(discount / quantity);
  const extra = discount - base * quantity;
  const total = cartDiscounts.reduce((sum, d) => sum + d.permyriad, 0);
  const group = (count: number, off: number): DiscountedPriceForQuantity => {
    let left = off;
    const includedDiscounts = cartDiscounts.map((d, i) => {
      const amount = i === cartDiscounts.length - 1 ? left : Math.floor((off * d.permyriad) / total);
      left -= amount;
      return { discount: { typeId: 'cart-discount' as const, id: d.id }, discountedAmount: usd(amount) };
    });
    return { quantity: count, discountedPrice: { value: usd(unit - off), includedDiscounts } };
  };
  return [
    ...(quantity - extra > 0 ? [group(quantity - extra, base)] : []),
    ...(extra > 0 ? [group(extra, base + 1)] : []),
  ];
}

/**
 * Recomputes every derived amount of a cart: line totals (after the discount codes that match
 * the cart, per unit in discountedPricePerQuantity), the shipping price (free above the
 * method's threshold), the total, and the taxed prices once every line and the shipping have an
 * external tax rate.
 */
export function recalculate(cart: Cart): Cart {
  const matching = cart.discountCodes.filter((code) => code.state === 'MatchesCart');
  const percentOff = Math.min(
    100,
    matching.reduce((sum, code) => sum + code.percentOff, 0),
  );
  const cartDiscounts = matching.flatMap(
    (code) => code.cartDiscounts ?? [{ id: code.discountCode.id, permyriad: Math.round(code.percentOff * 100) }],
  );
  const lineItems = cart.lineItems.map((line) => {
    const unit = line.price.discounted?.value.centAmount ?? line.price.value.centAmount;
    const total = roundHalfUp((unit * line.quantity * (100 - percentOff)) / 100);
    return {
      ...line,
      discountedPricePerQuantity: discountedPerQuantity(
        unit,
        line.quantity,
        unit * line.quantity - total,
        cartDiscounts,
      ),
      totalPrice: usd(total),
      taxedPrice: taxed(total, line.taxRate),
    };
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
