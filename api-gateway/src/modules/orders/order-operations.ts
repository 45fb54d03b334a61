import type { BrandCatalog } from '@shop/brands';
import { RETURN_WINDOW_DAYS, carrierTrackingUrl } from '@shop/contracts';
import type { Logger } from '@shop/node-kit';
import type { CommerceClient, CommerceOrder, CommercePayment } from '../../clients/commercetools';
import type { CheckoutVendors } from '../../clients/checkout-vendors';
import { VendorRefusal } from '../../clients/vendor-http';
import type { Mail, Mailer } from '../../data-access/mailer';
import { mailOnce } from '../../shared/order-mail';
import { DomainError } from '../../shared/domain-error';
import { redemptionOf } from '../checkout/checkout-view';

export interface OrderState {
  orderNumber: string;
  orderState: string;
  shipmentState?: string;
  paymentState?: string;
  carrier?: string;
  trackingNumber?: string;
  deliveredAt?: string;
}

/** The parcel the shipment is followed by: the newest one that is not a return. */
export const outboundParcelOf = (order: CommerceOrder) =>
  order.deliveries.flatMap((delivery) => delivery.parcels.filter((parcel) => !parcel.isReturn)).at(-1);

/** The order-b2c custom field the delivery time is kept in (the returns window starts there). */
export const DELIVERED_AT = 'deliveredAt';

const DAY_MS = 24 * 60 * 60 * 1000;

const stateOf = (order: CommerceOrder): OrderState => {
  const parcel = outboundParcelOf(order);
  const deliveredAt = order.custom[DELIVERED_AT];
  return {
    orderNumber: order.orderNumber,
    orderState: order.orderState,
    ...(order.shipmentState ? { shipmentState: order.shipmentState } : {}),
    ...(order.paymentState ? { paymentState: order.paymentState } : {}),
    ...(parcel?.carrier ? { carrier: parcel.carrier } : {}),
    ...(parcel?.trackingId ? { trackingNumber: parcel.trackingId } : {}),
    ...(typeof deliveredAt === 'string' ? { deliveredAt } : {}),
  };
};

const SHIPPED = new Set(['Shipped', 'Delivered']);

/** The authorisation behind an order: its Payment's provider id. */
function authorizationOf(order: CommerceOrder): { payment: CommercePayment; id: string } {
  const payment = order.payments.find((p) => p.transactions.some((t) => t.type === 'Authorization'));
  const id = payment?.interfaceId ?? payment?.transactions.find((t) => t.type === 'Authorization')?.interactionId ?? '';
  if (!payment || !id)
    throw new DomainError('ORDER_STATE_CONFLICT', `Order ${order.orderNumber} has no card authorisation.`);
  return { payment, id };
}

/** A vendor's INVALID_STATE (already captured, voided, refunded) is a conflict with the order's state. */
const conflictOf = (error: unknown, orderNumber: string) =>
  error instanceof VendorRefusal && error.code === 'INVALID_STATE'
    ? new DomainError('ORDER_STATE_CONFLICT', `The payment of order ${orderNumber} cannot do that any more.`)
    : error;

/**
 * The back office's order operations (ops routes): fulfilment captures the payment (a Charge
 * transaction, payment state Paid) and ships; cancellation voids the authorisation (a
 * CancelAuthorization transaction) and cancels. Both are safe to repeat.
 */
