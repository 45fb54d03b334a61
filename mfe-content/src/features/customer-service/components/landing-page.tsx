import { CUSTOMER_SERVICE_TOPICS, type CustomerServiceTopic } from '@shop/contracts/browser';
import { PageShell, titleFromSlug } from '@shop/ui';
import { ServicePage } from './customer-service-page';

const isTopic = (value: string): value is CustomerServiceTopic =>
  (CUSTOMER_SERVICE_TOPICS as readonly string[]).includes(value);

/** Brand landing pages from the sitemap (e.g. /privacy-policy on the lingerie brand) show their content page. */
export default function LandingPage({ page }: { page: string }) {
  const slug = page.replace(/^landing-/, '');
  if (isTopic(slug)) return <ServicePage topic={slug} page={page} />;
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title={titleFromSlug(slug)}>
      <p>This page is not available.</p>
    </PageShell>
  );
}
