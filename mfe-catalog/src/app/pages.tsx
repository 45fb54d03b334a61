import { type PageComponent, createRemotePages } from '@shop/ui';
import { lazy } from 'react';

const landing = lazy(() => import('../features/listing/components/landing-page'));
const pages: Record<string, PageComponent> = {
  category: lazy(() => import('../features/listing/components/category-page')),
  search: lazy(() => import('../features/listing/components/search-page')),
  product: lazy(() => import('../features/product/components/product-page')),
  'size-guide': lazy(() => import('../features/fit/components/size-guide-page')),
  'find-your-fit': lazy(() => import('../features/fit/components/find-your-fit-page')),
};

const resolve = (page: string) =>
  Object.hasOwn(pages, page) ? pages[page] : page.startsWith('category-landing-') ? landing : undefined;

export const PAGE_IDS = Object.keys(pages);
export default createRemotePages(__APP_NAME__, resolve);
