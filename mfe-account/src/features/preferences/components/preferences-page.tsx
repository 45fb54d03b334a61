import { PageShell } from '@shop/ui';

/** /privacy/preferences and /loyalty. */
export default function PreferencesPage({ page }: { page: string }) {
  const title = page === 'loyalty' ? 'Rewards' : 'Privacy preferences';
  return <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title={title} />;
}
