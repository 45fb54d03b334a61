import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RemoteOutlet } from './remote-outlet';
import { loadRemoteModule } from './remote-runtime';

jest.mock('./remote-runtime', () => ({
  loadRemoteModule: jest.fn(),
  peekLoadedModule: jest.fn(() => undefined),
  refreshRemote: jest.fn(() => Promise.resolve()),
  remoteVersion: () => '1.0.0-test',
}));

const load = loadRemoteModule as jest.MockedFunction<typeof loadRemoteModule>;

beforeEach(() => {
  load.mockReset();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('RemoteOutlet', () => {
  it('contains a remote that fails to load, and retries it in place', async () => {
    load.mockRejectedValueOnce(new Error('404')).mockResolvedValueOnce({ default: () => <p>catalog page</p> });
    render(<RemoteOutlet remote="catalog" expose="pages" props={{}} />);
    await flush();
    expect(screen.getByRole('alert').textContent).toContain('didn’t load');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await flush();
    expect(screen.getByText('catalog page')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('contains a remote that throws while rendering', async () => {
    const Broken = () => {
      throw new Error('render failed');
    };
    load.mockResolvedValue({ default: Broken });
    render(
      <div>
        <h1>header</h1>
        <RemoteOutlet remote="content" expose="pages" props={{}} />
      </div>,
    );
    await flush();
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'header' })).toBeTruthy();
    expect(document.querySelector('[data-remote-area="content"]')?.getAttribute('data-remote-version')).toBe(
      '1.0.0-test',
    );
  });

  it('uses a slot fallback when given one', async () => {
    load.mockRejectedValue(new Error('down'));
    render(
      <RemoteOutlet remote="cartCheckout" expose="MiniCart" props={{}} fallback={() => <a href="/cart">Cart</a>} />,
    );
    await flush();
    expect(screen.getByRole('link', { name: 'Cart' })).toBeTruthy();
  });
});

describe('RemoteOutlet started when idle', () => {
  const idle: Array<() => void> = [];
  beforeEach(() => {
    idle.length = 0;
    window.requestIdleCallback = jest.fn((callback: IdleRequestCallback) =>
      idle.push(() => callback({} as IdleDeadline)),
    );
    window.cancelIdleCallback = jest.fn();
  });
  afterEach(() => {
    cleanup();
    delete (window as Partial<Window>).requestIdleCallback;
    delete (window as Partial<Window>).cancelIdleCallback;
  });

  it('loads its module only once the browser is idle', async () => {
    load.mockResolvedValue({ default: () => <p>signup form</p> });
    render(<RemoteOutlet remote="content" expose="EmailSignupForm" props={{}} loading={false} start="idle" />);
    await flush();
    expect(load).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    act(() => idle[0]());
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('signup form')).toBeTruthy();
  });

  it('does not start a load for a slot that went away before the browser was idle', async () => {
    const { unmount } = render(
      <RemoteOutlet remote="cartCheckout" expose="PreviousBagOffer" props={{}} loading={false} start="idle" />,
    );
    unmount();
    expect(window.cancelIdleCallback).toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
  });

  it('retries at once: a retry is the shopper asking', async () => {
    load.mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce({ default: () => <p>offer</p> });
    render(<RemoteOutlet remote="cartCheckout" expose="PreviousBagOffer" props={{}} start="idle" />);
    act(() => idle[0]());
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await flush();
    expect(idle).toHaveLength(1);
    expect(screen.getByText('offer')).toBeTruthy();
  });
});
