import type { OrderDetail, OrderHistoryPage } from '@shop/contracts/browser';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { location, renderInShop } from '../../../testing/render';
import OrdersPage from './orders-page';

const usd = (centAmount: number) => ({ currencyCode: 'USD', centAmount, fractionDigits: 2 }) as never;
const address = {
  firstName: 'Ana',
  lastName: 'Lee',
  streetName: '1 Main St',
  city: 'Albany',
  state: 'NY',
  postalCode: '12207',
  country: 'US',
} as OrderDetail['shippingAddress'];

const detail: OrderDetail = {
  orderNumber: 'VF0123456789',
  createdAt: '2026-11-01T10:00:00.000Z',
  status: 'delivered',
  lines: [
    {
      lineItemId: 'line-1',
      sku: 'SKU-1',
      name: 'Lace Bra',
      url: '/p/lace-bra',
      attributes: [{ name: 'size', label: 'Size', value: '34B' }],
      quantity: 1,
      unitPrice: usd(4000),
      total: usd(4000),
    },
  ],
  totals: { subtotal: usd(4000), discount: usd(0), shipping: usd(500), tax: usd(360), total: usd(4860) },
  shippingAddress: address,
  billingAddress: address,
  shippingMethod: { name: 'standard', description: 'Standard shipping' },
  payment: { brand: 'visa', last4: '4242' },
  shipment: {
    state: 'Delivered',
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    deliveredAt: '2026-11-03T10:00:00.000Z',
  },
};

const summaries = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => ({
    orderNumber: `VF${String(9000000000 - from - i)}`,
    createdAt: '2026-11-01T10:00:00.000Z',
    status: 'placed' as const,
    itemCount: 1,
    total: usd(1000),
  }));

/** The gateway as the pages see it. */
function gateway(routes: Record<string, [number, unknown]>) {
  const calls: Array<{ path: string; body?: string }> = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url);
    const path = `${url.pathname}${url.search}`;
    calls.push({ path, body: request.method === 'POST' ? await request.text() : undefined });
    if (url.pathname === '/api/auth/csrf') return Response.json({ csrfToken: 'csrf-1' });
    const [status, body] = routes[path] ??
      routes[url.pathname] ?? [404, { error: { code: 'NOT_FOUND', message: 'x' } }];
    return Response.json(body, { status });
  }) as typeof fetch;
  return calls;
}

const renderPage = async (page: string, url: string, flags: Record<string, boolean> = {}) => {
  await act(async () => {
    renderInShop(
      <Routes>
        <Route path="/account/orders/:orderNumber" element={<OrdersPage page={page} />} />
        <Route path="*" element={<OrdersPage page={page} />} />
      </Routes>,
      { url, flags },
    );
  });
};

describe('order pages', () => {
  it('shows 12 orders a page with pager links that keep the offset in the query', async () => {
    const page: OrderHistoryPage = { results: summaries(12, 12), offset: 12, total: 30, pageSize: 12 };
    const calls = gateway({ '/api/account/orders?offset=12': [200, page] });
    await renderPage('account-orders', '/account/orders?offset=12');
    expect(await screen.findByText('Orders 13–24 of 30')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/account/orders?offset=12')).toBe(true);
    expect(screen.getAllByRole('row')).toHaveLength(13);
    const pager = screen.getByRole('navigation', { name: 'Order pages' });
    expect(within(pager).getByRole('link', { name: 'Newer orders' }).getAttribute('href')).toBe(
      '/account/orders?offset=0',
    );
    expect(within(pager).getByRole('link', { name: 'Older orders' }).getAttribute('href')).toBe(
      '/account/orders?offset=24',
    );
  });

  it('asks a signed-out shopper to sign in on the history', async () => {
    gateway({ '/api/account/orders': [401, { error: { code: 'SessionRequired', message: 'Sign in' } }] });
    await renderPage('account-orders', '/account/orders');
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toContain('/login');
  });

  it('shows an order with its shipment, tracking number, card brand and last four, and a return link when returns are on', async () => {
    gateway({ '/api/account/orders/VF0123456789': [200, detail] });
    await renderPage('account-order', '/account/orders/VF0123456789', { returns: true });
    expect(await screen.findByRole('link', { name: /1Z999AA10123456784/ })).toBeTruthy();
    expect(screen.getByText('Delivered', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText(/VISA ending in 4242/)).toBeTruthy();
    expect(screen.getByText(/Delivered on/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a return' }).getAttribute('href')).toBe(
      '/account/orders/VF0123456789/returns/create',
    );
  });

  it('has no return link when the returns flag is off', async () => {
    gateway({ '/api/account/orders/VF0123456789': [200, detail] });
    await renderPage('account-order', '/account/orders/VF0123456789', { returns: false });
    await screen.findByRole('link', { name: /1Z999AA10123456784/ });
    expect(screen.queryByRole('link', { name: 'Start a return' })).toBeNull();
  });

  it('checks the track form, shows a refusal without saying which field was wrong, and opens the order on a match', async () => {
    const calls = gateway({
      '/api/order/lookup': [404, { error: { code: 'ORDER_NOT_FOUND', message: 'no', correlationId: 'c' } }],
    });
    await renderPage('order-track', '/order/track');
    fireEvent.click(screen.getByRole('button', { name: 'Track order' }));
    const number = screen.getByLabelText(/Order number/);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(number);

    fireEvent.change(number, { target: { value: 'VF0123456789' } });
    fireEvent.change(screen.getByLabelText(/E-mail address/), { target: { value: 'ana@example.com' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Track order' }));
    });
    expect(await screen.findByText(/could not find an order with that number and e-mail/)).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/order/lookup')?.body).toContain('"orderNumber":"VF0123456789"');

    gateway({ '/api/order/lookup': [200, detail] });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Track order' }));
    });
    expect(location.current).toBe('/order?orderNumber=VF0123456789');
  });

  it('shows a looked-up order on /order, and the form without a grant', async () => {
    gateway({ '/api/order/VF0123456789': [200, detail] });
    await renderPage('order', '/order?orderNumber=VF0123456789');
    expect(await screen.findByRole('link', { name: /1Z999AA10123456784/ })).toBeTruthy();
  });
});
