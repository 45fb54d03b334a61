import type { CardSummary, CartResponse, OrderConfirmation, OrderLine } from '@shop/contracts';
import type { CommerceOrder } from '../../clients/commercetools';
import { usd } from '../cart/cart-view';
import { FIELDS } from '../checkout/checkout-fields';
import { checkoutAddressOf, moneyOf, redemptionOf } from '../checkout/checkout-view';

const BRANDS: ReadonlyArray<CardSummary['brand']> = ['visa', 'mastercard', 'amex', 'discover'];

/** The card of the order's payment (its public details: brand, last 4, expiry), from the Payment's custom fields. */
export function cardOfOrder(order: CommerceOrder): CardSummary {
  const custom = order.payments[0]?.custom ?? {};
  const brand = String(custom.cardBrand ?? order.custom[FIELDS.cardBrand] ?? 'unknown');
  return {
    brand: (BRANDS as readonly string[]).includes(brand) ? (brand as CardSummary['brand']) : 'unknown',
    last4: String(custom.cardLast4 ?? order.custom[FIELDS.cardLast4] ?? ''),
    expMonth: Number(custom.cardExpMonth ?? 0),
    expYear: Number(custom.cardExpYear ?? 0),
  };
}

/** Held for review (the fraud screen or the card issuer said so): nothing is charged until it is cleared. */
export const isInReview = (order: CommerceOrder) =>
  order.custom[FIELDS.fraudDecision] === 'review' || order.payments[0]?.custom.authorizationStatus === 'review';

/**
 * The confirmation of a placed order (OrderConfirmation without `viewableUntil`): its lines as the
 * bag showed them (`bag`: the order's lines through the bag's view), the money, the addresses,
 * the method, the card and the points.
 */
export function confirmationOf(
  order: CommerceOrder,
  bag: CartResponse,
  earned: number | undefined,
): Omit<OrderConfirmation, 'viewableUntil'> {
  const shippingAddress = checkoutAddressOf(order.shippingAddress);
  const billingAddress = checkoutAddressOf(order.billingAddress) ?? shippingAddress;
  if (!shippingAddress || !billingAddress) throw new Error(`Order ${order.orderNumber} has no address`);
  const money = moneyOf(order, true);
  const lines: OrderLine[] = bag.lines.map((line) => ({
    sku: line.sku,
    name: line.name,
    url: line.url,
    ...(line.image ? { image: line.image } : {}),
    attributes: line.attributes,
    quantity: line.quantity,
    unitPrice: line.salePrice ?? line.unitPrice,
    total: line.total,
  }));
  const redemption = redemptionOf(order);
  return {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    email: order.email ?? '',
    status: isInReview(order) ? 'in-review' : 'confirmed',
    lines,
    discountCodes: bag.discountCodes.map((code) => ({ code: code.code, description: code.description })),
    totals: { ...money, shipping: money.shipping ?? usd(0), tax: money.tax ?? usd(0) },
    shippingAddress,
    billingAddress,
    shippingMethod: { name: order.shipping?.name ?? '', description: order.shipping?.description ?? '' },
    payment: cardOfOrder(order),
    ...(earned !== undefined || redemption
      ? { loyalty: { earned: earned ?? 0, redeemed: redemption?.points ?? 0 } }
      : {}),
  };
}
