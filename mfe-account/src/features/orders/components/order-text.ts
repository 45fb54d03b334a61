import type { OrderShipment, OrderStatus } from '@shop/contracts/browser';

export const STATUS_LABELS: Record<OrderStatus, string> = {
  'in-review': 'Being checked',
  placed: 'Placed',
  ready: 'Preparing to ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export { formatDate } from '../../../lib/format-date';

/** The steps of a shipment, in order, and how far this one got. */
export const SHIPMENT_STEPS: Array<{ state: OrderShipment['state']; label: string }> = [
  { state: 'Pending', label: 'Order placed' },
  { state: 'Ready', label: 'Preparing to ship' },
  { state: 'Shipped', label: 'Shipped' },
  { state: 'Delivered', label: 'Delivered' },
];
