import { mountStandalone } from '@shop/ui/standalone';
import RemotePages, { PAGE_IDS } from './app/pages';

// The shell's paths of pages that read route params, so they open on their own as in the shell.
const ROUTES = [
  { path: '/p/:category/:name/:id', page: 'product' },
  { path: '/size-guide/:item', page: 'size-guide' },
  { path: '/c', page: 'search' },
  { path: '/c/*', page: 'category' },
];

void mountStandalone(__APP_NAME__, RemotePages, PAGE_IDS, ROUTES);
