import { type ShellBootConfig, fontFaceRules } from '@shop/contracts/browser';
import { BootConfigProvider, type RemotePageProps, createAppStore } from '@shop/platform';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter, Link, Route, Routes, useParams } from 'react-router-dom';
import { applyTheme } from './theme';
import './standalone.css';

/** A shell path that shows one of the remote's pages, so pages that read route params work on their own too. */
export interface StandaloneRoute {
  path: string;
  page: string;
}

/**
 * Runs a remote without the shell: its own store and router, the brand config from the gateway's
 * /api/brand (proxied by whoever serves the page) and the brand's tokens on the document, so its
 * pages look as they do in the shell. `/{page id}` opens any page; `routes` add shell-like paths.
 */
export async function mountStandalone(
  name: string,
  Pages: ComponentType<RemotePageProps>,
  pages: string[],
  routes: StandaloneRoute[] = [],
) {
  const response = await fetch('/api/brand');
  const config = (await response.json()) as ShellBootConfig;
  applyTheme(config.brand.theme);
  // The brand's fonts, served by the gateway (/brand/fonts/...) as on the shell's page.
  const fonts = document.createElement('style');
  fonts.id = 'brand-fonts';
  fonts.textContent = fontFaceRules(config.brand.theme);
  document.head.append(fonts);
  document.documentElement.lang = config.brand.locale;
  document.documentElement.dataset.brand = config.brand.id;
  const store = createAppStore();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing');
  createRoot(root).render(
    <Provider store={store}>
      <BootConfigProvider value={config}>
        <BrowserRouter>
          <nav aria-label={`${name} pages`} className="standalone__nav">
            {pages.map((page) => (
              <Link key={page} to={`/${page}`}>
                {page}
              </Link>
            ))}
          </nav>
          <main className="standalone__main">
            <Routes>
              {routes.map((route) => (
                <Route key={route.path} path={route.path} element={<Pages page={route.page} />} />
              ))}
              <Route path="/:page/*" element={<StandalonePage Pages={Pages} />} />
            </Routes>
          </main>
        </BrowserRouter>
      </BootConfigProvider>
    </Provider>,
  );
}

function StandalonePage({ Pages }: { Pages: ComponentType<RemotePageProps> }) {
  const { page = '' } = useParams();
  return <Pages page={page} />;
}
