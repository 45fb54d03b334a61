import '../../../catalog.css';
import '../fit.css';
import { PageShell } from '@shop/ui';
import { Link } from 'react-router-dom';
import { fitApi, statusOf } from '../../../lib/fit-api';
import { LoadState } from '../../../components/load-state';
import { FitNotFound } from './fit-states';

/** /size-guide: the brand's own guides, in its order. */
export default function SizeGuideIndexPage() {
  const { data, error, refetch } = fitApi.useCatalogGetSizeGuidesQuery();
  if (statusOf(error) === 404) return <FitNotFound page="size-guides" title="We can’t find that page" />;
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="size-guides" title="Size guides">
      {!data && <LoadState error={error} retry={refetch} label="Loading the size guides" />}
      {data && (
        <>
          <ul className="size-guide-list">
            {data.guides.map((guide) => (
              <li key={guide.slug} className="size-guide-list__item">
                <h2 className="size-guide-list__title">
                  <Link to={`/size-guide/${guide.slug}`}>{guide.title}</Link>
                </h2>
                <p>{guide.description}</p>
              </li>
            ))}
          </ul>
          {data.fitFinder && (
            <p>
              Not sure which size? <Link to="/find-your-fit">Find your fit</Link> from your measurements.
            </p>
          )}
        </>
      )}
    </PageShell>
  );
}
