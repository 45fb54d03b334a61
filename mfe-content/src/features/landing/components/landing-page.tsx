import { PageShell, titleFromSlug } from '@shop/ui';

/** Brand landing pages such as /bras or /shapewear on the lingerie brand. */
export default function LandingPage({ page }: { page: string }) {
  const slug = page.replace(/^landing-/, '');
  return <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title={titleFromSlug(slug)} />;
}
