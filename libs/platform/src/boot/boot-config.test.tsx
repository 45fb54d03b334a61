import type { ShellBootConfig } from '@shop/contracts/browser';
import { act, render, screen } from '@testing-library/react';
import { BootConfigProvider, useFlag } from './boot-config';

let changed: ((values: Record<string, boolean>) => void) | undefined;
const unwatch = jest.fn();
jest.mock('../flags/ofrep-flags', () => ({
  watchFlags: jest.fn(async (_initial: unknown, onChange: (values: Record<string, boolean>) => void) => {
    changed = onChange;
    return unwatch;
  }),
}));

const config = { flags: { loyalty: false, returns: true } } as unknown as ShellBootConfig;
function Rewards() {
  return <p>{useFlag('loyalty', false) ? 'Rewards' : 'No rewards'}</p>;
}

describe('BootConfigProvider', () => {
  beforeEach(() => {
    changed = undefined;
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('serves the flags the page was rendered with, and no live updates unless asked', async () => {
    render(
      <BootConfigProvider value={config}>
        <Rewards />
      </BootConfigProvider>,
    );
    await act(async () => void jest.runAllTimers());
    expect(screen.getByText('No rewards')).toBeTruthy();
    expect(changed).toBeUndefined();
  });

  it('live, follows a flag a brand manager changes while the page is open, and stops when unmounted', async () => {
    const { unmount } = render(
      <BootConfigProvider value={config} live>
        <Rewards />
      </BootConfigProvider>,
    );
    expect(screen.getByText('No rewards')).toBeTruthy();
    // Started once the page is idle, not during the first render.
    expect(changed).toBeUndefined();
    await act(async () => void jest.runAllTimers());
    await act(async () => changed?.({ loyalty: true, returns: true }));
    expect(screen.getByText('Rewards')).toBeTruthy();
    unmount();
    expect(unwatch).toHaveBeenCalled();
  });
});
