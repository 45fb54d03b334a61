import { PageShell } from '@shop/ui';

/** /cart/create: a cart built from a template (SPEC §2). */
export default function CartCreatePage() {
  return <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="cart-create" title="Preparing your bag" />;
}
