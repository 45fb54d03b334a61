import { createAppStore } from '@shop/platform';
import { cartOf, cartLine, laceBra, thong, usd } from '../../testing/cart-fixtures';
import { fakeGateway } from '../../testing/fake-gateway';
import { cartApi } from './cart-api';
import { type CartOp, applyOps } from './cart-ops';
import {
  cartOpFailed,
  cartOpStarted,
  cartOpSucceeded,
  selectCartView,
  selectLinesInFlight,
  selectProblems,
  selectRemovedLine,
} from './cart-slice';

const bag = cartOf([laceBra, thong]);

describe('optimistic cart view (applyOps)', () => {
  it('shows a quantity change at once, with the line priced at the new quantity and the count moved', () => {
    const view = applyOps(bag, [{ kind: 'change', id: 'a', lineItemId: 'line-1', quantity: 5 }]);
    expect(view?.itemCount).toBe(6);
    expect(view?.lines[0]).toMatchObject({ quantity: 5, subtotal: usd(10000), total: usd(10000) });
    // The sale price is what a line costs per item.
    const sale = applyOps(bag, [{ kind: 'change', id: 'b', lineItemId: 'line-2', quantity: 3 }]);
    expect(sale?.lines[1].subtotal).toEqual(usd(3000));
  });

  it('takes a removed line and its items out of the count', () => {
    const view = applyOps(bag, [{ kind: 'remove', id: 'a', lineItemId: 'line-2' }]);
    expect(view?.lines.map((l) => l.lineItemId)).toEqual(['line-1']);
    expect(view?.itemCount).toBe(2);
  });

  it('adds to a line of the same sku (up to 99) and counts an add of a new sku before its line exists', () => {
    const add = (sku: string, quantity: number): CartOp => ({
      kind: 'add',
      id: sku,
      sku,
      quantity,
      inventoryListKey: 'vanityfair-online',
    });
    const same = applyOps(bag, [add('VF-100-34B', 98)]);
    expect(same?.lines[0].quantity).toBe(99);
    expect(same?.itemCount).toBe(3 + 97);
    const fresh = applyOps(bag, [add('VF-300-L', 2)]);
    expect(fresh?.lines).toHaveLength(2);
    expect(fresh?.itemCount).toBe(5);
  });

  it('hides a removed code and a dismissed earlier bag, and waits for the server on a new code', () => {
    const withCode = cartOf([laceBra], {
      discountCodes: [{ id: 'dc-1', code: 'VF10', state: 'MatchesCart', description: '10% off', amount: usd(400) }],
      previousBag: { cartId: 'old', lines: [] },
    });
    const view = applyOps(withCode, [
      { kind: 'removeCode', id: 'a', discountCodeId: 'dc-1' },
      { kind: 'dismissPreviousBag', id: 'b' },
      { kind: 'addCode', id: 'c', code: 'NEW' },
    ]);
    expect(view?.discountCodes).toEqual([]);
    expect(view?.previousBag).toBeUndefined();
  });

  it('has nothing to show before the first answer', () => {
    expect(applyOps(null, [{ kind: 'remove', id: 'a', lineItemId: 'line-1' }])).toBeNull();
  });
});

describe('the cart slice', () => {
  const change: CartOp = { kind: 'change', id: 'op-a', lineItemId: 'line-1', quantity: 4 };

  it('keeps the server’s answer from GET /api/cart', async () => {
    fakeGateway({ 'GET /api/cart': { status: 200, body: bag } });
    const store = createAppStore();
    await store.dispatch(cartApi.endpoints.cartCheckoutGetCart.initiate());
    expect(selectCartView(store.getState())).toEqual(bag);
  });

  it('rolls a failed write back and keeps why, by line', () => {
    const store = createAppStore();
    store.dispatch(cartOpSucceeded({ opId: 'none', cart: bag }));
    store.dispatch(cartOpStarted({ op: change, scope: 'line-1' }));
    expect(selectCartView(store.getState())?.lines[0].quantity).toBe(4);
    expect(selectLinesInFlight(store.getState()).has('line-1')).toBe(true);
    store.dispatch(cartOpFailed({ opId: 'op-a', scope: 'line-1', message: 'Only 3 are available.' }));
    expect(selectCartView(store.getState())?.lines[0].quantity).toBe(2);
    expect(selectProblems(store.getState())).toEqual({ 'line-1': 'Only 3 are available.' });
    // The next change to that line starts without the old reason.
    store.dispatch(cartOpStarted({ op: { ...change, id: 'op-b' }, scope: 'line-1' }));
    expect(selectProblems(store.getState())).toEqual({});
  });

  it('shows pending writes over a newer answer until they settle', () => {
    const store = createAppStore();
    store.dispatch(cartOpSucceeded({ opId: 'none', cart: bag }));
    store.dispatch(cartOpStarted({ op: change }));
    store.dispatch(cartOpStarted({ op: { kind: 'remove', id: 'op-r', lineItemId: 'line-2' } }));
    // The change is confirmed; the removal is still on its way.
    store.dispatch(cartOpSucceeded({ opId: 'op-a', cart: cartOf([{ ...laceBra, quantity: 4 }, thong]) }));
    expect(selectCartView(store.getState())?.lines.map((l) => [l.lineItemId, l.quantity])).toEqual([['line-1', 4]]);
  });

  it('takes the cart an error came with (INVALID_PRICE answers the new prices)', () => {
    const store = createAppStore();
    store.dispatch(cartOpSucceeded({ opId: 'none', cart: bag }));
    store.dispatch(cartOpStarted({ op: change }));
    const repriced = cartOf([cartLine({ ...laceBra, unitPrice: usd(2500) }), thong]);
    store.dispatch(cartOpFailed({ opId: 'op-a', message: 'The price changed.', cart: repriced }));
    expect(selectCartView(store.getState())).toEqual(repriced);
  });

  it('keeps a removed line for undo, and forgets it when the removal fails', () => {
    const store = createAppStore();
    store.dispatch(cartOpSucceeded({ opId: 'none', cart: bag }));
    const removed = { lineItemId: 'line-1', sku: laceBra.sku, name: 'Lace Bra', quantity: 2, inventoryListKey: 'x' };
    store.dispatch(cartOpStarted({ op: { kind: 'remove', id: 'op-r', lineItemId: 'line-1' }, removed }));
    expect(selectRemovedLine(store.getState())).toEqual(removed);
    store.dispatch(cartOpFailed({ opId: 'op-r', scope: 'line-1', message: 'Try again.' }));
    expect(selectRemovedLine(store.getState())).toBeNull();
    expect(selectCartView(store.getState())?.lines).toHaveLength(2);
  });
});
