import { type PageComponent, createRemotePages, lazyPage } from '@shop/ui';

const landing = lazyPage(() => import('../features/listing/components/landing-page'));
const pages: Record<string, PageComponent> = {
  category: lazyPage(() => import('../features/listing/components/category-page')),
  search: lazyPage(() => import('../features/listing/components/search-page')),
  product: lazyPage(() => import('../features/product/components/product-page')),
  'size-guides': lazyPage(() => import('../features/fit/components/size-guide-index-page')),
  'size-guide': lazyPage(() => import('../features/fit/components/size-guide-page')),
  'find-your-fit': lazyPage(() => import('../features/fit/components/find-your-fit-page')),
};

const resolve = (page: string) =>
  Object.hasOwn(pages, page) ? pages[page] : page.startsWith('category-landing-') ? landing : undefined;

export const PAGE_IDS = Object.keys(pages);
export default createRemotePages(__APP_NAME__, resolve);
