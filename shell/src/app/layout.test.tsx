import type { ShellBootConfig } from '@shop/contracts/browser';
import { BootConfigProvider, createAppStore } from '@shop/platform';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { AppRoutes } from './app-routes';
import { Layout } from './layout';

jest.mock('../lib/remote-loader/remote-runtime', () => ({
  loadRemoteModule: jest.fn(async (remote: string, expose: string) => ({
    default: () => <p>{`${remote} ${expose}`}</p>,
  })),
  peekLoadedModule: jest.fn(() => undefined),
  refreshRemote: jest.fn(() => Promise.resolve()),
  remoteVersion: () => '1.0.0-test',
}));

const config = {
  brand: {
    id: 'hoopcraft',
    name: 'Hoopcraft',
    routing: { homePath: '/', productBasePath: '/p' },
    landingPages: [],
    categoryLandingPages: [],
    altHeaderPaths: [],
    logo: { alt: 'Hoopcraft', width: 120, height: 32 },
    customerService: { hours: '9-5', phone: '555-0100' },
  },
  flags: {},
  chrome: {
    nav: { links: [] },
    footer: {
      columns: [],
      social: [],
      signup: { title: 'Stay in the loop', text: '', offer: { title: 'Get 15% off your first order', text: '' } },
      legal: '',
    },
  },
} as unknown as ShellBootConfig;

const fetched: string[] = [];
beforeEach(() => {
  fetched.length = 0;
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const path = new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname;
    fetched.push(path);
    const body = path === '/api/auth/session' ? null : {};
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
});

async function show(path: string, flags: ShellBootConfig['flags'] = {}) {
  render(
    <Provider store={createAppStore()}>
      <BootConfigProvider value={{ ...config, flags }}>
        <MemoryRouter initialEntries={[path]}>
          <Layout>
            <AppRoutes />
          </Layout>
        </MemoryRouter>
      </BootConfigProvider>
    </Provider>,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('the shell around a page', () => {
  it('gives the admin its own frame: no shop header, footer, guest session or page view', async () => {
    await show('/admin/brands/hoopcraft/flags');
    expect(await screen.findByText('admin pages')).toBeTruthy();
    expect(document.querySelector('[data-remote-area="admin"]')).toBeTruthy();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByText('catalog QuickSearch')).toBeNull();
    // Past the task a page view would have been sent in.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetched.filter((path) => path === '/api/tracking' || path.startsWith('/api/auth/'))).toEqual([]);
  });

  it('keeps the shop’s header and footer, guest session and page views on a shop page', async () => {
    // The stand-in gateway answers the guest sign-in with nothing it can use: the shell logs that.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await show('/stores');
    expect(await screen.findByText('content pages')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    // The page view goes out in the task after the page's first render.
    await waitFor(() => expect(fetched).toEqual(expect.arrayContaining(['/api/tracking', '/api/auth/callback/guest'])));
  });

  it('promises the welcome offer in the footer only while the brand takes codes', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await show('/stores', { discounts: true });
    expect(screen.getByRole('heading', { name: 'Get 15% off your first order' })).toBeTruthy();
  });

  it('keeps the footer to plain signup copy on a brand whose bag takes no codes', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await show('/stores', { discounts: false });
    expect(screen.getByRole('heading', { name: 'Stay in the loop' })).toBeTruthy();
    expect(screen.queryByText(/15% off/)).toBeNull();
  });
});
