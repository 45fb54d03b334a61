import { ORDER_NUMBER_FORMAT, type OrderConfirmation } from '@shop/contracts/browser';
import { useAppDispatch, useBrand } from '@shop/platform';
import { Button, LoadingStatus, Notice, PageShell, buttonClassName } from '@shop/ui';
import { type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { cartApi } from '../../../lib/cart/cart-api';
import { describeCard } from '../../../lib/checkout/card-field';
import { checkoutApi } from '../../../lib/checkout/checkout-api';
import { CheckoutLines } from './checkout-lines';
import { describeCheckoutError } from '../../../lib/checkout/checkout-errors';
import { trackOrder } from '../../../lib/checkout/checkout-tracking';
import { takePlaced } from '../../../lib/checkout/placed-orders';
import { AddressSummary } from './address-summary';
import { OrderTotals } from './order-totals';
import './checkout.css';

/** The gateway's order numbers: the brand's two capitals and digits (contracts ORDER_NUMBER_FORMAT). */
const ORDER_NUMBER = ORDER_NUMBER_FORMAT;

const page = (title: string, children: ReactNode) => (
  <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="order-confirmation" title={title}>
    {children}
  </PageShell>
);

function TrackOrderLink() {
  return (
    <p>
      <Link className={buttonClassName({ variant: 'secondary' })} to="/order/track">
        Track an order
      </Link>
    </p>
  );
}

/** ORDER once per order this tab placed (not on a reload), and the header's bag read again (now empty). */
function useOrderShown(order: OrderConfirmation | undefined) {
  const dispatch = useAppDispatch();
  const orderNumber = order?.orderNumber;
  useEffect(() => {
    if (!order || !orderNumber) return;
    if (takePlaced(orderNumber)) trackOrder(order);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per order number, whatever refetches bring
  }, [orderNumber]);
  useEffect(() => {
    void dispatch(cartApi.endpoints.cartCheckoutGetCart.initiate(undefined, { subscribe: false, forceRefetch: true }));
  }, [dispatch]);
}

function NextSteps({ order }: { order: OrderConfirmation }) {
  return (
    <section className="confirmation-next" aria-labelledby="confirmation-next-title">
      <h2 id="confirmation-next-title">What happens next</h2>
      {order.status === 'in-review' ? (
        <p data-order-status="in-review">
          We are checking this order before it ships, as we do for some orders. Nothing has been charged yet. Your order
          details are on their way to <strong>{order.email}</strong>.
        </p>
      ) : (
        <p data-order-status="confirmed">
          Your order is confirmed. A confirmation is on its way to <strong>{order.email}</strong>.
        </p>
      )}
      <p>
        Shipping: {order.shippingMethod.description || order.shippingMethod.name}. You can follow it with your order
        number on <Link to="/order/track">order tracking</Link>.
      </p>
      {order.loyalty && order.loyalty.earned > 0 && (
        <p data-loyalty-earned={order.loyalty.earned}>
          This order earns {order.loyalty.earned.toLocaleString('en-US')} loyalty points, yours to spend once it ships.
        </p>
      )}
    </section>
  );
}

function OrderDetails({ order }: { order: OrderConfirmation }) {
  return (
    <>
      <p className="confirmation-number">
        Order number <strong data-order-number="">{order.orderNumber}</strong>
      </p>
      <NextSteps order={order} />
      <section className="confirmation-items" aria-labelledby="confirmation-items-title">
        <h2 id="confirmation-items-title">Your order</h2>
        <CheckoutLines lines={order.lines.map((line) => ({ ...line, key: line.sku }))} />
        {order.discountCodes.map((code) => (
          <p key={code.code} className="checkout-note">
            Code {code.code}: {code.description}
          </p>
        ))}
        {order.loyalty && order.loyalty.redeemed > 0 && (
          <p className="checkout-note">You redeemed {order.loyalty.redeemed.toLocaleString('en-US')} points.</p>
        )}
        <OrderTotals totals={order.totals} />
      </section>
      <div className="confirmation-details">
        <section aria-labelledby="confirmation-shipping-title">
          <h2 id="confirmation-shipping-title">Shipping</h2>
          <AddressSummary address={order.shippingAddress} kind="shipping-address" />
          <p>
            {order.shippingMethod.name}: {order.shippingMethod.description}
          </p>
        </section>
        <section aria-labelledby="confirmation-payment-title">
          <h2 id="confirmation-payment-title">Payment</h2>
          <p data-saved="payment">{describeCard(order.payment)}</p>
          <h3>Billing address</h3>
          <AddressSummary address={order.billingAddress} kind="billing-address" />
        </section>
      </div>
    </>
  );
}

/** /orderconfirmation?order=VF... */
export default function OrderConfirmationPage() {
  const [params] = useSearchParams();
  const orderNumber = params.get('order') ?? '';
  const valid = ORDER_NUMBER.test(orderNumber);
  const brand = useBrand();
  const query = checkoutApi.useCartCheckoutGetOrderQuery(orderNumber, { skip: !valid });
  const order = query.data;
  useOrderShown(order);
  const problem = query.isError ? describeCheckoutError(query.error) : undefined;

  if (!valid || problem?.status === 404) {
    return page(
      'Order not found',
      <>
        <p>We could not find this order. The link may be mistyped, or the order was placed in another session.</p>
        <TrackOrderLink />
      </>,
    );
  }
  if (problem?.status === 410) {
    return page(
      'This confirmation has expired',
      <>
        <p>
          For your security, an order confirmation can be opened only for a short while after the order is placed. Your
          order number is in the confirmation e-mail; you can follow your order with it.
        </p>
        <TrackOrderLink />
      </>,
    );
  }
  if (problem) {
    return page(
      'Your order',
      <Notice as="div" role="alert" tone="error">
        <p>Your order could not be shown. {problem.message}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Notice>,
    );
  }
  if (!order) return page('Your order', <LoadingStatus label="Loading your order" shapes={['card']} />);
  return page(
    'Thank you for your order',
    <>
      <OrderDetails order={order} />
      <p>
        <Link className={buttonClassName()} to={brand.routing.homePath}>
          Continue shopping
        </Link>
      </p>
    </>,
  );
}
