import type { CheckoutAddress, OrderDetail } from '@shop/contracts/browser';
import { useFlag } from '@shop/platform';
import { Card, Price, VisuallyHidden } from '@shop/ui';
import { Link } from 'react-router-dom';
import { SHIPMENT_STEPS, STATUS_LABELS, formatDate } from './order-text';
import './orders.css';

function Address({ title, address }: { title: string; address: CheckoutAddress }) {
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      <address>
        {address.firstName} {address.lastName}
        <br />
        {address.streetName}
        {address.additionalStreetInfo ? (
          <>
            <br />
            {address.additionalStreetInfo}
          </>
        ) : null}
        <br />
        {address.city}, {address.state} {address.postalCode}
      </address>
    </section>
  );
}

function ShipmentProgress({ order }: { order: OrderDetail }) {
  const { shipment } = order;
  const reached = SHIPMENT_STEPS.findIndex((step) => step.state === shipment.state);
  return (
    <section aria-labelledby="shipment-title" className="order-shipment" data-shipment-state={shipment.state}>
      <h2 id="shipment-title">Shipment</h2>
      <ol className="order-steps">
        {SHIPMENT_STEPS.map((step, index) => (
          <li
            key={step.state}
            className={index <= reached ? 'order-step order-step-done' : 'order-step'}
            aria-current={index === reached ? 'step' : undefined}
          >
            {step.label}
          </li>
        ))}
      </ol>
      {shipment.trackingNumber && (
        <p>
          {shipment.carrier ? `${shipment.carrier} tracking number: ` : 'Tracking number: '}
          {shipment.trackingUrl ? (
            <a href={shipment.trackingUrl} rel="noopener noreferrer" target="_blank" data-tracking-number>
              {shipment.trackingNumber}
              <VisuallyHidden> (opens the carrier’s site in a new tab)</VisuallyHidden>
            </a>
          ) : (
            <strong data-tracking-number>{shipment.trackingNumber}</strong>
          )}
        </p>
      )}
      {shipment.deliveredAt && <p>Delivered on {formatDate(shipment.deliveredAt)}.</p>}
    </section>
  );
}

/** Everything about one order: status, shipment, lines, money, addresses, method and card. */
export function OrderDetailView({
  order,
  returnsLink,
}: {
  order: OrderDetail;
  /** Where a delivered order's returns are started: the account's pages, or the guest's by number. */
  returnsLink?: 'account' | 'guest';
}) {
  const returns = useFlag('returns', false);
  return (
    <div className="order-detail">
      <p>
        Placed on {formatDate(order.createdAt)} · Status:{' '}
        <strong data-order-status={order.status}>{STATUS_LABELS[order.status]}</strong>
      </p>
      <ShipmentProgress order={order} />
      {returnsLink === 'account' && returns && order.status === 'delivered' && (
        <p>
          <Link to={`/account/orders/${order.orderNumber}/returns/create`}>Start a return</Link>
          {' · '}
          <Link to={`/account/orders/${order.orderNumber}/returns`}>Returns and labels for this order</Link>
        </p>
      )}
      {returnsLink === 'guest' && returns && order.status === 'delivered' && (
        <p>
          <Link to={`/order/returns?${new URLSearchParams({ orderNumber: order.orderNumber })}`}>
            Return items from this order
          </Link>
        </p>
      )}
      <section aria-labelledby="order-items-title">
        <h2 id="order-items-title">Items</h2>
        <ul className="order-lines">
          {order.lines.map((line) => (
            <li key={line.lineItemId} className="order-line">
              {line.image && <img src={line.image.url} alt={line.image.alt} width={64} height={80} />}
              <div>
                <Link to={line.url}>{line.name}</Link>
                <p className="order-line-meta">
                  {line.attributes.map((a) => `${a.label}: ${a.value}`).join(' · ')}
                  {line.attributes.length ? ' · ' : ''}
                  Qty {line.quantity} · <Price price={line.unitPrice} /> each
                </p>
              </div>
              <Price price={line.total} />
            </li>
          ))}
        </ul>
      </section>
      <Card>
        <h2>Summary</h2>
        <dl className="order-totals">
          <dt>Subtotal</dt>
          <dd>
            <Price price={order.totals.subtotal} />
          </dd>
          {order.totals.discount.centAmount > 0 && (
            <>
              <dt>Discount</dt>
              <dd>
                −<Price price={order.totals.discount} />
              </dd>
            </>
          )}
          {order.totals.loyalty && order.totals.loyalty.centAmount > 0 && (
            <>
              <dt>Loyalty points</dt>
              <dd>
                −<Price price={order.totals.loyalty} />
              </dd>
            </>
          )}
          <dt>Shipping ({order.shippingMethod.description || order.shippingMethod.name})</dt>
          <dd>
            <Price price={order.totals.shipping} />
          </dd>
          <dt>Tax</dt>
          <dd>
            <Price price={order.totals.tax} />
          </dd>
          <dt>Total</dt>
          <dd>
            <strong>
              <Price price={order.totals.total} />
            </strong>
          </dd>
        </dl>
      </Card>
      <div className="order-addresses">
        <Address title="Shipping address" address={order.shippingAddress} />
        <Address title="Billing address" address={order.billingAddress} />
        <section aria-label="Payment">
          <h3>Payment</h3>
          <p>
            {order.payment.brand === 'unknown' ? 'Card' : order.payment.brand.toUpperCase()} ending in{' '}
            {order.payment.last4}
          </p>
        </section>
      </div>
    </div>
  );
}
