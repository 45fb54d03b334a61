import type { ShellBootConfig } from '@shop/contracts/browser';
import { type AppStore, BootConfigProvider } from '@shop/platform';
import { AnnouncerProvider } from '@shop/ui';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { Layout } from './layout';
import { AppRoutes } from './app-routes';

export function App({ config, store }: { config: ShellBootConfig; store: AppStore }) {
  return (
    <Provider store={store}>
      <BootConfigProvider value={config}>
        <BrowserRouter>
          {/* One set of live regions for the page: remotes speak through useAnnouncer (the bag's count, toasts). */}
          <AnnouncerProvider>
            <Layout>
              <AppRoutes />
            </Layout>
          </AnnouncerProvider>
        </BrowserRouter>
      </BootConfigProvider>
    </Provider>
  );
}
