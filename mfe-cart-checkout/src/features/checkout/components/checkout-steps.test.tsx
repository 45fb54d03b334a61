import { CARD_FIELD_MESSAGES, type CheckoutResponse, TRACKING_SESSION_COOKIE } from '@shop/contracts/browser';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cartOf, laceBra, thong, usd } from '../../../testing/cart-fixtures';
import { assertive, checkoutGateway, section, typeInto } from '../../../testing/checkout-gateway';
import { CARD_FIELD_ORIGIN, CARD_FIELD_URL, bag, checkoutOf, home, methods } from '../../../testing/checkout-fixtures';
import { errorBody } from '../../../testing/fake-gateway';
import { renderInShop } from '../../../testing/render';
import CheckoutPage from './checkout-page';
import { CARD_FIELD_ANSWER_MS } from './payment-section';

const taxed = { subtotal: usd(5000), discount: usd(0), shipping: usd(599), tax: usd(444), total: usd(6043) };
const addressed = checkoutOf(bag, {
  email: 'ann@example.com',
  shippingAddress: home,
  shippingMethod: 'standard-ground',
  missing: ['payment'],
  totals: taxed,
});
const withDetails = (base: CheckoutResponse, details: Partial<CheckoutResponse['checkout']>): CheckoutResponse => ({
  ...base,
  checkout: { ...base.checkout, ...details },
});

beforeEach(() => {
  sessionStorage.clear();
  window.dataLayer = [];
  document.cookie = `${TRACKING_SESSION_COOKIE}=tok-1; Path=/`;
});

describe('the shipping method', () => {
  it('waits for the shipping address', async () => {
    checkoutGateway(checkoutOf(bag));
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const region = await screen.findByRole('region', { name: 'Shipping method' });
    expect(within(region).getByText('Enter your shipping address to see the delivery options.')).toBeTruthy();
    expect(within(region).queryByRole('radio')).toBeNull();
  });

  it('preselects the gateway’s standard method, saves a pick at once, and “Continue” tracks ADD_SHIPPING_INFO', async () => {
    const expedited = withDetails(addressed, {
      shippingMethod: 'expedited',
      totals: { ...taxed, shipping: usd(1299), total: usd(6743) },
    });
    const gateway = checkoutGateway(addressed, { 'POST /api/cart': { status: 200, body: expedited } });
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const region = await screen.findByRole('region', { name: 'Shipping method' });
    const group = within(region).getByRole('group', { name: 'How should we send your order?' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => [r.value, r.checked])).toEqual([
      ['standard-ground', true],
      ['expedited', false],
      ['overnight', false],
    ]);
    fireEvent.click(within(group).getByRole('radio', { name: /Expedited/ }));
    // The review shows the picked method's price before anything is confirmed.
    await waitFor(() =>
      expect(section('Review your order').querySelector('[data-amount="shipping"]')?.textContent).toBe('$12.99'),
    );
    expect(gateway.tracked().map((r) => r.event)).not.toContain('ADD_SHIPPING_INFO');
    fireEvent.click(within(region).getByRole('button', { name: 'Continue' }));
    await within(region).findByRole('button', { name: 'Change shipping method' });
    expect(gateway.to('POST /api/cart').map((r) => r.body)).toEqual([{ shippingMethod: 'expedited' }]);
    expect(section('Review your order').querySelector('[data-amount="shipping"]')?.textContent).toBe('$12.99');
    await waitFor(() => expect(gateway.tracked().map((r) => r.event)).toContain('ADD_SHIPPING_INFO'));
    const record = gateway.tracked().find((r) => r.event === 'ADD_SHIPPING_INFO');
    expect(Object.keys(record ?? {}).sort()).toEqual(['event', 'eventId', 'eventUrl', 'sessionToken']);
    expect(window.dataLayer?.find((entry) => entry.event === 'add_shipping_info')).toMatchObject({
      shippingMethod: { description: methods[1].description },
      shippingPrice: { discountedAmount: 1299 },
    });
    expect(JSON.stringify(window.dataLayer)).not.toMatch(/MAIN ST|10001|expedited/);
  });

  it('goes back to the saved method when a pick is refused, and says why', async () => {
    const gateway = checkoutGateway(addressed, {
      'POST /api/cart': {
        status: 400,
        body: errorBody('INVALID_PARAMETER', 'Overnight is not available to this address.'),
      },
    });
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const region = await screen.findByRole('region', { name: 'Shipping method' });
    fireEvent.click(within(region).getByRole('radio', { name: /Overnight/ }));
    await within(region).findByText('Overnight is not available to this address.');
    expect((within(region).getByRole('radio', { name: /Standard/ }) as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(assertive().textContent).toBe('Overnight is not available to this address.'));
    expect(gateway.to('POST /api/cart')).toHaveLength(1);
  });

  it('confirms the preselected method without sending it again', async () => {
    const gateway = checkoutGateway(addressed);
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const region = await screen.findByRole('region', { name: 'Shipping method' });
    fireEvent.click(within(region).getByRole('button', { name: 'Continue' }));
    await within(region).findByRole('button', { name: 'Change shipping method' });
    expect(gateway.to('POST /api/cart')).toEqual([]);
    expect(JSON.parse(sessionStorage.getItem('shop:checkout:draft:cart-1') ?? '{}')).toMatchObject({
      confirmedShippingMethod: 'standard-ground',
    });
  });
});

const cardFrame = () => document.querySelector('iframe[data-card-field]') as HTMLIFrameElement;
const fromCardField = (data: unknown, origin = CARD_FIELD_ORIGIN, source: Window | null = cardFrame().contentWindow) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
const token = 'tok_0123456789abcdefABCD';
const card = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 } as const;

