import { act, fireEvent, render, screen } from '@testing-library/react';
import { AnnouncerProvider, useAnnouncer } from './announcer';

function Buttons() {
  const { announce, toast } = useAnnouncer();
  return (
    <>
      <button type="button" onClick={() => announce('3 results')}>
        Filter
      </button>
      <button type="button" onClick={() => toast('Added to your bag')}>
        Add
      </button>
    </>
  );
}

describe('AnnouncerProvider', () => {
  it('says a message in a polite live region that was there before it', async () => {
    render(
      <AnnouncerProvider>
        <Buttons />
      </AnnouncerProvider>,
    );
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Filter' })));
    expect(region.textContent).toBe('3 results');
  });

  it('shows a toast, says it, and removes it when its time is up', async () => {
    const timers: Array<() => void> = [];
    render(
      <AnnouncerProvider
        setTimer={(run) => {
          timers.push(run);
          return () => undefined;
        }}
      >
        <Buttons />
      </AnnouncerProvider>,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add' })));
    expect(screen.getByRole('list', { name: 'Notifications' }).textContent).toContain('Added to your bag');
    expect(screen.getByRole('status').textContent).toBe('Added to your bag');
    act(() => timers[0]());
    expect(screen.queryByRole('list', { name: 'Notifications' })).toBeNull();
  });

  it('needs a provider', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Buttons />)).toThrow('useAnnouncer needs an AnnouncerProvider');
  });
});
