import { PageShell } from '@shop/ui';

/** /cart */
export default function CartPage() {
  return <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="cart" title="Your bag" />;
}