describe('payment with the hosted card field', () => {
  it('shows the provider’s frame with a title; "Continue" asks it for a token and saves only the token', async () => {
    const paid = withDetails(addressed, { payment: card, missing: [] });
    const gateway = checkoutGateway(addressed, { 'POST /api/cart': { status: 200, body: paid } });
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const region = await screen.findByRole('region', { name: 'Payment' });
    const frame = cardFrame();
    expect(frame.getAttribute('src')).toBe(CARD_FIELD_URL);
    expect(frame.title).toBe('Card details: card number, expiry date and security code');
    const post = jest.spyOn(frame.contentWindow as Window, 'postMessage').mockImplementation(() => undefined);
    fromCardField({ type: CARD_FIELD_MESSAGES.ready, height: 212 });
    expect(frame.getAttribute('height')).toBe('212');
    fireEvent.click(within(region).getByRole('button', { name: 'Continue' }));
    expect(post).toHaveBeenCalledWith({ type: CARD_FIELD_MESSAGES.tokenize }, CARD_FIELD_ORIGIN);
    // Messages from anywhere else are not listened to.
    fromCardField({ type: CARD_FIELD_MESSAGES.token, token: 'tok_FORGEDFORGEDFORGED00', card }, 'http://evil.example');
    fromCardField(
      { type: CARD_FIELD_MESSAGES.token, token: 'tok_FORGEDFORGEDFORGED00', card },
      CARD_FIELD_ORIGIN,
      window,
    );
    expect(gateway.to('POST /api/cart')).toEqual([]);
    fromCardField({ type: CARD_FIELD_MESSAGES.token, token, card });
    await within(region).findByText('Visa ending in 4242, expires 12/2030');
    expect(gateway.to('POST /api/cart').map((r) => r.body)).toEqual([{ payment: { token } }]);
    await waitFor(() => expect(gateway.tracked().map((r) => r.event)).toContain('ADD_PAYMENT_INFO'));
    const record = gateway.tracked().find((r) => r.event === 'ADD_PAYMENT_INFO');
    expect(Object.keys(record ?? {}).sort()).toEqual(['event', 'eventId', 'eventUrl', 'sessionToken']);
    expect(JSON.stringify([gateway.tracked(), window.dataLayer])).not.toMatch(/4242|tok_/);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Billing address' }));
  });

  it('says what the card field reports, and asks it to take focus', async () => {
    const gateway = checkoutGateway(addressed);
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const region = await screen.findByRole('region', { name: 'Payment' });
    const post = jest.spyOn(cardFrame().contentWindow as Window, 'postMessage').mockImplementation(() => undefined);
    fromCardField({ type: CARD_FIELD_MESSAGES.ready });
    fireEvent.click(within(region).getByRole('button', { name: 'Continue' }));
    fromCardField({ type: CARD_FIELD_MESSAGES.error, message: 'Your card number is incomplete.', field: 'number' });
    await within(region).findByText('Your card number is incomplete.');
    await waitFor(() => expect(assertive().textContent).toBe('Your card number is incomplete.'));
    expect(post).toHaveBeenLastCalledWith({ type: CARD_FIELD_MESSAGES.focus }, CARD_FIELD_ORIGIN);
    expect(gateway.writes()).toEqual([]);
  });

  it('does not ask a frame that has not said it is ready', async () => {
    checkoutGateway(addressed);
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const region = await screen.findByRole('region', { name: 'Payment' });
    const post = jest.spyOn(cardFrame().contentWindow as Window, 'postMessage').mockImplementation(() => undefined);
    fireEvent.click(within(region).getByRole('button', { name: 'Continue' }));
    await within(region).findByText('The card form is still loading. Wait a moment and select Continue again.');
    expect(post).not.toHaveBeenCalled();
  });

  it('says so when the card field does not answer within 20 s, and can be asked again', async () => {
    checkoutGateway(addressed);
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const region = await screen.findByRole('region', { name: 'Payment' });
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const post = jest.spyOn(cardFrame().contentWindow as Window, 'postMessage').mockImplementation(() => undefined);
      fromCardField({ type: CARD_FIELD_MESSAGES.ready });
      fireEvent.click(within(region).getByRole('button', { name: 'Continue' }));
      expect(within(region).getByRole('button', { name: 'Checking your card…' })).toBeTruthy();
      act(() => jest.advanceTimersByTime(CARD_FIELD_ANSWER_MS - 1));
      expect(within(region).queryByText(/did not answer/)).toBeNull();
      act(() => jest.advanceTimersByTime(1));
      expect(
        within(region).getByText('The card form did not answer. Check your connection and select Continue again.'),
      ).toBeTruthy();
      fireEvent.click(within(region).getByRole('button', { name: 'Continue' }));
      expect(post).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('offers another card in place of the saved one', async () => {
    checkoutGateway(withDetails(addressed, { payment: card, missing: [] }));
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const region = await screen.findByRole('region', { name: 'Payment' });
    expect(cardFrame()).toBeNull();
    fireEvent.click(within(region).getByRole('button', { name: 'Use another card' }));
    expect(cardFrame()).not.toBeNull();
    fireEvent.click(within(region).getByRole('button', { name: 'Keep the saved card' }));
    expect(within(region).getByText('Visa ending in 4242, expires 12/2030')).toBeTruthy();
  });
});

const loyalty = { balance: 1500, redeemable: 1200, centsPerPoint: 1, pointsPerDollar: 2, earns: 100 };

describe('loyalty points', () => {
  it('are not offered without the checkout’s loyalty (the flag is off or the shopper is a guest)', async () => {
    checkoutGateway(addressed);
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    await screen.findByRole('region', { name: 'Payment' });
    expect(screen.queryByRole('region', { name: 'Loyalty points' })).toBeNull();
  });

  it('redeem the points asked for, confirm it for 3000 ms, and can be removed', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const base = withDetails(addressed, { signedIn: true, loyalty });
      const redeemed = withDetails(base, {
        loyalty: { ...loyalty, redemption: { points: 500, amount: usd(500) } },
        totals: { ...taxed, loyalty: usd(500), total: usd(5543) },
      });
      const gateway = checkoutGateway(base, {
        'POST /api/cart/loyalty/redemption': { status: 200, body: redeemed },
        'DELETE /api/cart/loyalty/redemption': { status: 200, body: base },
      });
      renderInShop(<CheckoutPage />, { url: '/checkout' });
      const region = await screen.findByRole('region', { name: 'Loyalty points' });
      expect(
        within(region).getByText(
          'You have 1,500 points ($15.00). This order earns 100 points, yours to spend once it ships.',
        ),
      ).toBeTruthy();
      const field = within(region).getByRole('textbox', { name: /Points to redeem/ }) as HTMLInputElement;
      expect(field.value).toBe('1200');
      fireEvent.change(field, { target: { value: '500' } });
      fireEvent.click(within(region).getByRole('button', { name: 'Redeem points' }));
      const status = region.querySelector('[data-loyalty-confirmation]') as HTMLElement;
      await waitFor(() => expect(status.textContent).toBe('500 points redeemed: $5.00 off your order.'));
      expect(gateway.to('POST /api/cart/loyalty/redemption').map((r) => r.body)).toEqual([{ points: 500 }]);
      expect(section('Review your order').querySelector('[data-amount="loyalty"]')?.textContent).toBe('-$5.00');
      act(() => jest.advanceTimersByTime(2999));
      expect(status.textContent).toBe('500 points redeemed: $5.00 off your order.');
      act(() => jest.advanceTimersByTime(1));
      expect(status.textContent).toBe('');
      fireEvent.click(within(region).getByRole('button', { name: 'Remove the 500 points redeemed' }));
      await waitFor(() => expect(status.textContent).toBe('Your points are back in your balance.'));
      expect(gateway.to('DELETE /api/cart/loyalty/redemption')).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuse more points than can be redeemed, without sending', async () => {
    const gateway = checkoutGateway(withDetails(addressed, { signedIn: true, loyalty }));
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const region = await screen.findByRole('region', { name: 'Loyalty points' });
    typeInto(region, 'Points to redeem', '5000');
    fireEvent.click(within(region).getByRole('button', { name: 'Redeem points' }));
    const field = within(region).getByRole('textbox', { name: /Points to redeem/ });
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(region).getByText('Enter a whole number of points from 1 to 1,200.')).toBeTruthy();
    expect(gateway.writes()).toEqual([]);
  });
});

