import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { type Root, hydrateRoot } from 'react-dom/client';
import { RemoteOutlet } from './remote-outlet';
import { loadRemoteModule } from './remote-runtime';
import { startWaking, wakeLater } from './wake-later';

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

describe('RemoteOutlet placeholder', () => {
  afterEach(cleanup);

  it('hands what was typed into it, and the caret, to the part when it arrives (ADR 0025)', async () => {
    let arrive: (module: unknown) => void = () => undefined;
    load.mockReturnValue(new Promise((resolve) => (arrive = resolve)) as never);
    function Search() {
      const [term, setTerm] = useState('');
      return (
        <>
          <input aria-label="Search" name="q" value={term} onChange={(event) => setTerm(event.target.value)} />
          <output>{term}</output>
        </>
      );
    }
    render(
      <RemoteOutlet
        remote="catalog"
        expose="QuickSearch"
        props={{}}
        loading={<input aria-label="Search (placeholder)" name="q" />}
      />,
    );
    const placeholder = screen.getByRole('textbox', { name: 'Search (placeholder)' }) as HTMLInputElement;
    placeholder.focus();
    placeholder.value = 'bras';
    placeholder.dispatchEvent(new Event('input', { bubbles: true }));
    await act(async () => arrive({ default: Search }));
    await flush();
    const field = screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement;
    expect(field.value).toBe('bras');
    expect(document.querySelector('output')?.textContent).toBe('bras');
    expect(document.activeElement).toBe(field);
    expect(field.selectionStart).toBe(4);
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

describe('a part rendered on the server that wakes up after the page', () => {
  // What the renderer sends for <RemoteOutlet start="idle"> around the form below.
  const serverMarkup =
    '<div class="remote-area" data-remote-area="content" data-remote-version="1.0.0-test" aria-busy="false">' +
    '<!--$--><form><input aria-label="E-mail"/><button type="submit">Send</button><output></output></form><!--/$--></div>';
  const sent: string[] = [];
  function SignupForm() {
    const [answer, setAnswer] = useState('');
    return (
      <form
        onSubmit={(event) => {
          event.preventDefault();
          sent.push('sent');
          setAnswer('Thank you');
        }}
      >
        <input aria-label="E-mail" />
        <button type="submit">Send</button>
        <output>{answer}</output>
      </form>
    );
  }
  let container: HTMLDivElement;
  let root: Root;
  let idle: Array<() => void>;
  beforeEach(() => {
    sent.length = 0;
    idle = [];
    container = document.createElement('div');
    container.innerHTML = serverMarkup;
    document.body.append(container);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
  });
  const hydrate = async (id: string) => {
    wakeLater([id], (start) => {
      idle.push(start);
      return () => undefined;
    });
    const [, expose] = id.split('/');
    await act(async () => {
      root = hydrateRoot(
        container,
        <RemoteOutlet remote="content" expose={expose as 'EmailSignupForm'} props={{}} loading={false} start="idle" />,
        { onRecoverableError: (error) => console.warn(error) },
      );
    });
    startWaking();
  };

  it('keeps the server’s markup while the page hydrates, loads when idle and wakes it up in place', async () => {
    const form = container.querySelector('form');
    let resolve: (module: unknown) => void = () => undefined;
    load.mockReturnValue(new Promise((r) => (resolve = r)));
    await hydrate('content/EmailSignupForm');
    expect(load).not.toHaveBeenCalled();
    expect(container.querySelector('form')).toBe(form);
    expect(container.querySelector('[aria-busy]')?.getAttribute('aria-busy')).toBe('false');
    act(() => idle[0]());
    await act(async () => resolve({ default: SignupForm }));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    // The same element, now answering: woken up, not drawn again.
    expect(container.querySelector('form')).toBe(form);
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(screen.getByText('Thank you')).toBeTruthy();
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('loads at once when the shopper reaches for it, and sends a form sent before it woke up to its handler', async () => {
    let resolve: (module: unknown) => void = () => undefined;
    load.mockReturnValue(new Promise((r) => (resolve = r)));
    await hydrate('content/HeldForm');
    fireEvent.focusIn(container.querySelector('input') as HTMLInputElement);
    await act(async () => undefined);
    expect(load).toHaveBeenCalledTimes(1);
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    container.querySelector('form')?.dispatchEvent(submit);
    // Held: the browser does not send the form to the page's address.
    expect(submit.defaultPrevented).toBe(true);
    expect(sent).toEqual([]);
    await act(async () => resolve({ default: SignupForm }));
    await flush();
    expect(sent).toEqual(['sent']);
    expect(screen.getByText('Thank you')).toBeTruthy();
  });

  it('shows its fallback when its module fails to load', async () => {
    load.mockRejectedValue(new Error('down'));
    await hydrate('content/FailingForm');
    act(() => idle[0]());
    await flush();
    await flush();
    // Drawn in the browser in place of the server's markup (React says so: a recoverable error).
    expect(container.querySelector('form')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('didn’t load');
    expect(console.warn).toHaveBeenCalled();
  });
});