export function orderOperations({
  commerce,
  vendors,
  catalog,
  mailer,
  originOf,
  returnsOn,
  logger,
}: {
  commerce: CommerceClient;
  vendors: CheckoutVendors;
  catalog: BrandCatalog;
  mailer: Mailer;
  /** The brand's canonical origin, which its mail links to. */
  originOf: (storeKey: string) => string;
  /** Whether the brand takes returns online now (its `returns` flag). */
  returnsOn: (storeKey: string, orderNumber: string) => boolean;
  logger: Logger;
}) {
  /** Order numbers are unique in the project; the order is in one brand's store. */
  const find = async (orderNumber: string, correlationId: string) => {
    for (const [storeKey] of catalog) {
      const order = await commerce.orderByNumber(storeKey, orderNumber, { correlationId });
      if (order) return { storeKey, order };
    }
    throw new DomainError('ORDER_NOT_FOUND', `There is no order ${orderNumber}.`);
  };

  /**
   * The order's loyalty points follow its state (docs: README "Loyalty points follow the order"):
   * captured, its pending points post; cancelled, its redemption hold is let go, its earned points
   * are taken back and its redeemed ones given back. Run after the state change and again on a
   * repeat of the operation (the vendor does each once per order), so a crash or an unanswered
   * vendor is mended by repeating the operation.
   */
  const settlePoints = async (
    storeKey: string,
    order: CommerceOrder,
    step: 'capture' | 'cancel',
    correlationId: string,
  ) => {
    if (!order.customerId) return;
    const holdId = step === 'cancel' ? redemptionOf(order)?.holdId : undefined;
    if (holdId) await vendors.loyalty.release(holdId, correlationId);
    await vendors.loyalty.settle(storeKey, order.customerId, order.orderNumber, { step }, correlationId);
  };

  /** The shopper hears of each move once (the order notes the mail: `mailed`). */
  const notify = (storeKey: string, order: CommerceOrder, mail: Mail, correlationId: string) =>
    mailOnce({ mailer, commerce, logger }, storeKey, order, mail.kind, mail, correlationId);

  const linesOf = (order: CommerceOrder) =>
    order.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      details: Object.values(line.attributes).join(', ') || undefined,
    }));

  const shippedMail = (storeKey: string, order: CommerceOrder): Mail | undefined => {
    const parcel = outboundParcelOf(order);
    if (!order.email || !parcel?.trackingId || !parcel.carrier) return undefined;
    return {
      kind: 'order-shipped',
      to: order.email,
      orderNumber: order.orderNumber,
      carrier: parcel.carrier,
      trackingNumber: parcel.trackingId,
      carrierUrl: carrierTrackingUrl(parcel.carrier, parcel.trackingId),
      trackUrl: `${originOf(storeKey)}/order/track`,
      lines: linesOf(order),
    };
  };

  const deliveredMail = (storeKey: string, order: CommerceOrder): Mail | undefined => {
    const deliveredAt = order.custom[DELIVERED_AT];
    if (!order.email || typeof deliveredAt !== 'string') return undefined;
    const trackUrl = `${originOf(storeKey)}/order/track`;
    return {
      kind: 'order-delivered',
      to: order.email,
      orderNumber: order.orderNumber,
      deliveredAt,
      trackUrl,
      ...(returnsOn(storeKey, order.orderNumber)
        ? {
            returns: {
              url: trackUrl,
              until: new Date(Date.parse(deliveredAt) + RETURN_WINDOW_DAYS * DAY_MS).toISOString(),
            },
          }
        : {}),
    };
  };

  const refuseCancelled = (order: CommerceOrder) => {
    if (order.orderState === 'Cancelled')
      throw new DomainError('ORDER_STATE_CONFLICT', `Order ${order.orderNumber} is cancelled.`);
  };

  /** Captures the authorisation once (a Charge transaction). */
  const capture = async (order: CommerceOrder, correlationId: string) => {
    const { payment, id } = authorizationOf(order);
    if (!payment.transactions.some((t) => t.type === 'Charge' && t.state === 'Success')) {
      // The shopper pays the order's total: the allowance authorised on top of it is released.
      const { capturedAmount } = await vendors.payment
        .capture(id, payment.amountPlanned, correlationId)
        .catch((error: unknown) => Promise.reject(conflictOf(error, order.orderNumber)));
      await commerce.updatePayment(
        payment,
        [{ addTransaction: { type: 'Charge', state: 'Success', amount: capturedAmount, interactionId: id } }],
        { correlationId },
      );
    }
  };

  /**
   * Handed to the carrier: the payment is captured (a Charge, payment state Paid), a delivery
   * of every line with one parcel and its tracking data is added, shipment state Shipped.
   * Again with the same tracking number: the same answer; with another one, a conflict.
   */
  const ship = async (
    orderNumber: string,
    tracking: { carrier: string; trackingNumber: string } | undefined,
    correlationId: string,
  ): Promise<OrderState> => {
    const { storeKey, order } = await find(orderNumber, correlationId);
    refuseCancelled(order);
    const parcel = outboundParcelOf(order);
    if (order.shipmentState && SHIPPED.has(order.shipmentState)) {
      if (!tracking || (parcel?.trackingId === tracking.trackingNumber && parcel.carrier === tracking.carrier)) {
        await settlePoints(storeKey, order, 'capture', correlationId);
        const mail = shippedMail(storeKey, order);
        if (mail) await notify(storeKey, order, mail, correlationId);
        return stateOf(order);
      }
      throw new DomainError('ORDER_STATE_CONFLICT', `Order ${orderNumber} has shipped with other tracking.`);
    }
    await capture(order, correlationId);
    // Capturing updates the Payment only: the order is still at its version.
    const current = order;
    const updated = await commerce.updateOrder(
      storeKey,
      current,
      [
        ...(tracking && !parcel
          ? [
              {
                addDelivery: {
                  items: current.lines.map((line) => ({ id: line.id, quantity: line.quantity })),
                  parcels: [
                    {
                      trackingData: { trackingId: tracking.trackingNumber, carrier: tracking.carrier, isReturn: false },
                    },
                  ],
                },
              },
            ]
          : []),
        { changeShipmentState: 'Shipped' as const },
        ...(current.paymentState === 'Paid' ? [] : [{ changePaymentState: 'Paid' as const }]),
      ],
      { correlationId },
    );
    await settlePoints(storeKey, updated, 'capture', correlationId);
    const mail = shippedMail(storeKey, updated);
    if (mail) await notify(storeKey, updated, mail, correlationId);
    return stateOf(updated);
  };

  return {
    /** Packed and waiting for the carrier: shipment state Ready (again: the same answer). */
    async ready(orderNumber: string, correlationId: string): Promise<OrderState> {
      const { storeKey, order } = await find(orderNumber, correlationId);
      refuseCancelled(order);
      if (order.shipmentState === 'Ready') return stateOf(order);
      if (order.shipmentState && SHIPPED.has(order.shipmentState))
        throw new DomainError('ORDER_STATE_CONFLICT', `Order ${orderNumber} has already shipped.`);
      return stateOf(
        await commerce.updateOrder(storeKey, order, [{ changeShipmentState: 'Ready' }], { correlationId }),
      );
    },

    ship,

    /** The old single step: capture and ship without tracking (kept for existing callers). */
    fulfil(orderNumber: string, correlationId: string): Promise<OrderState> {
      return ship(orderNumber, undefined, correlationId);
    },

    /**
     * The carrier delivered it (at `deliveredAt`, now when not told; never in the future, never
     * before it shipped): shipment state Delivered and the time in the order's `deliveredAt`.
     * Again: the same answer, the first time kept.
     */
    async deliver(orderNumber: string, deliveredAt: Date | undefined, correlationId: string): Promise<OrderState> {
      const { storeKey, order } = await find(orderNumber, correlationId);
      refuseCancelled(order);
      if (order.shipmentState === 'Delivered') {
        const mail = deliveredMail(storeKey, order);
        if (mail) await notify(storeKey, order, mail, correlationId);
        return stateOf(order);
      }
      if (order.shipmentState !== 'Shipped')
        throw new DomainError('ORDER_STATE_CONFLICT', `Order ${orderNumber} has not shipped yet.`);
      const at = deliveredAt ?? new Date();
      if (at.getTime() > Date.now())
        throw new DomainError('INVALID_PARAMETER', 'deliveredAt may not be in the future.');
      if (at.getTime() < Date.parse(order.createdAt))
        throw new DomainError('INVALID_PARAMETER', 'deliveredAt may not be before the order was placed.');
      const updated = await commerce.updateOrder(
        storeKey,
        order,
        [{ changeShipmentState: 'Delivered' }, { setCustomField: { name: DELIVERED_AT, value: at.toISOString() } }],
        { correlationId },
      );
      const mail = deliveredMail(storeKey, updated);
      if (mail) await notify(storeKey, updated, mail, correlationId);
      return stateOf(updated);
    },

    async cancel(orderNumber: string, correlationId: string): Promise<OrderState> {
      const { storeKey, order } = await find(orderNumber, correlationId);
      if (order.orderState === 'Cancelled') {
        await settlePoints(storeKey, order, 'cancel', correlationId);
        return stateOf(order);
      }
      if (order.shipmentState === 'Shipped' || order.shipmentState === 'Delivered')
        throw new DomainError('ORDER_STATE_CONFLICT', `Order ${orderNumber} has shipped; return it instead.`);
      const { payment, id } = authorizationOf(order);
      if (!payment.transactions.some((t) => t.type === 'CancelAuthorization' && t.state === 'Success')) {
        await vendors.payment
          .void(id, correlationId)
          .catch((error: unknown) => Promise.reject(conflictOf(error, orderNumber)));
        await commerce.updatePayment(
          payment,
          [
            {
              addTransaction: {
                type: 'CancelAuthorization',
                state: 'Success',
                amount: payment.transactions.find((t) => t.type === 'Authorization')?.amount ?? payment.amountPlanned,
                interactionId: id,
              },
            },
          ],
          { correlationId },
        );
      }
      const updated = await commerce.updateOrder(storeKey, order, [{ changeOrderState: 'Cancelled' }], {
        correlationId,
      });
      await settlePoints(storeKey, updated, 'cancel', correlationId);
      return stateOf(updated);
    },
  };
}
export type OrderOperations = ReturnType<typeof orderOperations>;
