import type { ShellBootConfig } from '@shop/contracts/browser';
import { type AppStore, BootConfigProvider } from '@shop/platform';
import { AnnouncerProvider } from '@shop/ui';
import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, StaticRouter } from 'react-router-dom';
import { Layout } from './layout';
import { AppRoutes } from './app-routes';

/** The shop. `location` renders it on the server at that URL; in the browser the address bar decides. */
export function App({ config, store, location }: { config: ShellBootConfig; store: AppStore; location?: string }) {
  const page = (
    // One set of live regions for the page: remotes speak through useAnnouncer (the bag's count, toasts).
    <AnnouncerProvider>
      <Interactive />
      <Layout>
        <AppRoutes />
      </Layout>
    </AnnouncerProvider>
  );
  return (
    <Provider store={store}>
      {/* Live flags in the browser only: the server renders with the flags of the request. */}
      <BootConfigProvider value={config} live={location === undefined}>
        {location === undefined ? (
          <BrowserRouter>{page}</BrowserRouter>
        ) : (
          <StaticRouter location={location}>{page}</StaticRouter>
        )}
      </BootConfigProvider>
    </Provider>
  );
}

/**
 * Marks the document once React has taken over the page (hydrated a server render, or drawn it):
 * `<html data-interactive>`, which tools and browser tests wait for before they press anything.
 */
function Interactive() {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return null;
}
