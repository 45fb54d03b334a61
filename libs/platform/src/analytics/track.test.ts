import { SESSION_TOKEN_COOKIE } from './session-token';
import { track } from './track';

describe('track', () => {
  const fetchMock = jest.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response(null, { status: 202 })));

  beforeEach(() => {
    fetchMock.mockClear();
    global.fetch = fetchMock as unknown as typeof fetch;
    document.cookie = `${SESSION_TOKEN_COOKIE}=; Max-Age=0; Path=/`;
    window.dataLayer = [];
  });

  const sent = (call: number) => JSON.parse(fetchMock.mock.calls[call][1]?.body as string);

  it('creates the session token cookie with the first event and reuses it', () => {
    expect(document.cookie).not.toContain(`${SESSION_TOKEN_COOKIE}=`);
    track({ event: 'PAGE_VIEW', pagePath: '/' });
    track({ event: 'ADD_TO_CART', sku: 'A1', quantity: 1, price: 100 });
    const first = sent(0);
    const second = sent(1);
    expect(document.cookie).toContain(`${SESSION_TOKEN_COOKIE}=${first.sessionToken}`);
    expect(second.sessionToken).toBe(first.sessionToken);
    expect(second.eventId).not.toBe(first.eventId);
    expect(second).toEqual({
      event: 'ADD_TO_CART',
      eventId: second.eventId,
      eventUrl: window.location.href,
      sessionToken: first.sessionToken,
      sku: 'A1',
      quantity: 1,
    });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/tracking');
  });

  it('pushes the sanitised GA4 event to window.dataLayer', () => {
    track({ event: 'BEGIN_CHECKOUT', cart: { id: 'c', payment: { card: '4111' } } });
    expect(window.dataLayer).toEqual([{ event: 'begin_checkout', eventId: sent(0).eventId, cart: { id: 'c' } }]);
  });

  it('does not throw when the network fails', async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('offline')));
    expect(() => track({ event: 'EMAIL', email: 'a@b.co' })).not.toThrow();
  });
});
