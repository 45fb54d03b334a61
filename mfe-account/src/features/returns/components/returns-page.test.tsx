import type { ReturnsView } from '@shop/contracts/browser';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderInShop } from '../../../testing/render';
import ReturnsPage from './returns-page';

const view = (over: Partial<ReturnsView> = {}): ReturnsView => ({
  orderNumber: 'VF0000000101',
  createdAt: '2026-01-01T00:00:00.000Z',
  eligibility: { eligible: true, code: 'ELIGIBLE', message: 'You can return items for 20 more days.', daysLeft: 20 },
  lines: [
    {
      lineItemId: 'line-1',
      name: 'Lace bralette',
      sku: 'VF-1',
      attributes: { size: '34B' },
      quantity: 2,
      returned: 0,
      returnable: 2,
      unitCentAmount: 5_000,
    },
  ],
  returns: [],
  offer: { refundCents: 10_000, refundSpeed: 'fast', donationOffered: true },
  donationDraw: true,
  ...over,
});

function gateway(answers: Record<string, { status: number; body: unknown }>) {
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url).pathname;
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (path === '/api/auth/csrf') return json(200, { csrfToken: 'csrf-1' });
    const text = await request.text();
    sent.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
    const answer = answers[`${request.method} ${path}`];
    return answer ? json(answer.status, answer.body) : json(404, { error: { code: 'NOT_FOUND', message: 'none' } });
  }) as typeof fetch;
  return sent;
}

const page = (id: string, url: string, flags?: Record<string, boolean>) =>
  renderInShop(
    <Routes>
      <Route path="/account/orders/:orderNumber/returns/create" element={<ReturnsPage page={id} />} />
      <Route path="/account/orders/:orderNumber/returns" element={<ReturnsPage page={id} />} />
      <Route path="/order/returns" element={<ReturnsPage page={id} />} />
    </Routes>,
    { url, flags: { returns: true, ...flags } },
  );

describe('returns pages', () => {
  it('starts a return of the chosen quantity and reason, showing the refund speed and the donation offer, then the label link', async () => {
    const sent = gateway({
      'GET /api/account/orders/VF0000000101/returns': { status: 200, body: view() },
      'POST /api/account/orders/VF0000000101/returns': {
        status: 201,
        body: {
          returnId: 'VF0000000101-R1',
          createdAt: '2026-01-02T00:00:00.000Z',
          items: [],
          reason: 'too-small',
          refundCents: 10_000,
          refundSpeed: 'fast',
          donate: true,
          labelUrl: '/api/account/orders/VF0000000101/returns/VF0000000101-R1/label',
        },
      },
    });
    page('account-return-create', '/account/orders/VF0000000101/returns/create');
    const quantity = await screen.findByLabelText(/Lace bralette/);
    fireEvent.change(quantity, { target: { value: '1' } });
    expect(screen.getByText(/standard refund/)).toBeTruthy();
    expect(screen.getByLabelText(/Donate these items/)).toBeTruthy();
    fireEvent.change(quantity, { target: { value: '2' } });
    expect(screen.getByText(/fast refund/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Start the return' }));
    expect(await screen.findByText('Choose a reason.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'too-small' } });
    fireEvent.click(screen.getByLabelText(/Donate these items/));
    fireEvent.click(screen.getByRole('button', { name: 'Start the return' }));
    const link = await screen.findByRole('link', { name: /Download the return label/ });
    expect(link.getAttribute('href')).toBe('/api/account/orders/VF0000000101/returns/VF0000000101-R1/label');
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/Return VF0000000101-R1 started/));
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      items: [{ lineItemId: 'line-1', quantity: 2 }],
      reason: 'too-small',
      donate: true,
    });
  });

  it('says why an order cannot be returned yet and offers no return', async () => {
    gateway({
      'GET /api/account/orders/VF0000000101/returns': {
        status: 200,
        body: view({
          eligibility: {
            eligible: false,
            code: 'NOT_DELIVERED',
            message: 'This order has not been delivered yet.',
            daysLeft: 0,
          },
        }),
      },
    });
    page('account-returns', '/account/orders/VF0000000101/returns');
    expect(await screen.findByText('This order has not been delivered yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Start a return' })).toBeNull();
  });

  it('takes a guest who just tracked the order straight to its return, and back to the lookup when the session may not', async () => {
    gateway({ 'GET /api/order/VF0000000101/returns': { status: 200, body: view() } });
    const tracked = page('order-returns', '/order/returns?orderNumber=VF0000000101');
    expect(await screen.findByText('Lace bralette', { exact: false })).toBeTruthy();
    expect(screen.queryByLabelText('E-mail address')).toBeNull();
    tracked.unmount();

    gateway({
      'GET /api/order/VF0000000102/returns': {
        status: 403,
        body: { error: { code: 'ORDER_ACCESS_EXPIRED', message: 'Look the order up again.', correlationId: 'c' } },
      },
    });
    page('order-returns', '/order/returns?orderNumber=VF0000000102');
    fireEvent.click(await screen.findByRole('link', { name: 'Find your order by number and e-mail' }));
    expect(await screen.findByLabelText('E-mail address')).toBeTruthy();
  });

  it('shows the returns policy instead of the flow where returns are off', () => {
    gateway({});
    page('order-returns', '/order/returns', { returns: false });
    expect(screen.getByRole('link', { name: 'returns policy' }).getAttribute('href')).toBe(
      '/customer-service/returns-policy',
    );
    expect(screen.queryByLabelText('Order number')).toBeNull();
  });
});
