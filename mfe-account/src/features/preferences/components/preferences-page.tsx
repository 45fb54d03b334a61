import { PageShell } from '@shop/ui';
import { PrivacyPreferencesForm } from './privacy-preferences';

/** /privacy/preferences. */
export default function PreferencesPage({ page }: { page: string }) {
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title="Privacy preferences">
      <PrivacyPreferencesForm />
    </PageShell>
  );
}
