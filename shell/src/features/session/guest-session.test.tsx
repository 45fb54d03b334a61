import { createAppStore } from '@shop/platform';
import { render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { GuestSession } from './guest-session';

describe('the guest session', () => {
  it('starts on a page whose own address carries an error (sign-in after SessionRequired)', async () => {
    window.history.replaceState({}, '', '/login?error=SessionRequired&callbackUrl=%2Faccount%2Forders');
    const posted: URLSearchParams[] = [];
    const fetched: string[] = [];
    global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname;
      fetched.push(path);
      let body: unknown = null;
      if (path === '/api/auth/csrf') body = { csrfToken: 'token' };
      if (path === '/api/auth/callback/guest') {
        const form = new URLSearchParams(String(init?.body));
        posted.push(form);
        // The gateway answers with the callbackUrl it was given, as Auth.js does.
        body = { url: `http://localhost${form.get('callbackUrl')}` };
      }
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);

    render(
      <Provider store={createAppStore()}>
        <GuestSession />
      </Provider>,
    );

    // Started, then the session read again: the page's `error` parameter is not the sign-in's.
    await waitFor(() => expect(fetched.filter((path) => path === '/api/auth/session')).toHaveLength(2));
    expect(posted).toHaveLength(1);
    expect(posted[0].get('callbackUrl')).toBe('/login');
    expect(logged).not.toHaveBeenCalled();
  });
});
