import { createRemotePages, lazyPage } from '@shop/ui';

const admin = lazyPage(() => import('./admin-app'));

/** `/admin` and everything under it (`admin-section`): the admin finds its own view in the address (admin-location.ts). */
const pages = { admin, 'admin-section': admin };

export const PAGE_IDS = Object.keys(pages);
export default createRemotePages(__APP_NAME__, pages);
