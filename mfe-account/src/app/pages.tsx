import { createRemotePages } from '@shop/ui';
import { lazy } from 'react';

const auth = lazy(() => import('../features/auth/components/auth-page'));
const account = lazy(() => import('../features/account/components/account-page'));
const orders = lazy(() => import('../features/orders/components/orders-page'));
const returns = lazy(() => import('../features/returns/components/returns-page'));
const preferences = lazy(() => import('../features/preferences/components/preferences-page'));

const pages = {
  login: auth,
  register: auth,
  'password-forgot': auth,
  'password-reset': auth,
  account,
  'account-profile': account,
  'account-orders': orders,
  'account-order': orders,
  order: orders,
  'order-track': orders,
  'account-returns': returns,
  'account-return-create': returns,
  'order-returns': returns,
  'order-return-create': returns,
  'privacy-preferences': preferences,
  loyalty: preferences,
};

export const PAGE_IDS = Object.keys(pages);
export default createRemotePages(__APP_NAME__, pages);
