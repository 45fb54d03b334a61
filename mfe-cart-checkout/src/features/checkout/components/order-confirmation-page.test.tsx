import { TRACKING_SESSION_COOKIE } from '@shop/contracts/browser';
import { screen, waitFor, within } from '@testing-library/react';
import { cartOf } from '../../../testing/cart-fixtures';
import { order } from '../../../testing/checkout-fixtures';
import { errorBody, fakeGateway } from '../../../testing/fake-gateway';
import { renderInShop } from '../../../testing/render';
import { notePlaced } from '../../../lib/checkout/placed-orders';
import OrderConfirmationPage from './order-confirmation-page';

const url = '/orderconfirmation?order=VF1234567890';
const gatewayWith = (answer: { status: number; body?: unknown }) =>
  fakeGateway({ 'GET /api/orders/VF1234567890': answer, 'GET /api/cart': { status: 200, body: cartOf([]) } });

beforeEach(() => {
  sessionStorage.clear();
  window.dataLayer = [];
  document.cookie = `${TRACKING_SESSION_COOKIE}=tok-1; Path=/`;
});

describe('/orderconfirmation?order=…', () => {
  it('shows the order number, lines, totals, addresses, method, the card without its number and what happens next', async () => {
    const gateway = gatewayWith({ status: 200, body: { ...order, loyalty: { earned: 60, redeemed: 0 } } });
    renderInShop(<OrderConfirmationPage />, { url });
    await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' });
    expect(document.querySelector('[data-order-number]')?.textContent).toBe('VF1234567890');
    const next = screen.getByRole('region', { name: 'What happens next' });
    expect(next.textContent).toContain('Your order is confirmed. A confirmation is on its way to ann@example.com.');
    expect(next.textContent).toContain('Shipping: 3-5 business days.');
    expect(next.textContent).toContain('This order earns 60 loyalty points, yours to spend once it ships.');
    const items = screen.getByRole('region', { name: 'Your order' });
    expect(
      within(items)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-line-sku')),
    ).toEqual(['VF-100-34B', 'VF-200-M']);
    expect(items.querySelector('[data-amount="shipping"]')?.textContent).toBe('$5.99');
    expect(items.querySelector('[data-amount="tax"]')?.textContent).toBe('$4.44');
    expect(items.querySelector('[data-amount="total"]')?.textContent).toBe('$60.43');
    const shipping = screen.getByRole('region', { name: 'Shipping' });
    expect(within(shipping).getByText('123 MAIN ST')).toBeTruthy();
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).getByText('Visa ending in 4242, expires 12/2030')).toBeTruthy();
    // The header's bag is read again: the cart became this order.
    await waitFor(() => expect(gateway.to('GET /api/cart')).toHaveLength(1));
  });

  it('tracks ORDER once for an order this tab placed, and not again on a reload', async () => {
    notePlaced('VF1234567890');
    const gateway = gatewayWith({ status: 200, body: order });
    const first = renderInShop(<OrderConfirmationPage />, { url, strict: true });
    await screen.findByRole('heading', { name: 'Thank you for your order' });
    await waitFor(() => expect(gateway.tracked().map((r) => r.event)).toEqual(['ORDER']));
    expect(gateway.tracked()[0]).toEqual({
      event: 'ORDER',
      eventId: expect.any(String),
      eventUrl: window.location.href,
      sessionToken: 'tok-1',
      orderNumber: 'VF1234567890',
    });
    expect(window.dataLayer?.[0]).toMatchObject({ event: 'order', orderNumber: 'VF1234567890', value: 6043 });
    expect(JSON.stringify(window.dataLayer)).not.toMatch(/MAIN ST|4242|ann@example/);
    first.unmount();
    renderInShop(<OrderConfirmationPage />, { url });
    await screen.findByRole('heading', { name: 'Thank you for your order' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(gateway.tracked()).toHaveLength(1);
  });

  it('explains an order held for review: nothing charged yet', async () => {
    gatewayWith({ status: 200, body: { ...order, status: 'in-review' } });
    renderInShop(<OrderConfirmationPage />, { url });
    const next = await screen.findByRole('region', { name: 'What happens next' });
    expect(within(next).getByText(/We are checking this order before it ships/).textContent).toContain(
      'Nothing has been charged yet.',
    );
  });

  it('says a confirmation older than 30 minutes has expired, with the way to order tracking', async () => {
    gatewayWith({ status: 410, body: errorBody('CONFIRMATION_EXPIRED', 'This confirmation has expired.') });
    renderInShop(<OrderConfirmationPage />, { url });
    await screen.findByRole('heading', { level: 1, name: 'This confirmation has expired' });
    expect(screen.getByRole('link', { name: 'Track an order' }).getAttribute('href')).toBe('/order/track');
  });

  it('says an order that is not this session’s is not found', async () => {
    gatewayWith({ status: 404, body: errorBody('ORDER_NOT_FOUND', 'No such order.') });
    renderInShop(<OrderConfirmationPage />, { url });
    await screen.findByRole('heading', { level: 1, name: 'Order not found' });
    expect(screen.queryByText('VF1234567890')).toBeNull();
  });

  it('does not ask for an order number that cannot be one', async () => {
    const gateway = gatewayWith({ status: 200, body: order });
    renderInShop(<OrderConfirmationPage />, { url: '/orderconfirmation?order=..%2Fadmin' });
    await screen.findByRole('heading', { level: 1, name: 'Order not found' });
    expect(gateway.sent.filter((r) => r.path.startsWith('/api/orders'))).toEqual([]);
  });
});
