import { Button, LoadingStatus, Notice, PageShell } from '@shop/ui';
import { Link } from 'react-router-dom';
import { statusOf } from '../api/fit-api';

/** The page a brand does not have (the gateway answered 404 for it too). */
export function FitNotFound({ page, title }: { page: string; title: string }) {
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title={title}>
      <p>
        It may have moved, or this shop does not carry it. <Link to="/">Go to the home page</Link>
      </p>
    </PageShell>
  );
}

/** While the brand's content loads, or after it failed to (with a retry). */
export function FitLoadState({ error, retry, label }: { error: unknown; retry: () => void; label: string }) {
  if (!error) return <LoadingStatus label={label} shapes={['bar', 'block']} />;
  return (
    <Notice as="div" tone="error" role="alert">
      <p>This could not be loaded{statusOf(error) === 'FETCH_ERROR' ? ': check your connection' : ''}.</p>
      <Button variant="secondary" onClick={retry}>
        Try again
      </Button>
    </Notice>
  );
}
