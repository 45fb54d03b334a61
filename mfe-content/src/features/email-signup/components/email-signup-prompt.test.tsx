import type { ShellBootConfig } from '@shop/contracts/browser';
import { BootConfigProvider, createAppStore, selectActivePopup } from '@shop/platform';
import { act, fireEvent, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import EmailSignupPrompt, { QUIET_MS, RECHECK_MS } from './email-signup-prompt';

jest.mock('../../../content.css', () => ({}));

const config = { brand: { id: 'vanityfair', name: 'Vanity Fair' }, flags: {} } as unknown as ShellBootConfig;
const copy = { title: 'Get 15% off your first order', text: 'Sign up.', submitLabel: 'Sign me up' };

/** A first visit's prompt, with the page's clock in the test's hands; the store shows what the popup queue holds. */
async function firstVisit(browsing = true) {
  global.fetch = jest.fn(async () => Response.json(copy)) as typeof fetch;
  const store = createAppStore();
  const view = render(
    <Provider store={store}>
      <BootConfigProvider value={config}>
        <EmailSignupPrompt browsing={browsing} />
      </BootConfigProvider>
    </Provider>,
  );
  // The copy arrives (the fetch's promise), then the 5 s start.
  await act(async () => {
    await jest.advanceTimersByTimeAsync(10);
  });
  const shown = () => selectActivePopup(store.getState())?.id === 'email-signup';
  const wait = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));
  const rerender = (on: boolean) =>
    view.rerender(
      <Provider store={store}>
        <BootConfigProvider value={config}>
          <EmailSignupPrompt browsing={on} />
        </BootConfigProvider>
      </Provider>,
    );
  return { shown, wait, rerender };
}

describe('the first-visit signup prompt', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    document.cookie = 'vf_signup=; max-age=0; path=/';
    for (const cookie of document.cookie.split(';')) {
      const name = cookie.split('=')[0].trim();
      if (name) document.cookie = `${name}=; max-age=0; path=/`;
    }
  });
  afterEach(() => {
    jest.useRealTimers();
    document.body.innerHTML = '';
  });

  it('opens 5 s into a quiet visit on a page the shopper browses', async () => {
    const { shown, wait } = await firstVisit();
    await wait(4900);
    expect(shown()).toBe(false);
    await wait(200);
    expect(shown()).toBe(true);
  });

  it('waits on the bag, checkout or account, and opens once the shopper is back browsing', async () => {
    const { shown, wait, rerender } = await firstVisit(false);
    await wait(20_000);
    expect(shown()).toBe(false);
    rerender(true);
    await wait(RECHECK_MS + 10);
    expect(shown()).toBe(true);
  });

  it('never opens over an open dialog or drawer', async () => {
    const drawer = document.createElement('div');
    drawer.setAttribute('role', 'dialog');
    drawer.setAttribute('aria-modal', 'true');
    document.body.append(drawer);
    const { shown, wait } = await firstVisit();
    await wait(20_000);
    expect(shown()).toBe(false);
    drawer.remove();
    await wait(RECHECK_MS + 10);
    expect(shown()).toBe(true);
  });

  it('waits while the shopper taps, types or scrolls, for a quiet moment', async () => {
    const { shown, wait } = await firstVisit();
    await wait(4000);
    fireEvent.keyDown(window, { key: 'a' });
    await wait(1500);
    expect(shown()).toBe(false);
    fireEvent.scroll(window);
    await wait(QUIET_MS - 100);
    expect(shown()).toBe(false);
    await wait(RECHECK_MS + 200);
    expect(shown()).toBe(true);
  });
});
