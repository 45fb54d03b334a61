import type { CartResponse } from '@shop/contracts/browser';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { atQuantity, cartLine, cartOf, laceBra, thong, usd } from '../../../testing/cart-fixtures';
import { errorBody, fakeGateway, held } from '../../../testing/fake-gateway';
import { renderInShop } from '../../../testing/render';
import CartPage from './cart-page';

const bag = cartOf([laceBra, thong]);
const snippets = {
  type: 'snippets',
  path: 'cart',
  blocks: [{ id: 'free-shipping', title: 'Free standard shipping over $50', text: 'Orders of $50 or more ship free.' }],
};
const gatewayWith = (cart: CartResponse, routes: Parameters<typeof fakeGateway>[0] = {}) =>
  fakeGateway({
    'GET /api/cart': { status: 200, body: cart },
    'GET /api/content/cart': { status: 200, body: snippets },
    ...routes,
  });
const line = (sku: string) => document.querySelector(`[data-line-sku="${sku}"]`) as HTMLElement;
const quantityOf = (sku: string) => within(line(sku)).getByRole('spinbutton') as HTMLInputElement;
const amount = (name: string) => document.querySelector(`[data-amount="${name}"]`)?.textContent;

describe('the cart page', () => {
  it('shows each line with its picture, options, prices and total, the amounts, the notes and the way to checkout', async () => {
    gatewayWith(bag);
    renderInShop(<CartPage />, { url: '/cart' });
    await screen.findByRole('heading', { name: '3 items' });
    const bra = line(laceBra.sku);
    expect(within(bra).getByRole('link', { name: 'Lace Bra' }).getAttribute('href')).toBe(laceBra.url);
    expect(within(bra).getByRole('img', { name: 'Lace Bra' })).toBeTruthy();
    expect(within(bra).getByText('Color: Black · Size: 34B')).toBeTruthy();
    expect(within(bra).getByRole('spinbutton', { name: 'Quantity of Lace Bra' })).toBeTruthy();
    expect(within(line(thong.sku)).getByText('was', { exact: false }).closest('s')?.textContent).toBe('was $15.00');
    expect(amount('subtotal')).toBe('$50.00');
    expect(amount('total')).toBe('$50.00');
    expect(screen.getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/checkout');
    expect(await screen.findByRole('heading', { name: 'Free standard shipping over $50' })).toBeTruthy();
  });

  it('says which line is no longer sold and that it must go before the order can be placed', async () => {
    gatewayWith(cartOf([laceBra, { ...thong, maxQuantity: 0, noLongerSold: true }]));
    renderInShop(<CartPage />, { url: '/cart' });
    await screen.findByRole('heading', { name: '3 items' });
    expect(within(line(thong.sku)).getByText('No longer sold. Remove it to place your order.')).toBeTruthy();
    expect(within(line(laceBra.sku)).queryByText(/No longer sold/)).toBeNull();
  });

  it('tracks CART_VIEW once, with what is in the bag', async () => {
    const gateway = gatewayWith(bag);
    renderInShop(<CartPage />, { url: '/cart' });
    await screen.findByRole('heading', { name: '3 items' });
    await waitFor(() => expect(gateway.tracked()).toHaveLength(1));
    expect(gateway.tracked()[0]).toMatchObject({
      event: 'CART_VIEW',
      itemCount: 3,
      value: 5000,
      currency: 'USD',
      items: [
        { sku: laceBra.sku, quantity: 2, price: 2000 },
        { sku: thong.sku, quantity: 1, price: 1000 },
      ],
    });
  });

  it('changes a quantity at once and keeps the server’s answer', async () => {
    const answer = held();
    const gateway = gatewayWith(bag, { 'PATCH /api/cart/lineItem/line-1': () => answer.answer });
    renderInShop(<CartPage />, { url: '/cart' });
    await screen.findByRole('heading', { name: '3 items' });
    fireEvent.click(within(line(laceBra.sku)).getByRole('button', { name: 'One more' }));
    expect(quantityOf(laceBra.sku).value).toBe('3');
    expect(screen.getByRole('heading', { name: '4 items' })).toBeTruthy();
    expect(line(laceBra.sku).getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(gateway.writes()).toHaveLength(1));
    expect(gateway.writes()[0].body).toEqual({ quantity: 3 });
    await act(async () => answer.release({ status: 200, body: cartOf([atQuantity(laceBra, 3), thong]) }));
    await waitFor(() => expect(line(laceBra.sku).getAttribute('aria-busy')).toBeNull());
    expect(amount('total')).toBe('$70.00');
  });

  it('puts a refused quantity back and says why beside the line', async () => {
    gatewayWith(bag, {
      'PATCH /api/cart/lineItem/line-1': {
        status: 400,
        body: errorBody('INVALID_QUANTITY', 'Only 2 of Lace Bra are available.'),
      },
    });
    renderInShop(<CartPage />, { url: '/cart' });
    await screen.findByRole('heading', { name: '3 items' });
    fireEvent.click(within(line(laceBra.sku)).getByRole('button', { name: 'One more' }));
    const alert = await within(line(laceBra.sku)).findByRole('alert');
    expect(alert.textContent).toBe('The quantity was not changed. Only 2 of Lace Bra are available.');
    expect(quantityOf(laceBra.sku).value).toBe('2');
    expect(screen.getByRole('heading', { name: '3 items' })).toBeTruthy();
  });

  it('limits the quantity to what the line may hold', async () => {
    gatewayWith(cartOf([cartLine({ ...laceBra, maxQuantity: 2 })]));
    renderInShop(<CartPage />, { url: '/cart' });
    await screen.findByRole('heading', { name: '2 items' });
    expect(quantityOf(laceBra.sku).max).toBe('2');
    expect((within(line(laceBra.sku)).getByRole('button', { name: 'One more' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('removes a line, moves focus to Undo, and Undo adds it back with the same quantity', async () => {
    const gateway = gatewayWith(bag, {
      'DELETE /api/cart/lineItem/line-1': { status: 200, body: cartOf([thong]) },
      'POST /api/cart/lineItem': { status: 200, body: cartOf([thong, { ...laceBra, lineItemId: 'line-3' }]) },
    });
    renderInShop(<CartPage />, { url: '/cart' });
    await screen.findByRole('heading', { name: '3 items' });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Lace Bra' }));
    expect(line(laceBra.sku)).toBeNull();
    const undo = screen.getByRole('button', { name: 'Undo removing Lace Bra' });
    expect(document.activeElement).toBe(undo);
    expect(screen.getByText('Removed 2 × Lace Bra from your bag.')).toBeTruthy();
    await waitFor(() => expect(gateway.writes()).toHaveLength(1));
    fireEvent.click(undo);
    await waitFor(() => expect(line(laceBra.sku)).not.toBeNull());
    expect(gateway.writes().map((w) => [w.method, w.path, w.body])).toEqual([
      ['DELETE', '/api/cart/lineItem/line-1', undefined],
      ['POST', '/api/cart/lineItem', { sku: laceBra.sku, quantity: 2, inventoryListKey: 'vanityfair-online' }],
    ]);
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: '3 items' }));
    await waitFor(() =>
      expect(gateway.tracked().filter((r) => r.event === 'ADD_TO_CART')).toEqual([
        expect.objectContaining({ sku: laceBra.sku, quantity: 2 }),
      ]),
    );
  });

  it('applies a promo code and shows what it takes off, per line and in the total', async () => {
    const discounted = cartOf(
      [
        { ...laceBra, total: usd(3400), discount: usd(600) },
        { ...thong, total: usd(850), discount: usd(150) },
      ],
      {
        discountCodes: [
          { id: 'dc-1', code: 'VANITYFAIR10', state: 'MatchesCart', description: '15% off', amount: usd(750) },
        ],
      },
    );
    const gateway = gatewayWith(bag, { 'POST /api/cart/discountCode': { status: 200, body: discounted } });
    renderInShop(<CartPage />, { url: '/cart' });
    await screen.findByRole('heading', { name: '3 items' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Promo code' }), { target: { value: ' vanityfair10 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await screen.findByText('Code VANITYFAIR10 applied.');
    expect(gateway.writes()[0].body).toEqual({ code: 'vanityfair10' });
    expect(amount('discount')).toBe('-$7.50');
    expect(amount('total')).toBe('$42.50');
    expect(within(line(laceBra.sku)).getByText(/Your code takes/).textContent).toBe('Your code takes $6.00 off');
    expect(screen.getByRole('button', { name: 'Remove code VANITYFAIR10' })).toBeTruthy();
  });

  it('shows the server’s message when a promo code is refused, on the field', async () => {
    gatewayWith(bag, {
      'POST /api/cart/discountCode': {
        status: 400,
        body: errorBody('DISCOUNT_CODE_INVALID', 'The code EVERWEAR10 is for another of our shops.'),
      },
    });
    renderInShop(<CartPage />, { url: '/cart' });
    await screen.findByRole('heading', { name: '3 items' });
    const field = screen.getByRole('textbox', { name: 'Promo code' });
    fireEvent.change(field, { target: { value: 'EVERWEAR10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const described = (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id));
    expect(described.map((element) => element?.textContent)).toContain(
      'The code EVERWEAR10 is for another of our shops.',
    );
    expect(document.activeElement).toBe(field);
  });

  it('has no promo field when the brand’s discounts flag is off', async () => {
    gatewayWith(bag);
    renderInShop(<CartPage />, { url: '/cart', flags: { discounts: false } });
    await screen.findByRole('heading', { name: '3 items' });
    expect(screen.queryByRole('textbox', { name: 'Promo code' })).toBeNull();
  });

  it('shows an empty bag with the brand’s catalog links and no way to checkout', async () => {
    gatewayWith(cartOf([]));
    renderInShop(<CartPage />, { url: '/cart' });
    await screen.findByRole('heading', { name: 'Your bag is empty' });
    const links = within(document.querySelector('[data-cart-empty]') as HTMLElement).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/bras', '/panties', '/c/sleepwear']);
    expect(screen.queryByRole('link', { name: 'Checkout' })).toBeNull();
  });

  it('says which prices changed when the bag comes with price changes', async () => {
    gatewayWith(
      cartOf([{ ...laceBra, unitPrice: usd(2500) }], {
        priceChanges: [
          { lineItemId: 'line-1', sku: laceBra.sku, name: 'Lace Bra', previous: usd(2000), current: usd(2500) },
        ],
      }),
    );
    renderInShop(<CartPage />, { url: '/cart' });
    const notice = await screen.findByText('Lace Bra: now $25.00, was $20.00.');
    expect(notice.closest('[role="status"]')?.textContent).toContain('A price in your bag has changed');
  });

  it('takes the new prices an INVALID_PRICE error comes with and says why', async () => {
    const repriced = cartOf([{ ...laceBra, unitPrice: usd(2500) }, thong], {
      priceChanges: [
        { lineItemId: 'line-1', sku: laceBra.sku, name: 'Lace Bra', previous: usd(2000), current: usd(2500) },
      ],
    });
    gatewayWith(bag, {
      'PATCH /api/cart/lineItem/line-1': {
        status: 409,
        body: { ...errorBody('INVALID_PRICE', 'The price of Lace Bra changed to $25.00.'), cart: repriced },
      },
    });
    renderInShop(<CartPage />, { url: '/cart' });
    await screen.findByRole('heading', { name: '3 items' });
    fireEvent.click(within(line(laceBra.sku)).getByRole('button', { name: 'One more' }));
    expect((await within(line(laceBra.sku)).findByRole('alert')).textContent).toBe(
      'The quantity was not changed. The price of Lace Bra changed to $25.00.',
    );
    expect(screen.getByText('Lace Bra: now $25.00, was $20.00.')).toBeTruthy();
  });

  it('reads the bag again after an INVALID_PRICE error that came without a cart, and shows the new price', async () => {
    const repriced = cartOf([{ ...laceBra, unitPrice: usd(2500) }, thong], {
      priceChanges: [
        { lineItemId: 'line-1', sku: laceBra.sku, name: 'Lace Bra', previous: usd(2000), current: usd(2500) },
      ],
    });
    const reads = [bag, repriced];
    gatewayWith(bag, {
      'GET /api/cart': () => ({ status: 200, body: reads.shift() }),
      'PATCH /api/cart/lineItem/line-1': {
        status: 400,
        body: errorBody('INVALID_PRICE', 'The price of Lace Bra changed since you added it.'),
      },
    });
    renderInShop(<CartPage />, { url: '/cart' });
    await screen.findByRole('heading', { name: '3 items' });
    fireEvent.click(within(line(laceBra.sku)).getByRole('button', { name: 'One more' }));
    await screen.findByText('Lace Bra: now $25.00, was $20.00.');
    expect(within(line(laceBra.sku)).getByRole('alert').textContent).toBe(
      'The quantity was not changed. The price of Lace Bra changed since you added it.',
    );
  });

  it('offers to try again when the bag cannot be loaded', async () => {
    const answers = [
      { status: 503, body: errorBody('UPSTREAM_UNAVAILABLE', 'Commerce is down') },
      { status: 200, body: bag },
    ];
    fakeGateway({ 'GET /api/cart': () => answers.shift()!, 'GET /api/content/cart': { status: 200, body: snippets } });
    renderInShop(<CartPage />, { url: '/cart' });
    const alert = (await screen.findByText(/Your bag could not be loaded/)).closest('[role="alert"]') as HTMLElement;
    expect(alert.textContent).toContain('Something went wrong on our side.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: '3 items' });
  });
});
