import { PageShell, titleFromSlug } from '@shop/ui';
import { useParams } from 'react-router-dom';

/** /p/{category}/{name}/{sku or masterStyle} */
export default function ProductPage() {
  const { name = '', id = '' } = useParams();
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="product" title={titleFromSlug(name)}>
      <p>Style {id}</p>
    </PageShell>
  );
}
