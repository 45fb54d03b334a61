import { LoadingStatus } from '@shop/ui';
import { useSearchParams } from 'react-router-dom';
import { ordersApi } from '../api/orders-api';
import { OrderDetailView } from './order-detail-view';
import { OrderTrackForm } from './order-track-form';

/** /order?orderNumber=…: an order this session looked up; without a grant, the lookup form. */
export function TrackedOrder() {
  const [params] = useSearchParams();
  const orderNumber = params.get('orderNumber') ?? '';
  const { data, isLoading } = ordersApi.useAccountTrackedOrderQuery(orderNumber, { skip: !orderNumber });
  if (isLoading) return <LoadingStatus label="Loading the order" />;
  if (!data)
    return (
      <>
        <p>Enter your order number and the e-mail address you placed the order with.</p>
        <OrderTrackForm />
      </>
    );
  return (
    <>
      <p>
        Order <strong>{data.orderNumber}</strong>
      </p>
      <OrderDetailView order={data} returnsLink="guest" />
    </>
  );
}
