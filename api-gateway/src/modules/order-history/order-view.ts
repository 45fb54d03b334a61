import {
  type CartResponse,
  type OrderDetail,
  type OrderShipment,
  type OrderStatus,
  type OrderSummary,
  carrierTrackingUrl,
} from '@shop/contracts';
import type { CommerceOrder, CommerceOrderHead } from '../../clients/commercetools';
import { FIELDS } from '../checkout/checkout-fields';
import { usd } from '../cart/cart-view';
import { cardOfOrder, confirmationOf, isInReview } from '../orders/order-confirmation';
import { DELIVERED_AT, outboundParcelOf } from '../orders/order-operations';

const SHIPMENT_STATES: ReadonlyArray<OrderShipment['state']> = [
  'Pending',
  'Ready',
  'Shipped',
  'Delivered',
  'Delayed',
  'Partial',
  'Backorder',
  'Canceled',
];

/** What the shopper is told: cancelled, held for review, or how far the shipment got. */
export function statusOf(
  order: Pick<CommerceOrder, 'orderState' | 'shipmentState' | 'custom'>,
  inReview: boolean,
): OrderStatus {
  if (order.orderState === 'Cancelled') return 'cancelled';
  if (order.shipmentState === 'Delivered') return 'delivered';
  if (order.shipmentState === 'Shipped') return 'shipped';
  if (order.shipmentState === 'Ready') return 'ready';
  return inReview ? 'in-review' : 'placed';
}

export function shipmentOf(order: CommerceOrder): OrderShipment {
  const state = (SHIPMENT_STATES as readonly string[]).includes(order.shipmentState ?? '')
    ? (order.shipmentState as OrderShipment['state'])
    : 'Pending';
  const parcel = outboundParcelOf(order);
  const trackingUrl = carrierTrackingUrl(parcel?.carrier, parcel?.trackingId);
  const deliveredAt = order.custom[DELIVERED_AT];
  return {
    state,
    ...(parcel?.carrier ? { carrier: parcel.carrier } : {}),
    ...(parcel?.trackingId ? { trackingNumber: parcel.trackingId } : {}),
    ...(trackingUrl ? { trackingUrl } : {}),
    ...(state === 'Delivered' && typeof deliveredAt === 'string' ? { deliveredAt } : {}),
  };
}

export function summaryOf(order: CommerceOrderHead): OrderSummary {
  const inReview =
    order.custom[FIELDS.fraudDecision] === 'review' || order.paymentCustom.authorizationStatus === 'review';
  return {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    status: statusOf(order, inReview),
    itemCount: order.itemCount,
    total: usd(order.grossCentAmount ?? order.totalCentAmount),
  };
}

/** The order as its owner sees it: the confirmation's lines and money, the card's brand and last four, the shipment. */
export function detailOf(order: CommerceOrder, bag: CartResponse): OrderDetail {
  const confirmation = confirmationOf(order, bag, undefined);
  const card = cardOfOrder(order);
  return {
    orderNumber: order.orderNumber,
    createdAt: order.createdAt,
    status: statusOf(order, isInReview(order)),
    lines: bag.lines.map((line, index) => ({
      lineItemId: line.lineItemId,
      ...confirmation.lines[index],
    })),
    totals: confirmation.totals,
    shippingAddress: confirmation.shippingAddress,
    billingAddress: confirmation.billingAddress,
    shippingMethod: confirmation.shippingMethod,
    payment: { brand: card.brand, last4: card.last4 },
    shipment: shipmentOf(order),
  };
}
