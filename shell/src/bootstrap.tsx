import { apiHydrated, createAppStore, readBootConfig, setConsent } from '@shop/platform';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { buildRouteTable, matchRoute } from './app/route-table';
import { loadRemoteModule, registerRegistry } from './lib/remote-loader/remote-runtime';
import { startWaking, wakeLater } from './lib/remote-loader/wake-later';
import { readServerRender } from './lib/server-render';
import './styles.css';

const config = readBootConfig();
// Before anything renders: the page-view tracker must already know whether it may track.
if (config.consent) setConsent(config.consent);
registerRegistry(config.remotes);
const store = createAppStore();
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from the page');
const rendered = readServerRender();

if (rendered) {
  // The page arrived rendered (ADR 0017): take the data it was rendered with, load the remote
  // modules it used, and hydrate the markup instead of drawing it again.
  store.dispatch(apiHydrated(rendered.state));
  const page = matchRoute(buildRouteTable(config.brand), window.location.pathname)?.entry.page;
  // The page's own module wakes up with the page. The frame's server-rendered parts (the footer's
  // signup form) keep their markup and wake up once the page is hydrating and the browser is idle,
  // so their remotes are not on the way to a page that answers the shopper.
  const isPageModule = (id: string) => id.endsWith('/pages');
  wakeLater(rendered.modules.filter((id) => !isPageModule(id)));
  void Promise.all(
    rendered.modules.filter(isPageModule).map(async (id) => {
      const [remote, expose] = id.split('/') as [Parameters<typeof loadRemoteModule>[0], string];
      try {
        const module = await loadRemoteModule<{ default: { preload?: (page: string) => Promise<void> } }>(
          remote,
          expose,
        );
        // The page's own chunk too: a page still loading when React hydrates is drawn again from its loading state.
        if (page) await module.default.preload?.(page);
      } catch {
        // A remote that fails now shows its failure panel after hydration, as on any page.
      }
    }),
  ).then(() => {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page: the page stays responsive to input while it wakes up.
    startTransition(() => {
      hydrateRoot(container, <App config={config} store={store} />, {
        // A part the server could not render (React's Suspense fallback, ADR 0017) is rendered here
        // instead, by design: worth a line in the console, not an uncaught error.
        onRecoverableError: (error) => console.warn('Rendered in the browser instead:', error),
      });
    });
    startWaking();
  });
} else {
  createRoot(container).render(<App config={config} store={store} />);
}
