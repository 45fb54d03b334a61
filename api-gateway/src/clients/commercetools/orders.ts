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
import type { RawDelivery, RawOrder } from './ctp-types';
import { CREATE_ORDER_FROM_CART, CUSTOMER_ORDERS, ORDER_BY_NUMBER, UPDATE_ORDER } from './documents';
import { predicateLiteral } from './predicate-literal';
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
  /** The key of the order's custom type (checkout's orders are `order-b2c`). */
  typeKey?: string;
  payments: CommercePayment[];
  /** commercetools' returnInfo, one entry per return. */
  returns: CommerceReturnInfo[];
  /** What was sent (shippingInfo.deliveries), oldest first. */
  deliveries: OrderDelivery[];
}

export interface CommerceReturnInfo {
  returnTrackingId?: string;
  returnDate?: string;
  items: Array<{
    id: string;
    lineItemId: string;
    quantity: number;
    comment?: string;
    shipmentState: string;
    paymentState: string;
    createdAt: string;
  }>;
}

export interface OrderParcel {
  id: string;
  key?: string;
  createdAt: string;
  trackingId?: string;
  carrier?: string;
  provider?: string;
  isReturn: boolean;
}

export interface OrderDelivery {
  id: string;
  key?: string;
  createdAt: string;
  items: Array<{ id: string; quantity: number }>;
  parcels: OrderParcel[];
}

const reshapeDelivery = (raw: RawDelivery): OrderDelivery => ({
  id: raw.id,
  ...(raw.key ? { key: raw.key } : {}),
  createdAt: String(raw.createdAt),
  items: raw.items.map((item) => ({ id: item.id, quantity: Number(item.quantity) })),
  parcels: raw.parcels.map((parcel) => ({
    id: parcel.id,
    ...(parcel.key ? { key: parcel.key } : {}),
    createdAt: String(parcel.createdAt),
    ...(parcel.trackingData?.trackingId ? { trackingId: parcel.trackingData.trackingId } : {}),
    ...(parcel.trackingData?.carrier ? { carrier: parcel.trackingData.carrier } : {}),
    ...(parcel.trackingData?.provider ? { provider: parcel.trackingData.provider } : {}),
    isReturn: parcel.trackingData?.isReturn ?? false,
  })),
});

/** An order as a history row shows it. */
export interface CommerceOrderHead {
  orderNumber: string;
  createdAt: string;
  orderState: string;
  shipmentState?: string;
  itemCount: number;
  totalCentAmount: number;
  grossCentAmount?: number;
  custom: Record<string, unknown>;
  paymentCustom: Record<string, unknown>;
}

interface RawOrderHead {
  orderNumber: string | null;
  createdAt: unknown;
  orderState: unknown;
  shipmentState: unknown;
  totalPrice: { centAmount: number };
  taxedPrice: { totalGross: { centAmount: number } } | null;
  lineItems: Array<{ quantity: number }>;
  custom: Parameters<typeof reshapeCustom>[0];
  paymentInfo: { payments: Array<{ custom: Parameters<typeof reshapeCustom>[0] }> } | null;
}

const reshapeHead = (raw: RawOrderHead): CommerceOrderHead => ({
  orderNumber: raw.orderNumber ?? '',
  createdAt: String(raw.createdAt),
  orderState: String(raw.orderState),
  ...(raw.shipmentState ? { shipmentState: String(raw.shipmentState) } : {}),
  itemCount: raw.lineItems.reduce((sum, line) => sum + Number(line.quantity), 0),
  totalCentAmount: raw.totalPrice.centAmount,
  ...(raw.taxedPrice ? { grossCentAmount: raw.taxedPrice.totalGross.centAmount } : {}),
  custom: reshapeCustom(raw.custom),
  paymentCustom: reshapeCustom(raw.paymentInfo?.payments[0]?.custom ?? null),
});

export interface TrackingDraft {
  trackingId: string;
  carrier: string;
  isReturn?: boolean;
}

