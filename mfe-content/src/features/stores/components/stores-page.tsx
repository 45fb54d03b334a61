import { PageShell } from '@shop/ui';

/** /stores: the store locator. */
export default function StoresPage() {
  return <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="stores" title="Find a store" />;
}
