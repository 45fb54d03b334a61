import type { ShellBootConfig, StoreSearchResponse, StoreSummary } from '@shop/contracts/browser';
import { BootConfigProvider, createAppStore } from '@shop/platform';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router-dom';
import StoresPage from './stores-page';

jest.mock('../stores.css', () => ({}));
// Set by webpack's DefinePlugin in a build.
Object.assign(globalThis, { __APP_NAME__: 'content', __APP_VERSION__: 'test' });

const hours: StoreSummary['hours'] = [
  ...(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const).map((day) => ({
    day,
    opens: '10:00',
    closes: '21:00',
  })),
  { day: 'sunday', closed: true },
];
const store = (id: string, distanceMiles: number, x: number): StoreSummary => ({
  id,
  name: `Everwear — ${id}`,
  addressLines: ['1250 Maple Avenue', 'Suite 120'],
  city: 'New York',
  state: 'NY',
  zip: '10001',
  phone: '(212) 555-0134',
  hours,
  lat: 40.75,
  lng: -73.99,
  distanceMiles,
  directionsUrl: 'https://www.google.com/maps/dir/?api=1&destination=40.75,-73.99',
  map: { x, y: 215 },
});
const result = (stores: StoreSummary[], radius: StoreSearchResponse['radius'] = 15): StoreSearchResponse => ({
  origin: { label: 'New York, NY 10001', zip: '10001', lat: 40.7484, lng: -73.9967, map: { x: 869.7, y: 214.9 } },
  radius,
  total: stores.length,
  stores,
});
const MAP =
  '<svg xmlns="http://www.w3.org/2000/svg"><path data-layer="land" d="M1,2L3,4Z"/><path data-layer="borders" d="M5,6L7,8"/></svg>';

