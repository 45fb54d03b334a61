import { fireEvent, screen, waitFor } from '@testing-library/react';
import { cartOf, laceBra } from '../../../testing/cart-fixtures';
import { errorBody, fakeGateway } from '../../../testing/fake-gateway';
import { location, renderInShop } from '../../../testing/render';
import CartCreatePage from './cart-create-page';

const customer = { user: { id: 'c-1', email: 'shopper@vanityfair.example', isLoggedIn: true }, expires: '2099-01-01' };
const guest = { user: { id: 'g-1', email: '', isLoggedIn: false }, expires: '2099-01-01' };
const created = { status: 200, body: { cart: cartOf([laceBra]), next: '/checkout' } };

describe('/cart/create?cart={template}', () => {
  it('sends a guest to sign in first, with this page as the way back, without creating anything', async () => {
    const gateway = fakeGateway({ 'GET /api/auth/session': { status: 200, body: guest } });
    renderInShop(<CartCreatePage />, { url: '/cart/create?cart=starter-kit' });
    await waitFor(() => expect(location.current).toMatch(/^\/login\?/));
    const query = new URLSearchParams(location.current.split('?')[1]);
    expect(query.get('callbackUrl')).toBe('/cart/create?cart=starter-kit');
    expect(query.get('error')).toBe('SessionRequired');
    expect(gateway.writes()).toEqual([]);
  });

  it('creates the cart once, even with strict mode’s double effects and a remount, then goes where the gateway says (checkout)', async () => {
    const gateway = fakeGateway({
      'GET /api/auth/session': { status: 200, body: customer },
      'POST /api/cart/create': created,
    });
    const first = renderInShop(<CartCreatePage />, { url: '/cart/create?cart=starter-kit', strict: true });
    await waitFor(() => expect(location.current).toBe('/checkout'));
    first.unmount();
    renderInShop(<CartCreatePage />, { url: '/cart/create?cart=starter-kit', strict: true });
    await waitFor(() => expect(location.current).toBe('/checkout'));
    expect(gateway.writes().map((w) => [w.path, w.body, w.headers.get('x-csrf-token')])).toEqual([
      ['/api/cart/create', { cartTemplate: 'starter-kit' }, 'csrf-1'],
    ]);
  });

  it('goes to the bag when the template gave an empty cart (nothing of it is sold now)', async () => {
    fakeGateway({
      'GET /api/auth/session': { status: 200, body: customer },
      'POST /api/cart/create': { status: 200, body: { cart: cartOf([]), next: '/cart' } },
    });
    renderInShop(<CartCreatePage />, { url: '/cart/create?cart=sold-out-kit' });
    await waitFor(() => expect(location.current).toBe('/cart'));
  });

  it('says plainly that an unknown template’s link is not valid, with a way home', async () => {
    fakeGateway({
      'GET /api/auth/session': { status: 200, body: customer },
      'POST /api/cart/create': { status: 404, body: errorBody('NOT_FOUND', 'No cart template "gone"') },
    });
    renderInShop(<CartCreatePage />, { url: '/cart/create?cart=gone' });
    await screen.findByRole('heading', { name: 'This bag link is not valid' });
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('does not send a template key the gateway could never accept', async () => {
    const gateway = fakeGateway({ 'GET /api/auth/session': { status: 200, body: customer } });
    renderInShop(<CartCreatePage />, { url: '/cart/create?cart=%3Cscript%3E' });
    await screen.findByRole('heading', { name: 'This bag link is not valid' });
    expect(gateway.writes()).toEqual([]);
  });

  it('explains another failure and tries again on request', async () => {
    const answers = [{ status: 503, body: errorBody('UPSTREAM_UNAVAILABLE', 'down') }, created];
    const gateway = fakeGateway({
      'GET /api/auth/session': { status: 200, body: customer },
      'POST /api/cart/create': () => answers.shift()!,
    });
    renderInShop(<CartCreatePage />, { url: '/cart/create?cart=team-pack' });
    await screen.findByRole('heading', { name: 'Your bag could not be prepared' });
    expect(screen.getByText('Something went wrong on our side. Please try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(location.current).toBe('/checkout'));
    expect(gateway.writes()).toHaveLength(2);
  });
});
