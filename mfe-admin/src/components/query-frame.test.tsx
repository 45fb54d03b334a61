import { fireEvent, render, screen } from '@testing-library/react';
import { QueryFrame } from './query-frame';

interface Listing {
  names: string[];
}
const idle = { isLoading: false, refetch: () => undefined };
const frame = (query: { data?: Listing; error?: unknown; isLoading: boolean; refetch: () => unknown }, hide = false) =>
  render(
    <QueryFrame
      query={query}
      loading="Loading the names"
      failure="The names could not be loaded"
      hideDataOnError={hide}
    >
      {(data) => <p>Names: {data.names.join(', ')}</p>}
    </QueryFrame>,
  );
const gatewayError = { status: 503, data: { error: { code: 'UPSTREAM_UNAVAILABLE', message: 'Try again shortly.' } } };

describe('QueryFrame', () => {
  it('says what is loading while the first answer is on its way', () => {
    frame({ ...idle, isLoading: true });
    expect(screen.getByRole('status', { name: 'Loading the names' })).toBeTruthy();
    expect(screen.queryByText(/^Names:/)).toBeNull();
  });

  it('shows the data once it is in', () => {
    frame({ ...idle, data: { names: ['a', 'b'] } });
    expect(screen.getByText('Names: a, b')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says what could not be loaded with the gateway’s message, and tries again when asked', () => {
    const refetch = jest.fn();
    frame({ ...idle, error: gatewayError, refetch });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('The names could not be loaded: Try again shortly. Try again');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('words a failure without the gateway’s body for staff: nothing was changed', () => {
    frame({ ...idle, error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } });
    expect(screen.getByRole('alert').textContent).toBe(
      'The names could not be loaded: The gateway could not be reached. Nothing was changed; try again. Try again',
    );
  });

  it('keeps showing what was read before when reading again fails, unless told to hide it', () => {
    const stale = { ...idle, data: { names: ['a'] }, error: gatewayError };
    const { unmount } = frame(stale);
    expect(screen.getByText('Names: a')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    frame(stale, true);
    expect(screen.queryByText(/^Names:/)).toBeNull();
    expect(screen.getByRole('alert').textContent).toMatch(/^The names could not be loaded: Try again shortly\./);
  });
});
