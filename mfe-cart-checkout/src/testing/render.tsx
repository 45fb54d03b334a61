import type { ShellBootConfig } from '@shop/contracts/browser';
import { type AppStore, BootConfigProvider, createAppStore } from '@shop/platform';
import { AnnouncerProvider } from '@shop/ui';
import { render } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';

// Set by webpack's DefinePlugin in a build.
Object.assign(globalThis, { __APP_NAME__: 'cartCheckout', __APP_VERSION__: 'test' });

export const bootConfig = (flags: Record<string, boolean> = {}) =>
  ({
    brand: {
      id: 'vanityfair',
      name: 'Vanity Fair',
      routing: { homePath: '/', productBasePath: '/p' },
      categoryLandingPages: ['/bras', '/panties'],
    },
    flags: { discounts: true, ...flags },
    chrome: {
      nav: {
        links: [
          { label: 'Bras', href: '/bras' },
          { label: 'Panties', href: '/panties' },
          { label: 'Sleepwear', href: '/c/sleepwear' },
          { label: 'Learn', href: '/learn' },
        ],
      },
      footer: { columns: [], social: [] },
    },
  }) as unknown as ShellBootConfig;

/** Where the router is now, for tests that follow a navigation. */
export const location = { current: '' };
function LocationProbe() {
  const here = useLocation();
  location.current = `${here.pathname}${here.search}`;
  return null;
}

/** Renders like the shell does: the one store, boot config, live regions and a router (strict mode on request). */
export function renderInShop(
  ui: ReactNode,
  {
    url = '/',
    flags,
    strict = false,
    store = createAppStore(),
  }: { url?: string; flags?: Record<string, boolean>; strict?: boolean; store?: AppStore } = {},
) {
  const tree = (
    <Provider store={store}>
      <BootConfigProvider value={bootConfig(flags)}>
        <AnnouncerProvider>
          <MemoryRouter initialEntries={[url]}>
            {ui}
            <LocationProbe />
          </MemoryRouter>
        </AnnouncerProvider>
      </BootConfigProvider>
    </Provider>
  );
  return { store, ...render(strict ? <StrictMode>{tree}</StrictMode> : tree) };
}
