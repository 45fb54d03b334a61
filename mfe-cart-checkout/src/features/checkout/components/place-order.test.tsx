import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cartOf, usd } from '../../../testing/cart-fixtures';
import { checkoutGateway, section } from '../../../testing/checkout-gateway';
import { bag, checkoutOf, order, ready } from '../../../testing/checkout-fixtures';
import { type Answer, errorBody, held } from '../../../testing/fake-gateway';
import { location, renderInShop } from '../../../testing/render';
import CheckoutPage from './checkout-page';

const placeOrderButton = () =>
  within(section('Review your order')).getByRole('button', { name: /Place order|Placing your order/ });
const outcome = () => document.querySelector('[data-order-outcome]') as HTMLElement | null;
const keys = (gateway: ReturnType<typeof checkoutGateway>) =>
  gateway.to('POST /api/orders').map((request) => request.headers.get('idempotency-key'));

beforeEach(() => {
  sessionStorage.clear();
  window.dataLayer = [];
});

async function openReady(routes: Parameters<typeof checkoutGateway>[1]) {
  const gateway = checkoutGateway(ready, { 'GET /api/cart': { status: 200, body: cartOf([]) }, ...routes });
  renderInShop(<CheckoutPage />, { url: '/checkout' });
  await screen.findByRole('region', { name: 'Review your order' });
  return gateway;
}

