import type { BrandCatalog } from '@shop/brands';
import type { CommerceClient, CommerceOrder, CommercePayment } from '../../clients/commercetools';
import type { CheckoutVendors } from '../../clients/checkout-vendors';
import { VendorRefusal } from '../../clients/vendor-http';
import { DomainError } from '../../shared/domain-error';

export interface OrderState {
  orderNumber: string;
  orderState: string;
  shipmentState?: string;
  paymentState?: string;
}

const stateOf = (order: CommerceOrder): OrderState => ({
  orderNumber: order.orderNumber,
  orderState: order.orderState,
  ...(order.shipmentState ? { shipmentState: order.shipmentState } : {}),
  ...(order.paymentState ? { paymentState: order.paymentState } : {}),
});

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
}: {
  commerce: CommerceClient;
  vendors: CheckoutVendors;
  catalog: BrandCatalog;
}) {
  /** Order numbers are unique in the project; the order is in one brand's store. */
  const find = async (orderNumber: string, correlationId: string) => {
    for (const [storeKey] of catalog) {
      const order = await commerce.orderByNumber(storeKey, orderNumber, { correlationId });
      if (order) return { storeKey, order };
    }
    throw new DomainError('ORDER_NOT_FOUND', `There is no order ${orderNumber}.`);
  };

  return {
    async fulfil(orderNumber: string, correlationId: string): Promise<OrderState> {
      const { storeKey, order } = await find(orderNumber, correlationId);
      if (order.orderState === 'Cancelled')
        throw new DomainError('ORDER_STATE_CONFLICT', `Order ${orderNumber} is cancelled.`);
      if (order.paymentState === 'Paid' && order.shipmentState === 'Shipped') return stateOf(order);
      const { payment, id } = authorizationOf(order);
      if (!payment.transactions.some((t) => t.type === 'Charge' && t.state === 'Success')) {
        // The shopper pays the order's total: the allowance authorised on top of it is released.
        const { capturedAmount } = await vendors.payment
          .capture(id, payment.amountPlanned, correlationId)
          .catch((error: unknown) => Promise.reject(conflictOf(error, orderNumber)));
        await commerce.updatePayment(
          payment,
          [{ addTransaction: { type: 'Charge', state: 'Success', amount: capturedAmount, interactionId: id } }],
          { correlationId },
        );
      }
      const updated = await commerce.updateOrder(
        storeKey,
        order,
        [
          ...(order.shipmentState === 'Shipped' ? [] : [{ changeShipmentState: 'Shipped' as const }]),
          ...(order.paymentState === 'Paid' ? [] : [{ changePaymentState: 'Paid' as const }]),
        ],
        { correlationId },
      );
      return stateOf(updated);
    },

    async cancel(orderNumber: string, correlationId: string): Promise<OrderState> {
      const { storeKey, order } = await find(orderNumber, correlationId);
      if (order.orderState === 'Cancelled') return stateOf(order);
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
      return stateOf(updated);
    },
  };
}
export type OrderOperations = ReturnType<typeof orderOperations>;
