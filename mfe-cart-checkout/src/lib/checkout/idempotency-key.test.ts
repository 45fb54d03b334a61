import { IDEMPOTENCY_KEY_PATTERN } from '@shop/contracts/browser';
import { createAppStore } from '@shop/platform';
import { cartOf, laceBra } from '../../testing/cart-fixtures';
import { fakeGateway } from '../../testing/fake-gateway';
import { cartApi } from '../cart/cart-api';
import { attemptFor, currentAttempt, forgetAttempt, markUnanswered } from './idempotency-key';

beforeEach(() => {
  sessionStorage.clear();
});

describe('the order attempt’s idempotency key', () => {
  it('is a UUID made once per attempt and kept in sessionStorage, so a reload sends the same key', () => {
    const first = attemptFor('cart-1', 6043);
    expect(first.key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(first.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(sessionStorage.getItem('shop:checkout:order-attempt') ?? '{}')).toEqual(first);
    expect(attemptFor('cart-1', 6043).key).toBe(first.key);
  });

  it('is new for another cart or another total (another request body)', () => {
    const first = attemptFor('cart-1', 6043);
    expect(attemptFor('cart-1', 5999).key).not.toBe(first.key);
    expect(attemptFor('cart-2', 5999).key).not.toBe(first.key);
  });

  it('keeps the key when the request got no answer, and says so', () => {
    const attempt = attemptFor('cart-1', 6043);
    markUnanswered(attempt);
    expect(currentAttempt()).toEqual({ ...attempt, unanswered: true });
    expect(attemptFor('cart-1', 6043).key).toBe(attempt.key);
  });

  it('is forgotten on request, and by any write that changed the bag', async () => {
    const first = attemptFor('cart-1', 6043);
    forgetAttempt();
    expect(currentAttempt()).toBeUndefined();
    const second = attemptFor('cart-1', 6043);
    expect(second.key).not.toBe(first.key);

    fakeGateway({ 'PATCH /api/cart/lineItem/line-1': { status: 200, body: cartOf([laceBra]) } });
    const store = createAppStore();
    await store.dispatch(cartApi.endpoints.cartCheckoutChangeLineItem.initiate({ lineItemId: 'line-1', quantity: 2 }));
    expect(currentAttempt()).toBeUndefined();
  });

  it('outlives a write the gateway refused (the bag did not change)', async () => {
    const attempt = attemptFor('cart-1', 6043);
    fakeGateway({ 'PATCH /api/cart/lineItem/line-1': { status: 400, body: { error: { code: 'INVALID_QUANTITY' } } } });
    const store = createAppStore();
    await store.dispatch(cartApi.endpoints.cartCheckoutChangeLineItem.initiate({ lineItemId: 'line-1', quantity: 2 }));
    expect(currentAttempt()?.key).toBe(attempt.key);
  });
});
