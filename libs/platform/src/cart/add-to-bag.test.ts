import type { AddToBagRequest, CartResponse } from '@shop/contracts/browser';
import { type AddToBagHandler, addToBag, provideAddToBag } from './add-to-bag';

const usd = (centAmount: number) => ({ centAmount, currencyCode: 'USD' as const, fractionDigits: 2 as const });
const cart: CartResponse = {
  id: 'cart-1',
  version: 2,
  lines: [],
  itemCount: 2,
  subtotal: usd(4000),
  discountCodes: [],
  discountTotal: usd(0),
  total: usd(4000),
};
const request: AddToBagRequest = {
  sku: 'VF-1-34B',
  quantity: 2,
  inventoryListKey: 'vanityfair-online',
  name: 'Lace bra',
};

describe('the add-to-bag contract between remotes', () => {
  let withdraw: (() => void) | undefined;
  afterEach(() => {
    withdraw?.();
    withdraw = undefined;
    jest.useRealTimers();
  });

  it('hands the request to the handler the cart remote provided and resolves with its cart', async () => {
    const handler = jest.fn<ReturnType<AddToBagHandler>, Parameters<AddToBagHandler>>(async () => ({
      ok: true,
      cart,
    }));
    withdraw = provideAddToBag(handler);
    await expect(addToBag(request)).resolves.toEqual({ ok: true, cart });
    expect(handler).toHaveBeenCalledWith(request);
  });

  it('passes the handler’s typed error through unchanged', async () => {
    const error = { code: 'INVALID_QUANTITY', message: 'Only 3 are available.', correlationId: 'c-1' };
    withdraw = provideAddToBag(async () => ({ ok: false, error }));
    await expect(addToBag(request)).resolves.toEqual({ ok: false, error });
  });

  it('waits for a cart remote that is still loading, then uses it', async () => {
    jest.useFakeTimers();
    const pending = addToBag(request, { waitMs: 5000 });
    jest.advanceTimersByTime(1000);
    withdraw = provideAddToBag(async () => ({ ok: true, cart }));
    await expect(pending).resolves.toEqual({ ok: true, cart });
  });

  it('says nothing was added when no cart remote provides a handler in time', async () => {
    jest.useFakeTimers();
    const pending = addToBag(request, { waitMs: 5000 });
    jest.advanceTimersByTime(5000);
    await expect(pending).resolves.toEqual({
      ok: false,
      error: { code: 'CART_UNAVAILABLE', message: expect.stringContaining('nothing was added') },
    });
  });

  it('stops using a handler once it is withdrawn, and keeps a newer one when an older one withdraws', async () => {
    jest.useFakeTimers();
    const older = provideAddToBag(async () => ({ ok: false, error: { code: 'OLD', message: 'old' } }));
    withdraw = provideAddToBag(async () => ({ ok: true, cart }));
    older();
    await expect(addToBag(request)).resolves.toEqual({ ok: true, cart });
    withdraw();
    withdraw = undefined;
    const pending = addToBag(request, { waitMs: 10 });
    jest.advanceTimersByTime(10);
    await expect(pending).resolves.toMatchObject({ ok: false, error: { code: 'CART_UNAVAILABLE' } });
  });

  it('turns a handler that throws into an error result instead of a rejection', async () => {
    withdraw = provideAddToBag(async () => {
      throw new Error('boom');
    });
    await expect(addToBag(request)).resolves.toMatchObject({ ok: false, error: { code: 'ADD_TO_BAG_FAILED' } });
  });
});