describe('the promo code at checkout', () => {
  it('uses the bag’s code route, then reads the checkout again for the new totals', async () => {
    const withCode = cartOf([laceBra, thong], {
      discountCodes: [
        { id: 'dc-1', code: 'WELCOME-1123-AB12', state: 'MatchesCart', description: '15% off', amount: usd(750) },
      ],
    });
    const discounted = checkoutOf(withCode, {
      ...addressed.checkout,
      totals: { ...taxed, discount: usd(750), total: usd(5293) },
    });
    const gateway = checkoutGateway(addressed, {
      'POST /api/cart/discountCode': (request) => {
        gateway.saves(discounted)(request);
        return { status: 200, body: withCode };
      },
      'DELETE /api/cart/discountCode/dc-1': (request) => {
        gateway.saves(addressed)(request);
        return { status: 200, body: bag };
      },
    });
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const region = await screen.findByRole('region', { name: 'Promo code' });
    typeInto(region, 'Promo code', 'welcome-1123-ab12');
    fireEvent.click(within(region).getByRole('button', { name: 'Apply' }));
    await within(region).findByText('Code WELCOME-1123-AB12 applied.');
    await waitFor(() =>
      expect(section('Review your order').querySelector('[data-amount="discount"]')?.textContent).toBe('-$7.50'),
    );
    expect(gateway.to('GET /api/checkout')).toHaveLength(2);
    fireEvent.click(within(region).getByRole('button', { name: 'Remove code WELCOME-1123-AB12' }));
    await waitFor(() => expect(section('Review your order').querySelector('[data-amount="discount"]')).toBeNull());
    expect(gateway.to('GET /api/checkout')).toHaveLength(3);
  });

  it('has no promo field when the brand’s discounts flag is off', async () => {
    checkoutGateway(addressed);
    renderInShop(<CheckoutPage />, { url: '/checkout', flags: { discounts: false } });
    await screen.findByRole('region', { name: 'Payment' });
    expect(screen.queryByRole('region', { name: 'Promo code' })).toBeNull();
  });
});

describe('tax', () => {
  it('offers to try again when the tax could not be worked out', async () => {
    const answers = [
      { status: 503, body: errorBody('UPSTREAM_UNAVAILABLE', 'down') },
      { status: 200, body: addressed },
    ];
    const gateway = checkoutGateway(
      withDetails(addressed, { totals: { ...taxed, tax: undefined, total: usd(5599) } }),
      {
        'POST /api/cart/taxes': () => answers.shift()!,
      },
    );
    renderInShop(<CheckoutPage />, { url: '/checkout' });
    const review = await screen.findByRole('region', { name: 'Review your order' });
    await within(review).findByText(
      'The tax could not be worked out. Something went wrong on our side. Please try again.',
    );
    expect(review.querySelector('[data-amount="tax"]')?.textContent).toBe('Calculated once your address is saved');
    fireEvent.click(within(review).getByRole('button', { name: 'Work out the tax again' }));
    await waitFor(() => expect(review.querySelector('[data-amount="tax"]')?.textContent).toBe('$4.44'));
    expect(gateway.to('POST /api/cart/taxes')).toHaveLength(2);
  });
});
