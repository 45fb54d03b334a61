import { createRemotePages } from '@shop/ui';
import { lazy } from 'react';

const pages = {
  category: lazy(() => import('../features/listing/components/category-page')),
  search: lazy(() => import('../features/listing/components/search-page')),
  product: lazy(() => import('../features/product/components/product-page')),
  'size-guide': lazy(() => import('../features/fit/components/size-guide-page')),
  'find-your-fit': lazy(() => import('../features/fit/components/find-your-fit-page')),
};

export const PAGE_IDS = Object.keys(pages);
export default createRemotePages(__APP_NAME__, pages);
