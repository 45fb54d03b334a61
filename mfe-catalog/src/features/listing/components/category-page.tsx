import { PageShell, titleFromSlug } from '@shop/ui';
import { Link, useParams } from 'react-router-dom';

/** /c/{categoryPath}: the listing with facets arrives with the catalog work. */
export default function CategoryPage() {
  const path = (useParams()['*'] ?? '').split('/').filter(Boolean);
  const title = titleFromSlug(path[path.length - 1] ?? 'Shop');
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="category" title={title}>
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumb">
          {path.map((segment, index) => (
            <li key={segment}>
              <Link to={`/c/${path.slice(0, index + 1).join('/')}`}>{titleFromSlug(segment)}</Link>
            </li>
          ))}
        </ol>
      </nav>
    </PageShell>
  );
}
