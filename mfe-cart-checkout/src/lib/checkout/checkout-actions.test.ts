import { createAppStore } from '@shop/platform';
import { cartOf, laceBra, usd } from '../../testing/cart-fixtures';
import { bag, checkoutOf, home, order, ready } from '../../testing/checkout-fixtures';
import { type Answer, errorBody, fakeGateway } from '../../testing/fake-gateway';
import { selectCartView } from '../cart/cart-slice';
import { checkoutApi } from './checkout-api';
import { placeOrder, recoverUnansweredOrder, saveCheckout } from './checkout-actions';
import { readDraft, updateDraft } from './checkout-draft';
import { currentAttempt } from './idempotency-key';
import { takePlaced } from './placed-orders';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const declined = {
  status: 402,
  body: { error: { ...errorBody('PAYMENT_DECLINED', 'Your card was declined.').error, reason: 'insufficient_funds' } },
};

beforeEach(() => sessionStorage.clear());

describe('placing the order', () => {
  it('posts the reviewed cart and total with an Idempotency-Key and the CSRF header, then forgets the attempt', async () => {
    const gateway = fakeGateway({
      'POST /api/orders': { status: 201, body: order },
      'GET /api/cart': { status: 200, body: cartOf([]) },
    });
    const store = createAppStore();
    updateDraft('cart-1', { email: 'typed@example.com' });
    const outcome = await store.dispatch(placeOrder(ready));
    expect(outcome).toEqual({ kind: 'placed', order });
    const [sent] = gateway.to('POST /api/orders');
    expect(sent.body).toEqual({ cartId: 'cart-1', expectedTotal: 6043, captchaToken: 'captcha-1' });
    expect(sent.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.headers.get('x-csrf-token')).toBe('csrf-1');
    expect(currentAttempt()).toBeUndefined();
    expect(readDraft('cart-1')).toEqual({});
    expect(takePlaced(order.orderNumber)).toBe(true);
    // The confirmation has the order without asking again, and the header's bag is read again.
    expect(checkoutApi.endpoints.cartCheckoutGetOrder.select(order.orderNumber)(store.getState()).data).toEqual(order);
    await settle();
    expect(gateway.to('GET /api/cart')).toHaveLength(1);
    expect(selectCartView(store.getState())?.itemCount).toBe(0);
  });

  it('sends the same key again after a network failure, and after a reload', async () => {
    const answers: Answer[] = [{ status: 0 }, { status: 0 }, { status: 200, body: order }];
    const gateway = fakeGateway({
      'POST /api/orders': () => answers.shift()!,
      'GET /api/cart': { status: 200, body: cartOf([]) },
    });
    const first = await createAppStore().dispatch(placeOrder(ready));
    expect(first).toMatchObject({ kind: 'unanswered', problem: { code: 'OFFLINE' } });
    expect(currentAttempt()?.unanswered).toBe(true);
    const second = await createAppStore().dispatch(placeOrder(ready));
    expect(second.kind).toBe('unanswered');
    // A reload: a new store, the same tab's sessionStorage.
    const third = await createAppStore().dispatch(placeOrder(ready));
    expect(third.kind).toBe('placed');
    const keys = gateway.to('POST /api/orders').map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('keeps the key after a 5xx (the outcome is unknown) and drops it after a decline (nothing was charged)', async () => {
    const answers: Answer[] = [{ status: 503, body: errorBody('UPSTREAM_UNAVAILABLE', 'down') }, declined, declined];
    const gateway = fakeGateway({ 'POST /api/orders': () => answers.shift()! });
    const store = createAppStore();
    expect((await store.dispatch(placeOrder(ready))).kind).toBe('unanswered');
    const refused = await store.dispatch(placeOrder(ready));
    expect(refused).toMatchObject({
      kind: 'refused',
      problem: { code: 'PAYMENT_DECLINED', status: 402, reason: 'insufficient_funds' },
    });
    expect(currentAttempt()).toBeUndefined();
    await store.dispatch(placeOrder(ready));
    const keys = gateway.to('POST /api/orders').map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('takes the fresh checkout a 409 CHECKOUT_CHANGED carries', async () => {
    const changed = checkoutOf(bag, { ...ready.checkout, totals: { ...ready.checkout.totals, total: usd(6543) } });
    fakeGateway({
      'GET /api/checkout': { status: 200, body: ready },
      'POST /api/orders': {
        status: 409,
        body: { error: { ...errorBody('CHECKOUT_CHANGED', 'Your order changed.').error, checkout: changed } },
      },
    });
    const store = createAppStore();
    await store.dispatch(checkoutApi.endpoints.cartCheckoutGetCheckout.initiate());
    const outcome = await store.dispatch(placeOrder(ready));
    expect(outcome).toMatchObject({ kind: 'refused', problem: { code: 'CHECKOUT_CHANGED', checkout: changed } });
    const cached = checkoutApi.endpoints.cartCheckoutGetCheckout.select()(store.getState()).data;
    expect(cached?.checkout.totals.total.centAmount).toBe(6543);
  });

  it('asks again for the answer it never got once the bag is gone, with the same key and body', async () => {
    const answers: Answer[] = [{ status: 0 }, { status: 200, body: order }];
    const gateway = fakeGateway({
      'POST /api/orders': () => answers.shift()!,
      'GET /api/cart': { status: 200, body: cartOf([]) },
    });
    const store = createAppStore();
    await store.dispatch(placeOrder(ready));
    // The bag is still there: nothing is sent without the shopper.
    expect(await store.dispatch(recoverUnansweredOrder(ready))).toBeUndefined();
    expect(gateway.to('POST /api/orders')).toHaveLength(1);
    const after = await store.dispatch(recoverUnansweredOrder(checkoutOf(cartOf([]))));
    expect(after).toEqual({ kind: 'placed', order });
    const [first, second] = gateway.to('POST /api/orders');
    expect(second.headers.get('idempotency-key')).toBe(first.headers.get('idempotency-key'));
    expect(second.body).toEqual(first.body);
  });
});

describe('checkout writes', () => {
  it('answer the whole checkout: the page’s checkout and the header’s bag both take it', async () => {
    const saved = checkoutOf(cartOf([laceBra]), { shippingAddress: home });
    const gateway = fakeGateway({
      'GET /api/checkout': { status: 200, body: checkoutOf(cartOf([laceBra])) },
      'POST /api/cart': { status: 200, body: saved },
    });
    const store = createAppStore();
    // The page holds the checkout while it is open.
    await store.dispatch(checkoutApi.endpoints.cartCheckoutGetCheckout.initiate());
    const result = await store.dispatch(saveCheckout({ shippingAddress: home }));
    expect(result).toEqual({ ok: true, checkout: saved });
    expect(gateway.writes()[0].body).toEqual({ shippingAddress: home });
    expect(gateway.writes()[0].headers.get('x-csrf-token')).toBe('csrf-1');
    expect(checkoutApi.endpoints.cartCheckoutGetCheckout.select()(store.getState()).data).toEqual(saved);
    expect(selectCartView(store.getState())?.itemCount).toBe(2);
  });

  it('read the address verification’s suggestion and per-field errors', async () => {
    const suggestion = { ...home, streetName: '123 MAIN ST' };
    fakeGateway({
      'POST /api/cart': {
        status: 400,
        body: {
          error: {
            ...errorBody('ADDRESS_INVALID', 'The ZIP code does not match the city.').error,
            fields: { 'shippingAddress.postalCode': 'This ZIP code is not in New York.' },
            verification: { address: 'shippingAddress', suggestion },
          },
        },
      },
    });
    const result = await createAppStore().dispatch(saveCheckout({ shippingAddress: home }));
    expect(result).toMatchObject({
      ok: false,
      problem: {
        code: 'ADDRESS_INVALID',
        status: 400,
        fields: { postalCode: 'This ZIP code is not in New York.' },
        verification: { address: 'shippingAddress', suggestion },
      },
    });
  });
});
