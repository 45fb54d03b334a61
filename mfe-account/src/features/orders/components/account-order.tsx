import { LoadingStatus, Notice } from '@shop/ui';
import { Link, useParams } from 'react-router-dom';
import { errorOf, ordersApi } from '../api/orders-api';
import { OrderDetailView } from './order-detail-view';
import { SignInNotice } from './sign-in-notice';

/** /account/orders/:orderNumber: one of the signed-in customer's orders. */
export function AccountOrder() {
  const { orderNumber = '' } = useParams();
  const { data, error, isLoading } = ordersApi.useAccountOrderQuery(orderNumber);
  if (isLoading) return <LoadingStatus label="Loading the order" />;
  if (error) {
    const { status } = errorOf(error);
    if (status === 401) return <SignInNotice />;
    if (status === 404)
      return (
        <Notice tone="error">
          There is no order {orderNumber} in your account. <Link to="/account/orders">See your orders</Link>
        </Notice>
      );
    return <Notice tone="error">The order could not be loaded. Please try again.</Notice>;
  }
  if (!data) return null;
  return (
    <>
      <p>
        <Link to="/account/orders">Back to your orders</Link>
      </p>
      <OrderDetailView order={data} returnsLink="account" />
    </>
  );
}
