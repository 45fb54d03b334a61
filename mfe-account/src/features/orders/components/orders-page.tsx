import { PageShell } from '@shop/ui';
import { useParams } from 'react-router-dom';
import { AccountOrder } from './account-order';
import { OrderHistory } from './order-history';
import { OrderTrackForm } from './order-track-form';
import { TrackedOrder } from './tracked-order';

/** Order history, an order's detail, guest order lookup and order tracking. */
export default function OrdersPage({ page }: { page: string }) {
  const { orderNumber } = useParams();
  const titles: Record<string, string> = {
    'account-orders': 'Order history',
    'account-order': `Order ${orderNumber ?? ''}`.trim(),
    order: 'Order details',
    'order-track': 'Track your order',
  };
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title={titles[page] ?? 'Orders'}>
      {page === 'account-orders' && <OrderHistory />}
      {page === 'account-order' && <AccountOrder />}
      {page === 'order' && <TrackedOrder />}
      {page === 'order-track' && (
        <>
          <p>Enter your order number and the e-mail address you placed the order with.</p>
          <OrderTrackForm />
        </>
      )}
    </PageShell>
  );
}
