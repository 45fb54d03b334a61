import { fireEvent, screen, waitFor } from '@testing-library/react';
import { cartLine, cartOf, laceBra, thong } from '../../../testing/cart-fixtures';
import { errorBody, fakeGateway } from '../../../testing/fake-gateway';
import { renderInShop } from '../../../testing/render';
import PreviousBagOffer from './previous-bag-offer';

const older = [
  {
    sku: 'VF-900-S',
    name: 'Silk Slip',
    quantity: 2,
    attributes: [{ name: 'size', label: 'Size', value: 'S' }],
    url: '/p/x',
  },
  { sku: 'VF-901-M', name: 'Lace Brief', quantity: 1, attributes: [], url: '/p/y' },
];
const signedIn = cartOf([laceBra], { previousBag: { cartId: 'cart-old', lines: older } });

describe('the earlier bag offer after sign-in', () => {
  it('says what happened at sign-in and adds the earlier items back with one click', async () => {
    const merged = cartOf([laceBra, cartLine({ lineItemId: 'l-9', sku: 'VF-900-S', name: 'Silk Slip', quantity: 2 })]);
    const gateway = fakeGateway({
      'GET /api/cart': { status: 200, body: signedIn },
      'POST /api/cart/previousBag': { status: 200, body: merged },
    });
    renderInShop(<PreviousBagOffer />);
    await screen.findByRole('heading', { name: 'Your bag from your last visit' });
    expect(
      screen.getByText('Your bag from your last visit had 3 items; we kept the bag you just filled.'),
    ).toBeTruthy();
    expect(screen.getByText('2 × Silk Slip (S)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add them to this bag' }));
    await screen.findByText('Added 3 items from your last visit to your bag.');
    expect(screen.queryByRole('heading', { name: 'Your bag from your last visit' })).toBeNull();
    expect(gateway.writes().map((w) => [w.method, w.path, w.headers.get('x-csrf-token')])).toEqual([
      ['POST', '/api/cart/previousBag', 'csrf-1'],
    ]);
    await waitFor(() =>
      expect(gateway.tracked().map((r) => [r.event, r.sku, r.quantity])).toEqual([
        ['ADD_TO_CART', 'VF-900-S', 2],
        ['ADD_TO_CART', 'VF-901-M', 1],
      ]),
    );
  });

  it('goes away at once on "No thanks", and comes back with the reason if that fails', async () => {
    const gateway = fakeGateway({
      'GET /api/cart': { status: 200, body: signedIn },
      'DELETE /api/cart/previousBag': { status: 503, body: errorBody('UPSTREAM_UNAVAILABLE', 'down') },
    });
    renderInShop(<PreviousBagOffer />);
    await screen.findByRole('heading', { name: 'Your bag from your last visit' });
    fireEvent.click(screen.getByRole('button', { name: 'No thanks' }));
    expect(screen.queryByRole('heading', { name: 'Your bag from your last visit' })).toBeNull();
    await screen.findByText('The offer could not be dismissed. Something went wrong on our side. Please try again.');
    expect(screen.getByRole('heading', { name: 'Your bag from your last visit' })).toBeTruthy();
    expect(gateway.writes().map((w) => w.method)).toEqual(['DELETE']);
  });

  it('shows nothing when sign-in set no bag aside', async () => {
    const gateway = fakeGateway({ 'GET /api/cart': { status: 200, body: cartOf([laceBra, thong]) } });
    const { container } = renderInShop(<PreviousBagOffer />);
    await waitFor(() => expect(gateway.sent.some((r) => r.path === '/api/cart')).toBe(true));
    expect(container.textContent).toBe('');
  });
});
