import { PageShell } from '@shop/ui';
import { Link } from 'react-router-dom';

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
