import type { ShellBootConfig } from '@shop/contracts/browser';
import { type AppStore, BootConfigProvider, createAppStore } from '@shop/platform';
import { AnnouncerProvider } from '@shop/ui';
import { render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';

// Set by webpack's DefinePlugin in a build.
Object.assign(globalThis, { __APP_NAME__: 'account', __APP_VERSION__: 'test' });

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

type Handler = (body: Record<string, unknown>, request: Request) => { status: number; body: unknown };

/**
 * The gateway as the pages see it: the CSRF token and the session are answered here; every other
 * call goes to `routes` by "METHOD /path" and is recorded.
 */
export function fakeGateway(routes: Record<string, Handler>, session: unknown = null) {
  const calls: Array<{ route: string; body: Record<string, unknown> }> = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url);
    if (url.pathname === '/api/auth/csrf') return json(200, { csrfToken: 'csrf-1' });
    if (url.pathname === '/api/auth/session') return json(200, session);
    const route = `${request.method} ${url.pathname}`;
    const text = await request.text();
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    calls.push({ route, body });
    const handler = routes[route];
    if (!handler) return json(404, { error: { code: 'NOT_FOUND', message: route, correlationId: 'c' } });
    const answer = handler(body, request);
    return json(answer.status, answer.body);
  }) as typeof fetch;
  return calls;
}

/** What the page says in its notices of this role (the announcer's empty live regions left out). */
export async function noticeText(role: 'alert' | 'status'): Promise<string> {
  let text = '';
  await waitFor(() => {
    text = screen
      .getAllByRole(role)
      .map((element) => element.textContent ?? '')
      .filter(Boolean)
      .join(' ');
    if (!text) throw new Error(`no ${role} yet`);
  });
  return text;
}
