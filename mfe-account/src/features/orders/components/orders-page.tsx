import { PageShell } from '@shop/ui';
import { useParams } from 'react-router-dom';

/** Order history, an order's detail, guest order lookup and order tracking. */
export default function OrdersPage({ page }: { page: string }) {
  const { orderNumber } = useParams();
  const titles: Record<string, string> = {
    'account-orders': 'Order history',
    'account-order': `Order ${orderNumber ?? ''}`.trim(),
    order: 'Order details',
    'order-track': 'Track your order',
  };
  return <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title={titles[page] ?? 'Orders'} />;
}
