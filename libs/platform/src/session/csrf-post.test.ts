import { fetchBaseQuery } from '@reduxjs/toolkit/query';
import { sendWithCsrf } from './csrf-post';

describe('sendWithCsrf', () => {
  const seen: Request[] = [];
  beforeEach(() => {
    seen.length = 0;
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (new URL(request.url).pathname === '/api/auth/csrf') return Response.json({ csrfToken: 'csrf-1' });
      seen.push(request);
      return Response.json({ ok: true });
    }) as typeof fetch;
  });
  const baseQuery = fetchBaseQuery({ baseUrl: '/api' });
  const api = { signal: new AbortController().signal, dispatch: jest.fn(), getState: jest.fn() } as never;
  const run = (arg: Parameters<typeof baseQuery>[0]) => baseQuery(arg, api, {});

  it('sends the token in the X-CSRF-Token header and the body exactly as given', async () => {
    const result = await sendWithCsrf(run, { url: '/cart/lineItem/l-1', method: 'PATCH', body: { quantity: 3 } });
    expect(result).toEqual({ data: { ok: true } });
    expect(seen[0].method).toBe('PATCH');
    expect(seen[0].headers.get('x-csrf-token')).toBe('csrf-1');
    expect(await seen[0].json()).toEqual({ quantity: 3 });
  });

  it('keeps the route’s own headers beside the CSRF header', async () => {
    await sendWithCsrf(run, {
      url: '/orders',
      method: 'POST',
      body: { cartId: 'c-1' },
      headers: { 'Idempotency-Key': 'key-123456789abcdef' },
    });
    expect(seen[0].headers.get('idempotency-key')).toBe('key-123456789abcdef');
    expect(seen[0].headers.get('x-csrf-token')).toBe('csrf-1');
  });

  it('sends a DELETE without a body', async () => {
    await sendWithCsrf(run, { url: '/cart/lineItem/l-1', method: 'DELETE' });
    expect(seen[0].method).toBe('DELETE');
    expect(seen[0].headers.get('x-csrf-token')).toBe('csrf-1');
    expect(await seen[0].text()).toBe('');
  });

  it('answers FETCH_ERROR without sending when the token cannot be fetched', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('offline');
    }) as typeof fetch;
    await expect(sendWithCsrf(run, { url: '/cart', method: 'POST', body: {} })).resolves.toEqual({
      error: { status: 'FETCH_ERROR', error: 'The shop could not be reached' },
    });
  });
});
