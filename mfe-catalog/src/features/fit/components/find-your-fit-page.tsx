import '../../../catalog.css';
import '../fit.css';
import { PageShell } from '@shop/ui';
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ContentNotes } from '../../../components/content-notes';
import { fitApi, statusOf } from '../../../lib/fit-api';
import { computeFit } from '../fit-calculator';
import { measurements, readFitQuery } from '../fit-query';
import { FitForm } from './fit-form';
import { FitKinds } from './fit-kinds';
import { FitResultView } from './fit-result';
import { LoadState } from '../../../components/load-state';
import { FitNotFound } from './fit-states';

/**
 * /find-your-fit: the shopper picks what they are sizing (the brand's finders), enters the
 * measurements it asks for, and gets a size with links to the categories filtered by it. The
 * result is read from the URL, so it is server-rendered and works without scripts.
 */
export default function FindYourFitPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { data, error, refetch } = fitApi.useCatalogGetFitFinderQuery();
  const finders = data?.finders ?? [];
  const finder = finders.find((candidate) => candidate.id === params.get('kind')) ?? finders[0];
  const query = useMemo(() => finder && readFitQuery(params, finder), [params, finder]);
  const values = finder && query && measurements(query, finder);
  const result = finder && query && values && computeFit(finder, values, query.units);

  if (statusOf(error) === 404) return <FitNotFound page="find-your-fit" title="We can’t find that page" />;
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="find-your-fit" title="Find your fit">
      {!data && <LoadState error={error} retry={refetch} label="Loading the fit finder" />}
      {finder && query && (
        <div className="fit-finder">
          {finders.length > 1 && <FitKinds finders={finders} current={finder.id} />}
          <FitForm
            key={finder.id}
            finder={finder}
            query={query}
            onSubmit={(search) => navigate(`/find-your-fit?${search}`, { preventScrollReset: true })}
          />
          <div role="status" aria-live="polite" className="fit-finder__answer">
            {result && <FitResultView finder={finder} result={result} />}
          </div>
        </div>
      )}
      <ContentNotes path="find-your-fit" label="Fit advice" />
    </PageShell>
  );
}
