import { PageShell } from '@shop/ui';
import { useSearchParams } from 'react-router-dom';

/** /learn with an optional q filter. */
export default function BlogPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  return <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="learn" title={q ? `Articles about “${q}”` : 'Learn'} />;
}
