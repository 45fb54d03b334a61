import type { OrderSummary } from '@shop/contracts/browser';
import { Price, VisuallyHidden } from '@shop/ui';
import { Link } from 'react-router-dom';
import { STATUS_LABELS, formatDate } from './order-text';

/** A table of orders: number (a link to its detail), date, status, items and total. */
export function OrderHistoryList({ orders, caption }: { orders: OrderSummary[]; caption: string }) {
  return (
    // On a phone the item count gives way, and the table scrolls sideways rather than widen the page.
    <div className="order-history-scroll">
      <table className="order-history-table">
        <VisuallyHidden as="caption">{caption}</VisuallyHidden>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Status</th>
            <th scope="col" className="order-items">
              Items
            </th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.orderNumber} data-order-number={order.orderNumber}>
              <th scope="row">
                <Link to={`/account/orders/${order.orderNumber}`}>{order.orderNumber}</Link>
              </th>
              <td>{formatDate(order.createdAt)}</td>
              <td data-order-status={order.status}>{STATUS_LABELS[order.status]}</td>
              <td className="order-items">{order.itemCount}</td>
              <td>
                <Price price={order.total} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
