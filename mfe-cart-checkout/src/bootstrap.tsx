import { mountStandalone } from '@shop/ui/standalone';
import RemotePages, { PAGE_IDS } from './app/pages';

void mountStandalone(__APP_NAME__, RemotePages, PAGE_IDS);
