import { createAppStore } from '@shop/platform';
import { cartOf, laceBra, thong } from '../../testing/cart-fixtures';
import { errorBody, fakeGateway, held } from '../../testing/fake-gateway';
import { addLine, changeQuantity, removeLine, undoRemove } from './cart-actions';
import { cartApi } from './cart-api';
import { selectCartView, selectProblems } from './cart-slice';

const bag = cartOf([laceBra, thong]);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function storeWith(routes: Parameters<typeof fakeGateway>[0]) {
  const gateway = fakeGateway({ 'GET /api/cart': { status: 200, body: bag }, ...routes });
  const store = createAppStore();
  await store.dispatch(cartApi.endpoints.cartCheckoutGetCart.initiate());
  return { store, gateway };
}

describe('cart writes through the serial queue', () => {
  it('sends one write at a time, in order, each with the CSRF header', async () => {
    const first = held();
    const second = held();
    const answers = [first.answer, second.answer];
    const { store, gateway } = await storeWith({ 'PATCH /api/cart/lineItem/line-1': () => answers.shift()! });
    const a = store.dispatch(changeQuantity(laceBra, 3));
    const b = store.dispatch(changeQuantity(laceBra, 4));
    await settle();
    // Both show at once; only the first has reached the gateway.
    expect(selectCartView(store.getState())?.lines[0].quantity).toBe(4);
    expect(gateway.writes().map((w) => w.body)).toEqual([{ quantity: 3 }]);
    first.release({ status: 200, body: cartOf([{ ...laceBra, quantity: 3 }, thong]) });
    await a;
    await settle();
    expect(gateway.writes().map((w) => w.body)).toEqual([{ quantity: 3 }, { quantity: 4 }]);
    expect(gateway.writes().every((w) => w.headers.get('x-csrf-token') === 'csrf-1')).toBe(true);
    second.release({ status: 200, body: cartOf([{ ...laceBra, quantity: 4 }, thong]) });
    await b;
    expect(selectCartView(store.getState())?.lines[0].quantity).toBe(4);
  });

  it('rolls back only the write that failed, says why, and still sends the next', async () => {
    const answers = [
      { status: 400, body: errorBody('INVALID_QUANTITY', 'Only 3 of Lace Bra are available.') },
      { status: 200, body: cartOf([laceBra]) },
    ];
    const { store, gateway } = await storeWith({
      'PATCH /api/cart/lineItem/line-1': () => answers.shift()!,
      'DELETE /api/cart/lineItem/line-2': () => answers.shift()!,
    });
    const [change, remove] = await Promise.all([
      store.dispatch(changeQuantity(laceBra, 5)),
      store.dispatch(removeLine(thong)),
    ]);
    expect(change).toMatchObject({ ok: false, error: { code: 'INVALID_QUANTITY', status: 400 } });
    expect(remove.ok).toBe(true);
    expect(gateway.writes().map((w) => `${w.method} ${w.path}`)).toEqual([
      'PATCH /api/cart/lineItem/line-1',
      'DELETE /api/cart/lineItem/line-2',
    ]);
    expect(selectCartView(store.getState())?.lines.map((l) => [l.lineItemId, l.quantity])).toEqual([['line-1', 2]]);
    expect(selectProblems(store.getState())['line-1']).toBe(
      'The quantity was not changed. Only 3 of Lace Bra are available.',
    );
  });

  it('sends a write refused as CART_CONFLICT once more with the same Idempotency-Key', async () => {
    const answers = [
      { status: 409, body: errorBody('CART_CONFLICT', 'Your bag changed at the same moment. Please try again.') },
      { status: 200, body: cartOf([{ ...laceBra, quantity: 3 }, thong]) },
    ];
    const { store, gateway } = await storeWith({ 'PATCH /api/cart/lineItem/line-1': () => answers.shift()! });
    const change = await store.dispatch(changeQuantity(laceBra, 3));
    expect(change.ok).toBe(true);
    const keys = gateway.writes().map((w) => w.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    expect(selectCartView(store.getState())?.lines[0].quantity).toBe(3);
  });

  it('never sends a quantity outside 1..99', async () => {
    const { store, gateway } = await storeWith({});
    for (const quantity of [0, 100, -1, 1.5]) {
      expect(await store.dispatch(changeQuantity(laceBra, quantity))).toMatchObject({
        ok: false,
        error: { code: 'INVALID_QUANTITY' },
      });
    }
    expect(gateway.writes()).toEqual([]);
  });

  it('adds with exactly the route’s fields, tracks ADD_TO_CART with sku and quantity, and can open the drawer', async () => {
    const { store, gateway } = await storeWith({
      'POST /api/cart/lineItem': { status: 200, body: cartOf([{ ...laceBra, quantity: 3 }, thong]) },
    });
    const result = await store.dispatch(
      addLine(
        { sku: laceBra.sku, quantity: 1, inventoryListKey: 'vanityfair-online', name: 'Lace Bra' },
        { openDrawer: true },
      ),
    );
    expect(result.ok).toBe(true);
    await settle();
    expect(gateway.writes()[0].body).toEqual({ sku: laceBra.sku, quantity: 1, inventoryListKey: 'vanityfair-online' });
    expect(gateway.tracked()).toEqual([
      expect.objectContaining({ event: 'ADD_TO_CART', sku: laceBra.sku, quantity: 1 }),
    ]);
    expect(store.getState().cart?.drawer).toEqual({ open: true, added: { name: 'Lace Bra', quantity: 1 } });
  });

  it('does not track an add the gateway refused, and reads the bag again after a 404', async () => {
    const { store, gateway } = await storeWith({
      'POST /api/cart/lineItem': { status: 404, body: errorBody('NOT_FOUND', 'That product is not available.') },
    });
    const result = await store.dispatch(addLine({ sku: 'GONE', quantity: 1, inventoryListKey: 'vanityfair-online' }));
    expect(result).toMatchObject({
      ok: false,
      error: { message: 'Not added to your bag. That product is not available.' },
    });
    await settle();
    expect(gateway.tracked()).toEqual([]);
    expect(gateway.sent.filter((r) => r.method === 'GET' && r.path === '/api/cart')).toHaveLength(2);
  });

  it('undo puts a removed line back with the quantity it had', async () => {
    const { store, gateway } = await storeWith({
      'DELETE /api/cart/lineItem/line-1': { status: 200, body: cartOf([thong]) },
      'POST /api/cart/lineItem': { status: 200, body: cartOf([thong, { ...laceBra, lineItemId: 'line-9' }]) },
    });
    await store.dispatch(removeLine(laceBra));
    await store.dispatch(undoRemove());
    expect(gateway.writes().map((w) => [w.method, w.body])).toEqual([
      ['DELETE', undefined],
      ['POST', { sku: laceBra.sku, quantity: 2, inventoryListKey: 'vanityfair-online' }],
    ]);
    expect(store.getState().cart?.removed).toBeNull();
  });
});
