import type { ShellBootConfig } from '@shop/contracts/browser';
import { BootConfigProvider, type RemotePageProps, createAppStore } from '@shop/platform';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';

/**
 * Runs a remote on its own dev server, without the shell: its own store and router, and the
 * brand config from the gateway's /api/brand (proxied by the dev server).
 */
export async function mountStandalone(name: string, Pages: ComponentType<RemotePageProps>, pages: string[]) {
  const response = await fetch('/api/brand');
  const config = (await response.json()) as ShellBootConfig;
  const store = createAppStore();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  createRoot(root).render(
    <Provider store={store}>
      <BootConfigProvider value={config}>
        <BrowserRouter>
          <nav aria-label={`${name} pages`}>
            {pages.map((page) => (
              <Link key={page} to={`/${page}`} style={{ marginRight: '1rem' }}>
                {page}
              </Link>
            ))}
          </nav>
          <Routes>
            <Route path="/:page/*" element={<StandalonePage Pages={Pages} />} />
          </Routes>
        </BrowserRouter>
      </BootConfigProvider>
    </Provider>,
  );
}

function StandalonePage({ Pages }: { Pages: ComponentType<RemotePageProps> }) {
  const page = location.pathname.split('/')[1] ?? '';
  return <Pages page={page} />;
}
