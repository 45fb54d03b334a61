import '../../../catalog.css';
import '../fit.css';
import { useBootConfig, useBrand } from '@shop/platform';
import { PageShell } from '@shop/ui';
import { Link, useParams } from 'react-router-dom';
import { ContentNotes } from '../../../components/content-notes';
import { fitApi, statusOf } from '../../../lib/fit-api';
import { hasLengths } from '../../../lib/units';
import { LoadState } from '../../../components/load-state';
import { FitNotFound } from './fit-states';
import { useSizeGuideHead } from './size-guide-head';
import { SizeTableView } from '../../../components/size-chart';
import { UrlUnitToggle, useUrlUnits } from '../../../components/unit-toggle';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** /size-guide/{item}: one of the brand's guides, its charts in inches or centimetres, and how to measure. */
export default function SizeGuidePage() {
  const { item = '' } = useParams();
  const [units, setUnits] = useUrlUnits();
  const brand = useBrand();
  const valid = SLUG.test(item);
  const { data, error, refetch } = fitApi.useCatalogGetSizeGuideQuery(item, { skip: !valid });
  useSizeGuideHead(data, brand.name, useBootConfig().origin);

  if (!valid || statusOf(error) === 404) return <FitNotFound page="size-guide" title="We can’t find that size guide" />;
  if (!data)
    return (
      <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="size-guide" title="Size guide">
        <LoadState error={error} retry={refetch} label="Loading the size guide" />
      </PageShell>
    );
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="size-guide" title={data.title}>
      <p className="size-guide__intro">{data.description}</p>
      {data.tables.some((table) => hasLengths(table.columns)) && <UrlUnitToggle units={units} onChange={setUnits} />}
      {data.tables.map((table) => (
        <SizeTableView key={table.id} table={table} units={units} />
      ))}
      <section className="size-guide__section" aria-labelledby="size-guide-measuring">
        <h2 id="size-guide-measuring">{data.measuring.title}</h2>
        <ol className="size-guide__steps">
          {data.measuring.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      {data.tips && data.tips.length > 0 && (
        <section className="size-guide__section" aria-labelledby="size-guide-tips">
          <h2 id="size-guide-tips">Fit tips</h2>
          <ul>
            {data.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </section>
      )}
      {data.finders && data.finders.length > 0 && (
        <section className="size-guide__section" aria-labelledby="size-guide-finders">
          <h2 id="size-guide-finders">Let us work it out</h2>
          <ul className="fit-links">
            {data.finders.map((finder) => (
              <li key={finder.id}>
                <Link to={`/find-your-fit?kind=${finder.id}`}>Find your size: {finder.label.toLowerCase()}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p>
        <Link to="/size-guide">All size guides</Link>
      </p>
      <ContentNotes path="size-guide" label="Measuring tips" />
    </PageShell>
  );
}
