import { z } from 'zod';
import type { Money } from './catalog';
import type { CheckoutAddress } from './checkout';

import { ORDER_HISTORY_MAX_OFFSET, ORDER_HISTORY_PAGE_SIZE } from './orders-rules';

export { ORDER_HISTORY_MAX_OFFSET, ORDER_HISTORY_PAGE_SIZE };

/** `GET /api/account/orders?offset=N`: a whole number from 0 to 10000 (absent: 0). */
export const orderHistoryQuerySchema = z.strictObject({
  offset: z
    .string()
    .regex(/^(0|[1-9]\d{0,4})$/, 'a whole number from 0 to 10000')
    .transform(Number)
    .refine((n) => n <= ORDER_HISTORY_MAX_OFFSET, 'a whole number from 0 to 10000')
    .optional(),
});

/** `POST /api/order/lookup`: the order number as printed and the e-mail it was placed with. */
export const orderLookupSchema = z.strictObject({
  orderNumber: z.string().trim().min(1).max(40),
  email: z.string().trim().min(3).max(254),
});
export type OrderLookupRequest = z.infer<typeof orderLookupSchema>;

/** What the shopper is told of an order's progress. */
export type OrderStatus = 'in-review' | 'placed' | 'ready' | 'shipped' | 'delivered' | 'cancelled';

export interface OrderShipment {
  /** commercetools shipmentState, or Pending when the order has none yet. */
  state: 'Pending' | 'Ready' | 'Shipped' | 'Delivered' | 'Delayed' | 'Partial' | 'Backorder' | 'Canceled';
  carrier?: string;
  trackingNumber?: string;
  /** The carrier's page for the tracking number, for carriers the shop knows. */
  trackingUrl?: string;
  deliveredAt?: string;
}

export interface OrderSummary {
  orderNumber: string;
  createdAt: string;
  status: OrderStatus;
  itemCount: number;
  total: Money;
}

/** `GET /api/account/orders?offset=N`: newest first. */
export interface OrderHistoryPage {
  results: OrderSummary[];
  offset: number;
  total: number;
  pageSize: typeof ORDER_HISTORY_PAGE_SIZE;
}

export interface OrderDetailLine {
  lineItemId: string;
  sku: string;
  name: string;
  url: string;
  image?: { url: string; alt: string };
  attributes: Array<{ name: string; label: string; value: string }>;
  quantity: number;
  unitPrice: Money;
  total: Money;
}

/** `GET /api/account/orders/{n}`, `GET /api/order/{n}`, `POST /api/order/lookup`. */
export interface OrderDetail {
  orderNumber: string;
  createdAt: string;
  status: OrderStatus;
  lines: OrderDetailLine[];
  totals: { subtotal: Money; discount: Money; loyalty?: Money; shipping: Money; tax: Money; total: Money };
  shippingAddress: CheckoutAddress;
  billingAddress: CheckoutAddress;
  shippingMethod: { name: string; description: string };
  /** The card's brand and last four digits only. */
  payment: { brand: 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown'; last4: string };
  shipment: OrderShipment;
}

/** Back office: `POST /api/ops/orders/{n}/ship`. */
export const shipOrderSchema = z.strictObject({
  carrier: z.string().trim().min(2).max(40),
  trackingNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, '4 to 40 letters, digits and dashes'),
});
export type ShipOrderRequest = z.infer<typeof shipOrderSchema>;

/** Back office: `POST /api/ops/orders/{n}/deliver` (when the carrier delivered it; now when absent). */
export const deliverOrderSchema = z.strictObject({
  deliveredAt: z.string().datetime({ offset: true }).optional(),
});
export type DeliverOrderRequest = z.infer<typeof deliverOrderSchema>;
