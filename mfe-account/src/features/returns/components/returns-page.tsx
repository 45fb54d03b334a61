import { PageShell } from '@shop/ui';
import { useParams } from 'react-router-dom';

/** Returns for signed-in shoppers (per order) and for guests. */
export default function ReturnsPage({ page }: { page: string }) {
  const { orderNumber } = useParams();
  const creating = page.endsWith('create');
  const title = creating ? 'Start a return' : orderNumber ? `Returns for order ${orderNumber}` : 'Returns';
  return <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title={title} />;
}
