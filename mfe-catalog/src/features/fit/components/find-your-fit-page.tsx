import { PageShell } from '@shop/ui';

/** /find-your-fit */
export default function FindYourFitPage() {
  return <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="find-your-fit" title="Find your fit" />;
}
