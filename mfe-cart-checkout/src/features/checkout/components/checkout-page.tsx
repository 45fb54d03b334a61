import { PageShell } from '@shop/ui';

/** /checkout */
export default function CheckoutPage() {
  return <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="checkout" title="Checkout" />;
}
