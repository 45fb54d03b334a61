import { PageShell } from '@shop/ui';
import { useSearchParams } from 'react-router-dom';

/** /c?q={term} */
export default function SearchPage() {
  const [params] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  return (
    <PageShell
      remote={__APP_NAME__}
      version={__APP_VERSION__}
      page="search"
      title={term ? `Results for “${term}”` : 'Search'}
    />
  );
}
