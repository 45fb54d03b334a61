import { createRemotePages } from '@shop/ui';
import { lazy } from 'react';

const pages = {
  cart: lazy(() => import('../features/cart/components/cart-page')),
  'cart-create': lazy(() => import('../features/cart/components/cart-create-page')),
  checkout: lazy(() => import('../features/checkout/components/checkout-page')),
  'order-confirmation': lazy(() => import('../features/checkout/components/order-confirmation-page')),
};

export const PAGE_IDS = Object.keys(pages);
export default createRemotePages(__APP_NAME__, pages);
