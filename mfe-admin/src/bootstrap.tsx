import { mountStandalone } from '@shop/ui/standalone';
import RemotePages, { PAGE_IDS } from './app/pages';

// On its own (dev server, standalone build) the admin answers the same paths as in the shell.
void mountStandalone(__APP_NAME__, RemotePages, PAGE_IDS, [
  { path: '/admin', page: 'admin' },
  { path: '/admin/*', page: 'admin-section' },
]);
