import { TRACKING_SESSION_COOKIE } from '@shop/contracts/browser';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cartOf, laceBra, thong } from '../../../testing/cart-fixtures';
import { assertive, checkoutGateway, section, typeInto } from '../../../testing/checkout-gateway';
import { bag, checkoutOf, ready } from '../../../testing/checkout-fixtures';
import { errorBody, held } from '../../../testing/fake-gateway';
import { renderInShop } from '../../../testing/render';
import { createAppStore } from '@shop/platform';
import { cartOpFailed, cartOpStarted } from '../../../lib/cart/cart-slice';
import CheckoutPage from './checkout-page';

const customer = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' };

beforeEach(() => {
  sessionStorage.clear();
  window.dataLayer = [];
  document.cookie = `${TRACKING_SESSION_COOKIE}=tok-1; Path=/`;
});

describe('/checkout', () => {
  it('shows the sections in order, as named regions with real headings, and tracks BEGIN_CHECKOUT once', async () => {
    const gateway = checkoutGateway(checkoutOf(bag));
    renderInShop(<CheckoutPage />, { url: '/checkout', strict: true });
    await screen.findByRole('region', { name: 'Contact' });
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Contact',
      'Shipping address',
      'Shipping method',
      'Payment',
      'Billing address',
      'Promo code',
      'Review your order',
    ]);
    const review = section('Review your order');
    expect(
      within(review)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-line-sku')),
    ).toEqual(['VF-100-34B', 'VF-200-M']);
    expect(within(review).getByRole('button', { name: 'Place order' })).toBeTruthy();
    await waitFor(() => expect(gateway.tracked().map((r) => r.event)).toEqual(['BEGIN_CHECKOUT']));
    expect(gateway.tracked()[0]).toEqual({
      event: 'BEGIN_CHECKOUT',
      eventId: expect.any(String),
      eventUrl: window.location.href,
      sessionToken: 'tok-1',
    });
    expect(window.dataLayer?.map((entry) => entry.event)).toEqual(['begin_checkout']);
  });

  it('does not carry a code refused on the bag page over to checkout', async () => {
    checkoutGateway(checkoutOf(bag));
    const store = createAppStore();
    // The bag page refused a code before the shopper went on to checkout.
    store.dispatch(cartOpStarted({ op: { id: 'op-1', kind: 'code' } as never, scope: 'codes' }));
    store.dispatch(cartOpFailed({ opId: 'op-1', scope: 'codes', message: 'The code BOGUS does not exist.' }));
    renderInShop(<CheckoutPage />, { url: '/checkout', store });
    await screen.findByRole('region', { name: 'Promo code' });
    expect(screen.queryByText('The code BOGUS does not exist.')).toBeNull();
  });

  it('says in the review which line is no longer sold, with the way back to the bag', async () => {
    checkoutGateway(checkoutOf(cartOf([laceBra, { ...thong, maxQuantity: 0, noLongerSold: true }])));
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const review = await screen.findByRole('region', { name: 'Review your order' });
    const gone = review.querySelector(`[data-line-sku="${thong.sku}"]`) as HTMLElement;
    expect(gone.textContent).toContain('No longer sold. Remove it from your bag to place your order.');
    expect(within(gone).getByRole('link', { name: 'Remove it from your bag' }).getAttribute('href')).toBe('/cart');
    const kept = review.querySelector(`[data-line-sku="${laceBra.sku}"]`) as HTMLElement;
    expect(kept.textContent).not.toContain('No longer sold');
  });

  it('runs the fraud collector with the checkout’s vendors while the page is open', async () => {
    const gateway = checkoutGateway(checkoutOf(bag));
    const view = renderInShop(<CheckoutPage />, { url: '/checkout' });
    await screen.findByRole('region', { name: 'Contact' });
    await waitFor(() => expect(document.querySelector('iframe[data-fraud-collector]')).not.toBeNull());
    expect((document.querySelector('iframe[data-fraud-collector]') as HTMLIFrameElement).src).toBe(
      'http://127.0.0.1:4012/logo.htm?org=shop-dev&session=fs-1',
    );
    expect(gateway.sent.some((r) => r.path === '/cs/config')).toBe(true);
    view.unmount();
    expect(document.querySelector('iframe[data-fraud-collector]')).toBeNull();
  });

  it('shows an empty bag a way back to shopping, not a form, and tracks nothing', async () => {
    const gateway = checkoutGateway(checkoutOf(cartOf([])));
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    await screen.findByRole('heading', { name: 'Your bag is empty' });
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Place order' })).toBeNull();
    expect(gateway.tracked()).toEqual([]);
  });

  it('sends a guest to sign in first where the brand takes no guest orders', async () => {
    checkoutGateway(checkoutOf(bag, { guestOrdering: false }));
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    await screen.findByRole('heading', { name: 'Sign in to check out' });
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login?callbackUrl=/checkout');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/register?callbackUrl=/checkout',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('lets a signed-in customer check out there, with the e-mail and names filled in', async () => {
    checkoutGateway(checkoutOf(bag, { guestOrdering: false, signedIn: true, customer }));
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const contact = await screen.findByRole('region', { name: 'Contact' });
    expect((within(contact).getByRole('textbox', { name: /E-mail address/ }) as HTMLInputElement).value).toBe(
      'ann@example.com',
    );
    const shipping = section('Shipping address');
    expect((within(shipping).getByRole('textbox', { name: /First name/ }) as HTMLInputElement).value).toBe('Ann');
    expect((within(shipping).getByRole('textbox', { name: /Last name/ }) as HTMLInputElement).value).toBe('Lee');
  });

  it('says when checkout cannot be loaded and tries again', async () => {
    let fail = true;
    checkoutGateway(checkoutOf(bag), {
      'GET /api/checkout': () =>
        fail
          ? { status: 503, body: errorBody('UPSTREAM_UNAVAILABLE', 'down') }
          : { status: 200, body: checkoutOf(bag) },
    });
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    await screen.findByText('Checkout could not be loaded. Something went wrong on our side. Please try again.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'Contact' });
  });
});

describe('the contact e-mail', () => {
  it('is saved when the field is left, and "Continue" does not send it twice', async () => {
    const server = checkoutGateway(checkoutOf(bag), {
      'POST /api/cart/customerEmail': (request) => ({
        status: 200,
        body: checkoutOf(bag, { email: (request.body as { email: string }).email }),
      }),
    });
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const contact = await screen.findByRole('region', { name: 'Contact' });
    const field = typeInto(contact, 'E-mail address', ' Ann@Example.com ');
    fireEvent.blur(field);
    fireEvent.click(within(contact).getByRole('button', { name: 'Continue' }));
    await within(contact).findByText('ann@example.com');
    expect(server.to('POST /api/cart/customerEmail').map((r) => [r.body, r.headers.get('x-csrf-token')])).toEqual([
      [{ email: 'ann@example.com' }, 'csrf-1'],
    ]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Shipping address' }));
    fireEvent.click(within(contact).getByRole('button', { name: 'Change e-mail address' }));
    expect(within(contact).getByRole('textbox', { name: /E-mail address/ })).toBeTruthy();
  });

  it('leaves focus where the shopper put it when they moved on before the save came back', async () => {
    const save = held();
    const server = checkoutGateway(checkoutOf(bag), { 'POST /api/cart/customerEmail': () => save.answer });
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const contact = await screen.findByRole('region', { name: 'Contact' });
    typeInto(contact, 'E-mail address', 'ann@example.com');
    fireEvent.click(within(contact).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(server.to('POST /api/cart/customerEmail')).toHaveLength(1));
    const firstName = within(section('Shipping address')).getByRole('textbox', { name: /First name/ });
    firstName.focus();
    save.release({ status: 200, body: checkoutOf(bag, { email: 'ann@example.com' }) });
    await within(contact).findByText('ann@example.com');
    expect(document.activeElement).toBe(firstName);
  });

  it('marks a wrong address on the field, says so and moves focus to it', async () => {
    const gateway = checkoutGateway(checkoutOf(bag));
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const contact = await screen.findByRole('region', { name: 'Contact' });
    typeInto(contact, 'E-mail address', 'ann@');
    fireEvent.click(within(contact).getByRole('button', { name: 'Continue' }));
    const field = within(contact).getByRole('textbox', { name: /E-mail address/ });
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    const described = (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('Enter an e-mail address like name@example.com.');
    await waitFor(() => expect(assertive().textContent).toBe('Check your e-mail address.'));
    expect(gateway.writes()).toEqual([]);
  });
});

describe('what was entered survives Back, Forward and a reload', () => {
  it('keeps unsaved fields per cart in sessionStorage, and shows what the gateway saved', async () => {
    checkoutGateway(checkoutOf(bag));
    const first = renderInShop(<CheckoutPage />, { url: '/checkout' });
    const shipping = await screen.findByRole('region', { name: 'Shipping address' });
    typeInto(shipping, 'First name', 'Ann');
    typeInto(shipping, 'Street address', '123 Main St');
    typeInto(section('Contact'), 'E-mail address', 'ann@exa');
    first.unmount();

    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const again = await screen.findByRole('region', { name: 'Shipping address' });
    expect((within(again).getByRole('textbox', { name: /First name/ }) as HTMLInputElement).value).toBe('Ann');
    expect((within(again).getByRole('textbox', { name: /Street address/ }) as HTMLInputElement).value).toBe(
      '123 Main St',
    );
    expect((within(section('Contact')).getByRole('textbox') as HTMLInputElement).value).toBe('ann@exa');
    // Another cart starts empty.
    expect(sessionStorage.getItem('shop:checkout:draft:cart-1')).toContain('123 Main St');
    expect(sessionStorage.getItem('shop:checkout:draft:cart-2')).toBeNull();
  });

  it('shows the saved parts as summaries, each with a way to change it', async () => {
    checkoutGateway(ready);
    sessionStorage.setItem(
      'shop:checkout:draft:cart-1',
      JSON.stringify({ confirmedShippingMethod: 'standard-ground' }),
    );
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const shipping = await screen.findByRole('region', { name: 'Shipping address' });
    expect(within(shipping).getByText('123 MAIN ST')).toBeTruthy();
    expect(within(shipping).getByRole('button', { name: 'Change shipping address' })).toBeTruthy();
    expect(within(section('Shipping method')).getByText('3-5 business days')).toBeTruthy();
    expect(within(section('Payment')).getByText('Visa ending in 4242, expires 12/2030')).toBeTruthy();
    expect(
      (
        within(section('Billing address')).getByRole('checkbox', {
          name: 'Same as shipping address',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
  });
});
