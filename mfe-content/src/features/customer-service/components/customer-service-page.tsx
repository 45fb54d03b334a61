import { useBrand } from '@shop/platform';
import { PageShell, titleFromSlug } from '@shop/ui';

/** /customer-service/{topic} */
export default function CustomerServicePage({ page }: { page: string }) {
  const brand = useBrand();
  const topic = page.replace(/^customer-service-/, '');
  const title = topic === 'faqs' ? 'Frequently asked questions' : titleFromSlug(topic);
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title={title}>
      <p>
        Customer service is open {brand.customerService.hours} at {brand.customerService.phone}.
      </p>
    </PageShell>
  );
}
