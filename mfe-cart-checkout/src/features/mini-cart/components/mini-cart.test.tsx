import { addToBag, api } from '@shop/platform';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { atQuantity, cartOf, laceBra, thong } from '../../../testing/cart-fixtures';
import { errorBody, fakeGateway, held } from '../../../testing/fake-gateway';
import { renderInShop } from '../../../testing/render';
import MiniCart from './mini-cart';

const bag = cartOf([laceBra, thong]);
const politeRegion = () => document.querySelector('[data-announcer="polite"]') as HTMLElement;
const bagButton = () => screen.getByRole('button', { name: /^Bag/ });
const request = { sku: laceBra.sku, quantity: 1, inventoryListKey: 'vanityfair-online', name: 'Lace Bra' };

describe('mini cart', () => {
  it('shows the item count in the header slot without announcing the first count', async () => {
    fakeGateway({ 'GET /api/cart': { status: 200, body: bag } });
    renderInShop(<MiniCart />);
    await screen.findByRole('button', { name: 'Bag 3 items' });
    expect(bagButton().getAttribute('data-remote-slot')).toBe('mini-cart');
    expect(bagButton().getAttribute('data-cart-count')).toBe('3');
    expect(politeRegion().textContent).toBe('');
  });

  it('adds through @shop/platform’s addToBag, announces the new count and opens the drawer', async () => {
    const answer = held();
    const gateway = fakeGateway({
      'GET /api/cart': { status: 200, body: bag },
      'POST /api/cart/lineItem': () => answer.answer,
    });
    renderInShop(<MiniCart />);
    await screen.findByRole('button', { name: 'Bag 3 items' });
    let result: Awaited<ReturnType<typeof addToBag>> | undefined;
    await act(async () => {
      void addToBag(request).then((r) => (result = r));
    });
    // Shown at once while the request runs.
    await screen.findByRole('button', { name: 'Bag 4 items' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => answer.release({ status: 200, body: cartOf([atQuantity(laceBra, 3), thong]) }));
    await waitFor(() => expect(result).toMatchObject({ ok: true, cart: { itemCount: 4 } }));
    await waitFor(() => expect(politeRegion().textContent).toBe('Your bag now has 4 items.'));
    expect(gateway.writes()[0].body).toEqual({ sku: laceBra.sku, quantity: 1, inventoryListKey: 'vanityfair-online' });

    const drawer = screen.getByRole('dialog', { name: 'Your bag' });
    expect(within(drawer).getByText('Added 1 × Lace Bra to your bag.')).toBeTruthy();
    expect(
      within(drawer)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-line-sku')),
    ).toEqual([laceBra.sku, thong.sku]);
    expect(within(drawer).getByText('Subtotal').nextElementSibling?.textContent).toBe('$70.00');
    expect(within(drawer).getByRole('link', { name: 'View bag' }).getAttribute('href')).toBe('/cart');
    expect(within(drawer).getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
    fireEvent.click(within(drawer).getByRole('link', { name: 'Lace Bra' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends each add with a key of its own, and sends it once more with the same key when the answer was lost', async () => {
    let calls = 0;
    const gateway = fakeGateway({
      'GET /api/cart': { status: 200, body: bag },
      // The first answer never arrives (the connection dropped); the add may have been made.
      'POST /api/cart/lineItem': () =>
        (calls += 1) === 1 ? { status: 0 } : { status: 200, body: cartOf([atQuantity(laceBra, 3), thong]) },
    });
    renderInShop(<MiniCart />);
    await screen.findByRole('button', { name: 'Bag 3 items' });
    let result: Awaited<ReturnType<typeof addToBag>> | undefined;
    await act(async () => {
      result = await addToBag(request);
    });
    expect(result).toMatchObject({ ok: true, cart: { itemCount: 4 } });
    const keys = gateway.to('POST /api/cart/lineItem').map((sent) => sent.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    // The next tap is a new add, with a new key.
    await act(async () => {
      await addToBag(request);
    });
    const third = gateway.to('POST /api/cart/lineItem')[2].headers.get('idempotency-key');
    expect(third).not.toBe(keys[0]);
  });

  it('answers a refused add with the reason, rolls the count back and keeps the drawer shut', async () => {
    fakeGateway({
      'GET /api/cart': { status: 200, body: bag },
      'POST /api/cart/lineItem': {
        status: 400,
        body: errorBody('INVALID_QUANTITY', 'Only 2 of Lace Bra are available.'),
      },
    });
    renderInShop(<MiniCart />);
    await screen.findByRole('button', { name: 'Bag 3 items' });
    let result: Awaited<ReturnType<typeof addToBag>> | undefined;
    await act(async () => {
      result = await addToBag(request);
    });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'INVALID_QUANTITY',
        message: 'Not added to your bag. Only 2 of Lace Bra are available.',
        correlationId: 'corr-1',
      },
    });
    expect(screen.getByRole('button', { name: 'Bag 3 items' })).toBe(bagButton());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reads the bag again when the session changes (the guest session every visitor gets)', async () => {
    const reads = [cartOf([]), bag];
    fakeGateway({ 'GET /api/cart': () => ({ status: 200, body: reads.shift() }) });
    const { store } = renderInShop(<MiniCart />);
    await screen.findByRole('button', { name: 'Bag 0 items' });
    act(() => void store.dispatch(api.util.invalidateTags(['Session'])));
    await screen.findByRole('button', { name: 'Bag 3 items' });
  });

  it('opens the drawer from the keyboard and gives focus back when it closes', async () => {
    fakeGateway({ 'GET /api/cart': { status: 200, body: cartOf([]) } });
    renderInShop(<MiniCart />);
    const button = await screen.findByRole('button', { name: 'Bag 0 items' });
    button.focus();
    fireEvent.click(button);
    const drawer = screen.getByRole('dialog', { name: 'Your bag' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(drawer.contains(document.activeElement)).toBe(true);
    expect(within(drawer).getByText('Your bag is empty.')).toBeTruthy();
    expect(within(drawer).queryByRole('link', { name: 'Checkout' })).toBeNull();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});
