import type { PrivacyPreferences } from '@shop/contracts/browser';
import { createAppStore, currentConsent } from '@shop/platform';
import { fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { PrivacyPreferencesForm } from './privacy-preferences';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The gateway's preferences route as the page sees it: it keeps what was PUT. */
function fakeGateway(initial: PrivacyPreferences) {
  let stored = initial;
  const puts: unknown[] = [];
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const path = new URL(request.url).pathname;
    if (path === '/api/auth/csrf') return json(200, { csrfToken: 'csrf-1' });
    if (path === '/api/privacy/preferences' && request.method === 'PUT') {
      const body = (await request.json()) as { analytics: boolean; marketing: boolean };
      puts.push({ body, csrf: request.headers.get('x-csrf-token') });
      stored = { ...body, gpc: false, source: 'session' };
      return json(200, stored);
    }
    if (path === '/api/privacy/preferences') return json(200, stored);
    return json(404, { error: { code: 'NOT_FOUND', message: 'no', correlationId: 'c' } });
  }) as typeof fetch;
  return { puts };
}

const box = (name: RegExp) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

const show = () =>
  render(
    <Provider store={createAppStore()}>
      <PrivacyPreferencesForm />
    </Provider>,
  );

afterEach(() => {
  delete window.__SHOP_CONSENT__;
  delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
});

describe('privacy preferences form', () => {
  it('shows necessary always on, saves analytics off, and the shop stops tracking at once without a reload', async () => {
    const gateway = fakeGateway({ analytics: true, marketing: true, gpc: false, source: 'default' });
    show();
    const analytics = (await screen.findByRole('checkbox', { name: /^Analytics/ })) as HTMLInputElement;
    expect(box(/^Necessary/).checked).toBe(true);
    expect(box(/^Necessary/).disabled).toBe(true);
    expect(analytics.checked).toBe(true);
    fireEvent.click(analytics);
    fireEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect((await screen.findByRole('status')).textContent).toContain('Analytics is off and marketing is on.');
    expect(gateway.puts).toEqual([{ body: { analytics: false, marketing: true }, csrf: 'csrf-1' }]);
    expect(currentConsent()).toMatchObject({ analytics: false, marketing: true });
  });

  it('with Global Privacy Control says so plainly and shows both switches off, whatever was stored', async () => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true, configurable: true });
    fakeGateway({ analytics: true, marketing: true, gpc: false, source: 'session' });
    show();
    const analytics = (await screen.findByRole('checkbox', { name: /^Analytics/ })) as HTMLInputElement;
    expect(screen.getByText(/Global Privacy Control signal/)).toBeTruthy();
    expect(analytics.checked).toBe(false);
    expect(analytics.disabled).toBe(true);
    expect(box(/^Marketing/).checked).toBe(false);
    expect(screen.queryByRole('button', { name: 'Save preferences' })).toBeNull();
  });
});