/** The gateway as the page sees it: the map, and a store search answer per query string. */
function fakeGateway(answers: Record<string, { status: number; body: unknown }>) {
  const asked: string[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    if (url.pathname === '/api/stores/map.svg')
      return new Response(MAP, { headers: { 'content-type': 'image/svg+xml' } });
    asked.push(url.search.slice(1));
    const answer = answers[url.search.slice(1)] ?? { status: 500, body: {} };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return asked;
}

let currentUrl = '';
function UrlProbe() {
  const location = useLocation();
  currentUrl = `${location.pathname}${location.search}`;
  return null;
}
const renderPage = async (url: string, storeLocator = true) => {
  const config = { brand: { name: 'Everwear' }, flags: { storeLocator } } as unknown as ShellBootConfig;
  await act(async () => {
    render(
      <Provider store={createAppStore()}>
        <BootConfigProvider value={config}>
          <MemoryRouter initialEntries={[url]}>
            <StoresPage />
            <UrlProbe />
          </MemoryRouter>
        </BootConfigProvider>
      </Provider>,
    );
  });
};

describe('StoresPage', () => {
  it('lists the stores of the search in the URL nearest first, with the count announced and one pin per store', async () => {
    fakeGateway({
      'zip=10001&radius=15': { status: 200, body: result([store('near', 1.24, 870), store('far', 12, 875)]) },
    });
    await renderPage('/stores?zip=10001&radius=15');
    expect((await screen.findByText('2 stores within 15 miles of 10001')).getAttribute('role')).toBe('status');
    const items = within(document.querySelector('ol') as HTMLElement).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Everwear — near',
      'Everwear — far',
    ]);
    expect(within(items[0]).getByText('1.2 mi')).toBeTruthy();
    expect(within(items[0]).getByRole('link', { name: '(212) 555-0134' }).getAttribute('href')).toBe(
      'tel:+12125550134',
    );
    const directions = within(items[0]).getByRole('link', {
      name: /Directions to Everwear — near \(opens in a new tab\)/,
    });
    expect(directions.getAttribute('target')).toBe('_blank');
    expect(directions.getAttribute('rel')).toContain('noopener');
    expect(within(items[0]).getByRole('rowheader', { name: 'Mon–Sat' })).toBeTruthy();
    expect(within(items[0]).getByRole('cell', { name: '10 am – 9 pm' })).toBeTruthy();
    const map = screen.getByRole('img', { name: 'Map of 2 stores within 15 miles of 10001' });
    expect(map.querySelectorAll('[data-store-pin]')).toHaveLength(2);
    expect(map.querySelector('[data-origin-pin]')).not.toBeNull();
    expect(map.querySelector('.store-map__land')?.getAttribute('d')).toBe('M1,2L3,4Z');
  });

  it('puts a ZIP search and a radius change in the URL', async () => {
    const asked = fakeGateway({
      'zip=60601&radius=15': { status: 200, body: result([store('a', 2, 600)]) },
      'zip=60601&radius=300': { status: 200, body: result([store('a', 2, 600), store('b', 200, 640)], 300) },
    });
    await renderPage('/stores');
    fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '60601' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Find stores' })));
    expect(currentUrl).toBe('/stores?zip=60601&radius=15');
    await screen.findByText('1 store within 15 miles of 60601');
    await act(async () => void fireEvent.change(screen.getByLabelText('Search radius'), { target: { value: '300' } }));
    expect(currentUrl).toBe('/stores?zip=60601&radius=300');
    await screen.findByText('2 stores within 300 miles of 60601');
    expect(asked).toEqual(['zip=60601&radius=15', 'zip=60601&radius=300']);
  });

  it('refuses a ZIP code that is not five digits, next to the field, without searching', async () => {
    const asked = fakeGateway({});
    await renderPage('/stores');
    const zip = screen.getByLabelText('ZIP code');
    fireEvent.change(zip, { target: { value: '1234' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Find stores' })));
    expect(zip.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(zip.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter a 5-digit ZIP code, or use your location.',
    );
    expect(document.activeElement).toBe(zip);
    expect(asked).toEqual([]);
  });

  it('suggests a wider radius when nothing is near, and explains an unknown ZIP code', async () => {
    fakeGateway({ 'zip=10001&radius=15': { status: 200, body: result([]) } });
    await renderPage('/stores?zip=10001');
    await screen.findByText('0 stores within 15 miles of 10001');
    fireEvent.click(screen.getByRole('button', { name: 'Search within 30 miles' }));
    expect(currentUrl).toBe('/stores?zip=10001&radius=30');

    fakeGateway({
      'zip=00000&radius=30': {
        status: 404,
        body: { error: { code: 'ZIP_NOT_FOUND', message: 'x', correlationId: 'c' } },
      },
    });
    fireEvent.change(screen.getByLabelText('ZIP code'), { target: { value: '00000' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Find stores' })));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We couldn’t find the ZIP code 00000. Check it and try again.',
    );
  });

  it('searches around the browser position, and says so when location is refused', async () => {
    fakeGateway({
      'lat=40.748&lng=-73.986&radius=15': {
        status: 200,
        body: {
          ...result([store('near', 0.4, 870)]),
          origin: { label: 'your location', lat: 40.748, lng: -73.986, map: null },
        },
      },
    });
    let answer: 'allow' | 'deny' = 'deny';
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (found: PositionCallback, failed: PositionErrorCallback) =>
          answer === 'allow'
            ? found({ coords: { latitude: 40.748433, longitude: -73.985656 } } as GeolocationPosition)
            : failed({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError),
      },
    });
    await renderPage('/stores');
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Use my location' })));
    expect(screen.getByRole('alert').textContent).toMatch(/Location access is turned off/);
    answer = 'allow';
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Use my location' })));
    expect(currentUrl).toBe('/stores?lat=40.748&lng=-73.986&radius=15');
    await screen.findByText('1 store within 15 miles of your location');
  });

  it('shows a short notice instead of the locator when the brand turns it off', async () => {
    const asked = fakeGateway({});
    await renderPage('/stores?zip=10001', false);
    expect(screen.getByText(/The store locator isn’t available on this site/)).toBeTruthy();
    expect(screen.queryByRole('search')).toBeNull();
    expect(asked).toEqual([]);
  });
});
