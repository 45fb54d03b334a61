import type { Money } from '@shop/catalog-seed';
import type { Cart, DiscountedPriceForQuantity, ExternalTaxRate, TaxedPrice } from './cart-types';
import { type UnitGroup, sumTaxedPrices, taxedItemPrice } from './tax-calculator';
import { stackCodes } from '../discounts/discount-stacking';

export const usd = (centAmount: number): Money => ({
  type: 'centPrecision',
  currencyCode: 'USD',
  centAmount,
  fractionDigits: 2,
});

/** Half-up rounding to whole cents of a cart discount's share (amounts here are never negative). */
const roundHalfUp = (value: number) => Math.floor(value + 0.5 + 1e-9);

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

/** A line's units by price: its discounted unit price groups, or every unit at its price. */
const unitGroups = (unit: number, quantity: number, groups: DiscountedPriceForQuantity[]): UnitGroup[] =>
  groups.length > 0
    ? groups.map((group) => ({ unit: group.discountedPrice.value.centAmount, quantity: group.quantity }))
    : [{ unit, quantity }];

/**
 * Recomputes every derived amount of a cart: line totals (after the discount codes that match
 * the cart, per unit in discountedPricePerQuantity), custom line totals (money x quantity, which
 * may be negative), the shipping price (free once the lines and custom lines reach the method's
 * threshold, as commercetools' freeAbove), the total, and, in the External tax mode, each item's
 * taxed price with its own external rate and the cart's taxed price once every line, custom line
 * and the shipping have one (see tax-calculator.ts for the rounding levels).
 */
export function recalculate(input: Cart): Cart {
  const cart = { ...input, discountCodes: stackCodes(input.discountCodes) };
  const matching = cart.discountCodes.filter((code) => code.state === 'MatchesCart');
  const percentOff = Math.min(
    100,
    matching.reduce((sum, code) => sum + code.percentOff, 0),
  );
  const cartDiscounts = matching.flatMap(
    (code) =>
      code.cartDiscounts?.map(({ id, permyriad }) => ({ id, permyriad })) ?? [
        { id: code.discountCode.id, permyriad: Math.round(code.percentOff * 100) },
      ],
  );
  const taxing = cart.taxMode === 'External';
  const settings = { roundingMode: cart.taxRoundingMode, calculationMode: cart.taxCalculationMode };
  const tax = (groups: UnitGroup[], total: number, rate: ExternalTaxRate | undefined) =>
    taxing && rate ? taxedItemPrice(groups, total, rate, settings) : undefined;

  const lineItems = cart.lineItems.map((line) => {
    const unit = line.price.discounted?.value.centAmount ?? line.price.value.centAmount;
    const total = roundHalfUp((unit * line.quantity * (100 - percentOff)) / 100);
    const perQuantity = discountedPerQuantity(unit, line.quantity, unit * line.quantity - total, cartDiscounts);
    return {
      ...line,
      discountedPricePerQuantity: perQuantity,
      totalPrice: usd(total),
      taxedPrice: tax(unitGroups(unit, line.quantity, perQuantity), total, line.taxRate),
    };
  });
  const customLineItems = (cart.customLineItems ?? []).map((line) => {
    const total = line.money.centAmount * line.quantity;
    return {
      ...line,
      totalPrice: usd(total),
      discountedPricePerQuantity: [],
      taxedPrice: tax([{ unit: line.money.centAmount, quantity: line.quantity }], total, line.taxRate),
    };
  });
  const subtotal =
    lineItems.reduce((sum, line) => sum + line.totalPrice.centAmount, 0) +
    customLineItems.reduce((sum, line) => sum + line.totalPrice.centAmount, 0);
  let shippingInfo = cart.shippingInfo;
  if (shippingInfo) {
    const free = shippingInfo.shippingRate.freeAbove && subtotal >= shippingInfo.shippingRate.freeAbove.centAmount;
    const price = free ? 0 : shippingInfo.shippingRate.price.centAmount;
    shippingInfo = {
      ...shippingInfo,
      price: usd(price),
      taxedPrice: tax([{ unit: price, quantity: 1 }], price, shippingInfo.taxRate),
    };
  }
  const total = subtotal + (shippingInfo?.price.centAmount ?? 0);
  const parts = [
    ...lineItems.map((l) => l.taxedPrice),
    ...customLineItems.map((l) => l.taxedPrice),
    ...(shippingInfo ? [shippingInfo.taxedPrice] : []),
  ];
  const complete =
    taxing && lineItems.length + customLineItems.length > 0 && parts.every((part): part is TaxedPrice => !!part);
  return {
    ...cart,
    lineItems,
    customLineItems,
    shippingInfo,
    totalPrice: usd(total),
    taxedPrice: complete ? sumTaxedPrices(parts as TaxedPrice[]) : undefined,
    taxedShippingPrice: complete ? shippingInfo?.taxedPrice : undefined,
  };
}
