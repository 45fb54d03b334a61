import { createRemotePages } from '@shop/ui';
import { lazy } from 'react';

const auth = lazy(() => import('../features/auth/components/auth-page'));
const profile = lazy(() => import('../features/profile/components/profile-page'));
const accountOverview = lazy(() => import('./account-overview/account-overview'));
const orders = lazy(() => import('../features/orders/components/orders-page'));
const returns = lazy(() => import('../features/returns/components/returns-page'));
const preferences = lazy(() => import('../features/preferences/components/preferences-page'));
const loyalty = lazy(() => import('../features/loyalty/components/loyalty-page'));

const pages = {
  login: auth,
  register: auth,
  'password-forgot': auth,
  'password-reset': auth,
  account: accountOverview,
  'account-profile': profile,
  'account-orders': orders,
  'account-order': orders,
  order: orders,
  'order-track': orders,
  'account-returns': returns,
  'account-return-create': returns,
  'order-returns': returns,
  'order-return-create': returns,
  'privacy-preferences': preferences,
  loyalty,
};

export const PAGE_IDS = Object.keys(pages);
export default createRemotePages(__APP_NAME__, pages);
