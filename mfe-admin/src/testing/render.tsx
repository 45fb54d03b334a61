import './app-globals';
import type { ShellBootConfig } from '@shop/contracts/browser';
import { BootConfigProvider, createAppStore } from '@shop/platform';
import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import AdminPages from '../app/pages';
import type { StaffSession } from '../lib/admin-contract';

const bootConfig = {
  brand: { id: 'vanityfair', name: 'Vanity Fair', routing: { homePath: '/', productBasePath: '/p' } },
  flags: {},
  chrome: { nav: { links: [] }, footer: { columns: [], social: [] } },
} as unknown as ShellBootConfig;

/** Where the router is now, for tests that follow a navigation. */
export const location = { current: '' };
function LocationProbe() {
  const here = useLocation();
  location.current = here.pathname;
  return null;
}

/** The admin as the shell shows it at `url`: the one store, the boot config and a router. */
export function renderAdmin(url: string) {
  const store = createAppStore();
  return {
    store,
    ...render(
      <Provider store={store}>
        <BootConfigProvider value={bootConfig}>
          <MemoryRouter initialEntries={[url]}>
            <AdminPages page="admin" />
            <LocationProbe />
          </MemoryRouter>
        </BootConfigProvider>
      </Provider>,
    ),
  };
}

export const json = (status: number, body: unknown) => ({ status, body });
export const failure = (status: number, code: string, message: string) =>
  json(status, { error: { code, message, correlationId: 'test' } });

export interface Call {
  route: string;
  body: Record<string, unknown>;
  headers: Headers;
}
type Handler = (body: Record<string, unknown>) => { status: number; body: unknown };

/**
 * The gateway as the admin sees it: the site's CSRF token, and every other call answered from
 * `routes` by "METHOD /path" and recorded. An unknown route is a 404.
 */
export function fakeGateway(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url);
    const reply = (status: number, body: unknown) =>
      status === 204
        ? new Response(null, { status })
        : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/auth/csrf') return reply(200, { csrfToken: 'site-csrf' });
    const route = `${request.method} ${url.pathname}`;
    const text = await request.text();
    const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    calls.push({ route, body, headers: request.headers });
    const answer = routes[route]?.(body) ?? failure(404, 'NOT_FOUND', route);
    return reply(answer.status, answer.body);
  }) as typeof fetch;
  return calls;
}

export const manager: StaffSession = {
  staff: { email: 'mia@shop.example', roles: { hoopcraft: 'manager', everwear: 'viewer' } },
  csrfToken: 'staff-csrf',
};

/** The text of the admin's result region once it says something. */
export async function resultText(): Promise<string> {
  let text = '';
  await waitFor(() => {
    text = screen.getByTestId('admin-result').textContent ?? '';
    if (!text) throw new Error('no result yet');
  });
  return text;
}
