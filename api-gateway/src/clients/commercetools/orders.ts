import { type CommerceCartCode, type CommerceCartLine, reshapeCodes, reshapeLine } from './carts';
import {
  type AddressRecord,
  type CartShipping,
  type CustomLine,
  reshapeAddress,
  reshapeCustom,
  reshapeCustomLine,
  reshapeShipping,
  reshapeTaxedPrice,
} from './checkout-carts';
import { CommerceRequestError } from './commerce-request-error';
import type { RawOrder } from './ctp-types';
import { CREATE_ORDER_FROM_CART, ORDER_BY_NUMBER, UPDATE_ORDER } from './documents';
import { type CommercePayment, reshapePayment } from './payments';
import type { CallOptions, Graphql } from './transport';

type Call = CallOptions & { correlationId: string };

export interface CommerceOrder {
  id: string;
  version: number;
  orderNumber: string;
  customerId?: string;
  anonymousId?: string;
  email?: string;
  createdAt: string;
  orderState: string;
  shipmentState?: string;
  paymentState?: string;
  lines: CommerceCartLine[];
  customLines: CustomLine[];
  codes: CommerceCartCode[];
  shippingAddress?: AddressRecord;
  billingAddress?: AddressRecord;
  shipping?: CartShipping;
  taxedPrice?: { net: number; gross: number; tax: number };
  totalCentAmount: number;
  custom: Record<string, unknown>;
  payments: CommercePayment[];
}

export type OrderAction =
  | { addPayment: string }
  | { changePaymentState: 'BalanceDue' | 'Failed' | 'Pending' | 'CreditOwed' | 'Paid' }
  | { changeOrderState: 'Open' | 'Confirmed' | 'Complete' | 'Cancelled' }
  | { changeShipmentState: 'Shipped' | 'Delivered' | 'Ready' | 'Pending' | 'Delayed' | 'Partial' | 'Backorder' };

function reshapeOrder(raw: RawOrder): CommerceOrder {
  const shippingAddress = reshapeAddress(raw.shippingAddress);
  const billingAddress = reshapeAddress(raw.billingAddress);
  const shipping = reshapeShipping(raw.shippingInfo);
  return {
    id: raw.id,
    version: raw.version,
    orderNumber: raw.orderNumber ?? '',
    ...(raw.customerId ? { customerId: raw.customerId } : {}),
    ...(raw.anonymousId ? { anonymousId: raw.anonymousId } : {}),
    ...(raw.customerEmail ? { email: raw.customerEmail } : {}),
    createdAt: String(raw.createdAt),
    orderState: String(raw.orderState),
    ...(raw.shipmentState ? { shipmentState: String(raw.shipmentState) } : {}),
    ...(raw.paymentState ? { paymentState: String(raw.paymentState) } : {}),
    lines: raw.lineItems.map(reshapeLine),
    customLines: raw.customLineItems.map(reshapeCustomLine),
    codes: reshapeCodes(raw.discountCodes),
    ...(shippingAddress ? { shippingAddress } : {}),
    ...(billingAddress ? { billingAddress } : {}),
    ...(shipping ? { shipping } : {}),
    ...(raw.taxedPrice ? { taxedPrice: reshapeTaxedPrice(raw.taxedPrice) } : {}),
    totalCentAmount: raw.totalPrice.centAmount,
    custom: reshapeCustom(raw.custom),
    payments: (raw.paymentInfo?.payments ?? []).map(reshapePayment),
  };
}

function reshapeOrderAction(action: OrderAction): Record<string, unknown> {
  if ('addPayment' in action) return { addPayment: { payment: { typeId: 'payment', id: action.addPayment } } };
  if ('changePaymentState' in action) return { changePaymentState: { paymentState: action.changePaymentState } };
  if ('changeOrderState' in action) return { changeOrderState: { orderState: action.changeOrderState } };
  return { changeShipmentState: { shipmentState: action.changeShipmentState } };
}

/** Orders of a store. */
export function orderOperations(graphql: Graphql) {
  return {
    /**
     * Makes the cart an order at its version, with the caller's order number (commercetools
     * never makes one). A number the project already has answers `{ duplicate: true }`; other
     * refusals (OutOfStock, DiscountCodeNonApplicable, ConcurrentModification) are thrown.
     */
    async createOrderFromCart(
      storeKey: string,
      cart: { id: string; version: number },
      orderNumber: string,
      call: Call,
    ): Promise<CommerceOrder | { duplicate: true }> {
      try {
        const { createOrderFromCart } = await graphql<{ createOrderFromCart: RawOrder }>(
          'CreateOrderFromCart',
          CREATE_ORDER_FROM_CART,
          { storeKey, draft: { id: cart.id, version: cart.version, orderNumber } },
          { ...call, expected: [...(call.expected ?? []), 'DuplicateField'] },
        );
        return reshapeOrder(createOrderFromCart);
      } catch (error) {
        if (
          error instanceof CommerceRequestError &&
          error.code === 'DuplicateField' &&
          String(error.extensions.field ?? 'orderNumber') === 'orderNumber'
        )
          return { duplicate: true };
        throw error;
      }
    },

    async orderByNumber(storeKey: string, orderNumber: string, call: Call): Promise<CommerceOrder | undefined> {
      const { inStore } = await graphql<{ inStore: { order: RawOrder | null } }>(
        'OrderByNumber',
        ORDER_BY_NUMBER,
        { storeKey, orderNumber },
        call,
      );
      return inStore.order ? reshapeOrder(inStore.order) : undefined;
    },

    async updateOrder(
      storeKey: string,
      order: Pick<CommerceOrder, 'id' | 'version'>,
      actions: OrderAction[],
      call: Call,
    ): Promise<CommerceOrder> {
      const { updateOrder } = await graphql<{ updateOrder: RawOrder }>(
        'UpdateOrder',
        UPDATE_ORDER,
        { storeKey, id: order.id, version: order.version, actions: actions.map(reshapeOrderAction) },
        call,
      );
      return reshapeOrder(updateOrder);
    },
  };
}