describe('"Place order"', () => {
  it('places the order once, whatever the clicks, and goes to its confirmation', async () => {
    const answer = held();
    const gateway = await openReady({ 'POST /api/orders': () => answer.answer });
    fireEvent.click(placeOrderButton());
    await waitFor(() => expect(placeOrderButton().getAttribute('aria-disabled')).toBe('true'));
    expect(placeOrderButton().textContent).toBe('Placing your order…');
    fireEvent.click(placeOrderButton());
    fireEvent.click(placeOrderButton());
    answer.release({ status: 201, body: order });
    await waitFor(() => expect(location.current).toBe('/orderconfirmation?order=VF1234567890'));
    expect(gateway.to('POST /api/orders').map((r) => r.body)).toEqual([
      { cartId: 'cart-1', expectedTotal: 6043, captchaToken: 'captcha-1' },
    ]);
    expect(keys(gateway)[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(gateway.to('POST /api/orders')[0].headers.get('x-csrf-token')).toBe('csrf-1');
    // The bag is read again for the header (now empty).
    await waitFor(() => expect(gateway.to('GET /api/cart')).toHaveLength(1));
  });

  it('after a network failure says the outcome is unknown, and a retry sends the same key', async () => {
    const answers: Answer[] = [{ status: 0 }, { status: 201, body: order }];
    const gateway = await openReady({ 'POST /api/orders': () => answers.shift()! });
    fireEvent.click(placeOrderButton());
    await waitFor(() =>
      expect(outcome()?.textContent).toBe(
        'The shop could not be reached, so we do not know yet whether your order was placed. Check your connection and select Place order again: you will not be charged twice.',
      ),
    );
    expect(document.activeElement).toBe(outcome());
    expect(placeOrderButton().getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(placeOrderButton());
    await waitFor(() => expect(location.current).toBe('/orderconfirmation?order=VF1234567890'));
    const [first, second] = keys(gateway);
    expect(second).toBe(first);
  });

  it('keeps the key across a reload after a network failure, and says the last attempt got no answer', async () => {
    const answers: Answer[] = [{ status: 0 }, { status: 201, body: order }];
    const gateway = checkoutGateway(ready, {
      'POST /api/orders': () => answers.shift()!,
      'GET /api/cart': { status: 200, body: cartOf([]) },
    });
    const first = renderInShop(<CheckoutPage />, { url: '/checkout' });
    await screen.findByRole('region', { name: 'Review your order' });
    fireEvent.click(placeOrderButton());
    await waitFor(() => expect(outcome()).not.toBeNull());
    first.unmount();
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    await screen.findByRole('region', { name: 'Review your order' });
    expect(outcome()?.textContent).toBe(
      'Your last attempt to place this order got no answer. Select Place order to try again: you will not be charged twice.',
    );
    fireEvent.click(placeOrderButton());
    await waitFor(() => expect(location.current).toBe('/orderconfirmation?order=VF1234567890'));
    expect(new Set(keys(gateway)).size).toBe(1);
  });

  it('finds the order a lost answer placed when the reloaded bag is gone, and shows its confirmation', async () => {
    const gateway = checkoutGateway(ready, {
      'POST /api/orders': () => ({ status: 0 }),
      'GET /api/cart': { status: 200, body: cartOf([]) },
    });
    const first = renderInShop(<CheckoutPage />, { url: '/checkout' });
    await screen.findByRole('region', { name: 'Review your order' });
    fireEvent.click(placeOrderButton());
    await waitFor(() => expect(outcome()).not.toBeNull());
    first.unmount();
    // The order went through: the session's bag is a new, empty one now; the same key replays it.
    const replay = checkoutGateway(checkoutOf(cartOf([])), {
      'POST /api/orders': { status: 200, body: order },
      'GET /api/cart': { status: 200, body: cartOf([]) },
    });
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    await waitFor(() => expect(location.current).toBe('/orderconfirmation?order=VF1234567890'));
    expect(replay.to('POST /api/orders')[0].headers.get('idempotency-key')).toBe(keys(gateway)[0]);
    expect(replay.to('POST /api/orders')[0].body).toEqual({
      cartId: 'cart-1',
      expectedTotal: 6043,
      captchaToken: 'captcha-1',
    });
  });

  it('says the card was declined (never why), keeps the bag, and uses a new key next time', async () => {
    const declined = {
      status: 402,
      body: {
        error: { ...errorBody('PAYMENT_DECLINED', 'The card was declined.').error, reason: 'insufficient_funds' },
      },
    };
    const gateway = await openReady({ 'POST /api/orders': declined });
    fireEvent.click(placeOrderButton());
    await waitFor(() =>
      expect(within(outcome() as HTMLElement).getByText(/^Your card was declined\. Nothing was charged/)).toBeTruthy(),
    );
    expect(outcome()?.textContent).toContain('Nothing was charged and your bag is as it was.');
    expect(location.current).toBe('/checkout');
    expect(within(section('Review your order')).getAllByRole('listitem')).toHaveLength(2);
    fireEvent.click(within(outcome() as HTMLElement).getByRole('button', { name: 'Go to payment' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Payment' }));
    fireEvent.click(placeOrderButton());
    await waitFor(() => expect(keys(gateway)).toHaveLength(2));
    expect(keys(gateway)[1]).not.toBe(keys(gateway)[0]);
  });

  it('shows the new totals when the checkout changed before the order was placed', async () => {
    const changed = checkoutOf(bag, {
      ...ready.checkout,
      totals: { ...ready.checkout.totals, tax: usd(944), total: usd(6543) },
    });
    await openReady({
      'POST /api/orders': {
        status: 409,
        body: { error: { ...errorBody('CHECKOUT_CHANGED', 'Your order changed.').error, checkout: changed } },
      },
    });
    fireEvent.click(placeOrderButton());
    await waitFor(() =>
      expect(outcome()?.textContent).toBe(
        'Your order total changed from $60.43 to $65.43. Nothing was charged. Check the review and place your order again.',
      ),
    );
    expect(section('Review your order').querySelector('[data-amount="total"]')?.textContent).toBe('$65.43');
  });

  it('sends a shopper the brand requires to sign in to sign-in, and back to checkout afterwards', async () => {
    await openReady({
      'POST /api/orders': { status: 403, body: errorBody('SIGN_IN_REQUIRED', 'Sign in to place your order.') },
    });
    fireEvent.click(placeOrderButton());
    await waitFor(() => expect(location.current).toBe('/login?callbackUrl=/checkout'));
  });

  it('lists what is missing, each a way to its section, without sending anything', async () => {
    const gateway = checkoutGateway(checkoutOf(bag, { missing: ['email', 'payment'] }));
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    await screen.findByRole('region', { name: 'Review your order' });
    fireEvent.click(placeOrderButton());
    await waitFor(() => expect(document.activeElement).toBe(outcome()));
    const steps = within(outcome() as HTMLElement).getAllByRole('button');
    expect(steps.map((b) => b.textContent)).toEqual(['Add your e-mail address', 'Add a card']);
    fireEvent.click(steps[1]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Payment' }));
    expect(gateway.to('POST /api/orders')).toEqual([]);
  });

  it('says to wait, and that nothing was charged, when placement turns away too many card attempts', async () => {
    await openReady({
      'POST /api/orders': {
        status: 429,
        body: errorBody('TOO_MANY_REQUESTS', 'Too many card attempts. Wait a few minutes before you try again.'),
      },
    });
    fireEvent.click(placeOrderButton());
    await waitFor(() =>
      expect(outcome()?.textContent).toBe(
        'Too many card attempts. Wait a few minutes before you try again. Nothing was charged by this attempt.',
      ),
    );
  });

  it('shows the gateway’s sentence for any other refusal', async () => {
    await openReady({
      'POST /api/orders': {
        status: 409,
        body: errorBody('OUT_OF_STOCK', 'Lace Bra sold out while you were checking out.'),
      },
    });
    fireEvent.click(placeOrderButton());
    await waitFor(() => expect(outcome()?.textContent).toBe('Lace Bra sold out while you were checking out.'));
  });
});
