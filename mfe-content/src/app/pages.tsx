import { createRemotePages, lazyPage, type PageComponent } from '@shop/ui';

const customerService = lazyPage(() => import('../features/customer-service/components/customer-service-page'));
const landing = lazyPage(() => import('../features/customer-service/components/landing-page'));

/** Customer-service and landing pages are many ids served by one component each. */
const byPrefix: Array<[string, PageComponent]> = [
  ['customer-service-', customerService],
  ['landing-', landing],
];

const pages: Record<string, PageComponent> = {
  home: lazyPage(() => import('../features/home/components/home-page')),
  learn: lazyPage(() => import('../features/blog/components/blog-page')),
  'learn-article': lazyPage(() => import('../features/blog/components/article-page')),
  stores: lazyPage(() => import('../features/stores/components/stores-page')),
};

const resolve = (page: string) =>
  Object.hasOwn(pages, page) ? pages[page] : byPrefix.find(([prefix]) => page.startsWith(prefix))?.[1];

export const PAGE_IDS = [...Object.keys(pages), 'customer-service-faqs', 'landing-bras'];
export default createRemotePages(__APP_NAME__, resolve);
