import '../../../content.css';
import { CUSTOMER_SERVICE_TOPICS, type CustomerServiceTopic, type PageDocument } from '@shop/contracts/browser';
import { PageShell, titleFromSlug } from '@shop/ui';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { contentApi } from '../../../lib/content-api';
import { useServicePageHead } from '../../../lib/page-heads';
import { ContentError, ContentLoading, formatDate } from '../../../lib/content-states';
import { ContactForm } from './contact-form';
import { FaqAccordion } from './faq-accordion';

const isTopic = (value: string): value is CustomerServiceTopic =>
  (CUSTOMER_SERVICE_TOPICS as readonly string[]).includes(value);

/** /customer-service/{topic}: the page from content, service hours, and the FAQ accordion or contact form. */
export default function CustomerServicePage({ page }: { page: string }) {
  const topic = page.replace(/^customer-service-/, '');
  if (topic === 'contact') return <ServicePage topic="contact" page={page} extra={<ContactForm />} />;
  return <ServicePage topic={isTopic(topic) ? topic : 'faqs'} page={page} />;
}

/** Renders one customer-service topic; also used by brand landing pages such as /privacy-policy. */
export function ServicePage({ topic, page, extra }: { topic: CustomerServiceTopic; page: string; extra?: ReactNode }) {
  const { data, error, isLoading, refetch } = contentApi.useContentGetPageQuery(topic);
  useServicePageHead(data, useLocation().pathname);
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title={data?.title ?? titleFromSlug(topic)}>
      <div className="service-layout">
        <div className="service-layout__main">
          {isLoading && <ContentLoading label="Loading the page" />}
          {error && <ContentError error={error} retry={refetch} missing="This page does not exist." />}
          {data && <PageBody page={data} />}
          {extra}
        </div>
        <ServiceAside topic={topic} hours={data?.hours} phone={data?.phone} />
      </div>
    </PageShell>
  );
}

function PageBody({ page }: { page: PageDocument }) {
  return (
    <>
      <p className="article__meta">
        Updated <time dateTime={page.updated}>{formatDate(page.updated)}</time>
      </p>
      {page.topic === 'faqs' ? (
        <>
          <div className="prose" dangerouslySetInnerHTML={{ __html: page.intro }} />
          <FaqAccordion sections={page.sections} />
        </>
      ) : (
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
      )}
    </>
  );
}

function ServiceAside({ topic, hours, phone }: { topic: CustomerServiceTopic; hours?: string; phone?: string }) {
  return (
    <aside className="service-aside" aria-labelledby="service-aside-title">
      <h2 id="service-aside-title">Customer service</h2>
      {hours && (
        <p>
          <strong>Hours:</strong> <span data-testid="service-hours">{hours}</span>
        </p>
      )}
      {phone && (
        <p>
          <strong>Phone:</strong> <a href={`tel:${phone.replace(/[^0-9+]/g, '')}`}>{phone}</a>
        </p>
      )}
      <nav aria-label="Customer service topics">
        <ul>
          {CUSTOMER_SERVICE_TOPICS.map((other) => (
            <li key={other}>
              <Link to={`/customer-service/${other}`} aria-current={other === topic ? 'page' : undefined}>
                {TOPIC_LABELS[other]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

const TOPIC_LABELS: Record<CustomerServiceTopic, string> = {
  checkout: 'Checkout',
  contact: 'Contact us',
  faqs: 'FAQs',
  'managing-account': 'Managing your account',
  'opening-account': 'Opening an account',
  payment: 'Payment',
  'privacy-policy': 'Privacy policy',
  'returns-policy': 'Returns policy',
  'security-policy': 'Security policy',
  'shipping-methods': 'Shipping methods',
  'shipping-policy': 'Shipping policy',
  terms: 'Terms and conditions',
};
