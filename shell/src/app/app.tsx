import type { ShellBootConfig } from '@shop/contracts/browser';
import { type AppStore, BootConfigProvider } from '@shop/platform';
import { AnnouncerProvider } from '@shop/ui';
import { useEffect, useLayoutEffect } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, StaticRouter, useLocation } from 'react-router-dom';
import { Layout } from './layout';
import { AppRoutes } from './app-routes';
import { noteDrawnAddress } from '../lib/early-input/signals';
import { takeEarlyInput } from '../lib/early-input/take';

/** The shop. `location` renders it on the server at that URL; in the browser the address bar decides. */
export function App({ config, store, location }: { config: ShellBootConfig; store: AppStore; location?: string }) {
  const page = (
    // One set of live regions for the page: remotes speak through useAnnouncer (the bag's count, toasts).
    <AnnouncerProvider>
      <Interactive />
      <DrawnAddress />
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
 * Once React has taken over the page (hydrated a server render, or drawn it), outside React's
 * commit, what the shopper did while the page woke up is done again (ADR 0025); then the document
 * is marked `<html data-interactive>`, which tools and browser tests wait for before they press
 * anything. Until then the page's first script still holds a press to do it again a moment later,
 * so a tool pressing at the first mark would read the page before its press took effect.
 */
function Interactive() {
  useEffect(() => {
    const mark = () => {
      document.documentElement.dataset.interactive = 'true';
    };
    const timer = setTimeout(() => void takeEarlyInput().then(mark, mark), 0);
    return () => clearTimeout(timer);
  }, []);
  return null;
}

/** Tells the replay of early input which address React has drawn the page for (ADR 0025). */
function DrawnAddress() {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => noteDrawnAddress(`${pathname}${search}`), [pathname, search]);
  return null;
}
