import { TRACKING_SESSION_COOKIE } from '@shop/contracts/browser';
import { currentConsent, setConsent } from './consent';
import { track } from './track';

describe('track', () => {
  const fetchMock = jest.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(new Response(null, { status: 202 })),
  );
  const gatewayToken = '1f2e3d4c-5b6a-4798-8a9b-0c1d2e3f4a5b';

  beforeEach(() => {
    fetchMock.mockClear();
    global.fetch = fetchMock as unknown as typeof fetch;
    document.cookie = `${TRACKING_SESSION_COOKIE}=; Max-Age=0; Path=/`;
    window.dataLayer = [];
  });

  const sent = (call: number) => JSON.parse(fetchMock.mock.calls[call][1]?.body as string);

  it('repeats the session token cookie the gateway issued in every record', () => {
    document.cookie = `${TRACKING_SESSION_COOKIE}=${gatewayToken}; Path=/`;
    track({ event: 'PAGE_VIEW', pagePath: '/' });
    track({ event: 'ADD_TO_CART', sku: 'A1', quantity: 1, price: 100 });
    const first = sent(0);
    const second = sent(1);
    expect(first.sessionToken).toBe(gatewayToken);
    expect(second.eventId).not.toBe(first.eventId);
    expect(second).toEqual({
      event: 'ADD_TO_CART',
      eventId: second.eventId,
      eventUrl: window.location.href,
      sessionToken: gatewayToken,
      sku: 'A1',
      quantity: 1,
    });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/tracking');
    expect(fetchMock.mock.calls[0][1]?.headers).toEqual({ 'content-type': 'application/json' });
  });

  it('never makes a token up: without the cookie the record has none and no cookie is written', () => {
    track({ event: 'PAGE_VIEW', pagePath: '/', sessionToken: 'forged' });
    expect(sent(0)).not.toHaveProperty('sessionToken');
    expect(document.cookie).not.toContain(`${TRACKING_SESSION_COOKIE}=`);
  });

  it('pushes the sanitised GA4 event to window.dataLayer', () => {
    track({ event: 'BEGIN_CHECKOUT', cart: { id: 'c', payment: { card: '4111' } } });
    expect(window.dataLayer).toEqual([{ event: 'begin_checkout', eventId: sent(0).eventId, cart: { id: 'c' } }]);
  });

  it('sends ADD_TO_CART with exactly its kept fields and CART_VIEW whole, both reaching the data layer by GA4 name', () => {
    document.cookie = `${TRACKING_SESSION_COOKIE}=${gatewayToken}; Path=/`;
    track({ event: 'ADD_TO_CART', sku: 'VF-1-34B', quantity: 2, name: 'Lace bra', price: 4200 });
    const view = { itemCount: 3, value: 9800, currency: 'USD', items: [{ sku: 'VF-1-34B', quantity: 2 }] };
    track({ event: 'CART_VIEW', ...view });
    const added = sent(0);
    expect(Object.keys(added).sort()).toEqual(['event', 'eventId', 'eventUrl', 'quantity', 'sessionToken', 'sku']);
    expect(added).toMatchObject({ event: 'ADD_TO_CART', sku: 'VF-1-34B', quantity: 2, sessionToken: gatewayToken });
    expect(sent(1)).toEqual({
      event: 'CART_VIEW',
      eventId: sent(1).eventId,
      eventUrl: window.location.href,
      sessionToken: gatewayToken,
      ...view,
    });
    expect(window.dataLayer?.map((entry) => entry.event)).toEqual(['add_to_cart', 'cart_view']);
    expect(window.dataLayer?.[0]).toMatchObject({ sku: 'VF-1-34B', quantity: 2, eventId: added.eventId });
    expect(window.dataLayer?.[1]).toMatchObject({ ...view, eventId: sent(1).eventId });
  });

  it('does not throw when the network fails', async () => {
    fetchMock.mockImplementationOnce(() => Promise.reject(new TypeError('offline')));
    expect(() => track({ event: 'EMAIL', email: 'a@b.co' })).not.toThrow();
  });
});

describe('track obeys the effective consent', () => {
  const fetchMock = jest.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(new Response(null, { status: 202 })),
  );
  beforeEach(() => {
    fetchMock.mockClear();
    global.fetch = fetchMock as unknown as typeof fetch;
    window.dataLayer = [];
  });
  afterEach(() => {
    delete window.__SHOP_CONSENT__;
    delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
  });

  it('sends nothing and pushes nothing to the data layer with analytics off, and tracks again once it is on', () => {
    setConsent({ analytics: false, marketing: true, gpc: false, source: 'session' });
    track({ event: 'PAGE_VIEW', pagePath: '/' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.dataLayer).toEqual([]);
    setConsent({ analytics: true, marketing: true, gpc: false, source: 'session' });
    track({ event: 'PAGE_VIEW', pagePath: '/' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(window.dataLayer).toHaveLength(1);
  });

  it('sends nothing when the browser has Global Privacy Control on, whatever the page was told', () => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    setConsent({ analytics: true, marketing: true, gpc: false, source: 'default' });
    expect(currentConsent()).toEqual({ analytics: false, marketing: false, gpc: true, source: 'gpc' });
    track({ event: 'PAGE_VIEW', pagePath: '/' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(window.dataLayer).toEqual([]);
  });
});