export type OrderAction =
  | { addPayment: string }
  | { changePaymentState: 'BalanceDue' | 'Failed' | 'Pending' | 'CreditOwed' | 'Paid' }
  | { changeOrderState: 'Open' | 'Confirmed' | 'Complete' | 'Cancelled' }
  | { changeShipmentState: 'Shipped' | 'Delivered' | 'Ready' | 'Pending' | 'Delayed' | 'Partial' | 'Backorder' }
  | {
      addReturnInfo: {
        returnTrackingId?: string;
        items: Array<{ lineItemId: string; quantity: number; comment?: string }>;
      };
    }
  | {
      addDelivery: {
        deliveryKey?: string;
        items: Array<{ id: string; quantity: number }>;
        parcels: Array<{ key?: string; trackingData: TrackingDraft }>;
      };
    }
  | { addParcelToDelivery: { deliveryId: string; parcelKey?: string; trackingData: TrackingDraft } }
  | { setParcelTrackingData: { parcelId: string; trackingData: TrackingDraft } }
  | { setCustomField: { name: string; value: unknown } }
  | {
      setReturnShipmentState: {
        returnItemId: string;
        shipmentState: 'Advised' | 'Returned' | 'BackInStock' | 'Unusable';
      };
    }
  | {
      setReturnPaymentState: {
        returnItemId: string;
        paymentState: 'NonRefundable' | 'Initial' | 'Refunded' | 'NotRefunded';
      };
    };

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
    ...(raw.custom?.type?.key ? { typeKey: raw.custom.type.key } : {}),
    payments: (raw.paymentInfo?.payments ?? []).map(reshapePayment),
    returns: (raw.returnInfo ?? []).map((info) => ({
      ...(info.returnTrackingId ? { returnTrackingId: info.returnTrackingId } : {}),
      ...(info.returnDate ? { returnDate: String(info.returnDate) } : {}),
      items: info.items.map((item) => ({
        id: item.id,
        lineItemId: item.lineItemId ?? '',
        quantity: Number(item.quantity),
        ...(item.comment ? { comment: item.comment } : {}),
        shipmentState: String(item.shipmentState),
        paymentState: String(item.paymentState),
        createdAt: String(item.createdAt),
      })),
    })),
    deliveries: (raw.shippingInfo?.deliveries ?? []).map(reshapeDelivery),
  };
}

function reshapeOrderAction(action: OrderAction): Record<string, unknown> {
  if ('addPayment' in action) return { addPayment: { payment: { typeId: 'payment', id: action.addPayment } } };
  if ('changePaymentState' in action) return { changePaymentState: { paymentState: action.changePaymentState } };
  if ('changeOrderState' in action) return { changeOrderState: { orderState: action.changeOrderState } };
  if ('addDelivery' in action) return { addDelivery: action.addDelivery };
  if ('addParcelToDelivery' in action) return { addParcelToDelivery: action.addParcelToDelivery };
  if ('setParcelTrackingData' in action) return { setParcelTrackingData: action.setParcelTrackingData };
  // A custom field's value travels as JSON text (the commercetools GraphQL convention); null removes it.
  if ('setCustomField' in action)
    return {
      setCustomField: {
        name: action.setCustomField.name,
        value: action.setCustomField.value === undefined ? null : JSON.stringify(action.setCustomField.value),
      },
    };
  if ('setReturnShipmentState' in action) return { setReturnShipmentState: action.setReturnShipmentState };
  if ('setReturnPaymentState' in action) return { setReturnPaymentState: action.setReturnPaymentState };
  if ('addReturnInfo' in action)
    return {
      addReturnInfo: {
        ...(action.addReturnInfo.returnTrackingId ? { returnTrackingId: action.addReturnInfo.returnTrackingId } : {}),
        items: action.addReturnInfo.items.map((item) => ({ ...item, shipmentState: 'Advised' })),
      },
    };
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

    /** A customer's orders in the store, newest first. */
    async customerOrders(
      storeKey: string,
      customerId: string,
      page: { limit: number; offset: number },
      call: Call,
    ): Promise<{ total: number; results: CommerceOrderHead[] }> {
      const { inStore } = await graphql<{ inStore: { orders: { total: number; results: RawOrderHead[] } } }>(
        'CustomerOrders',
        CUSTOMER_ORDERS,
        { storeKey, where: `customerId = ${predicateLiteral(customerId)}`, ...page },
        call,
      );
      return { total: Number(inStore.orders.total), results: inStore.orders.results.map(reshapeHead) };
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
