import { LOYALTY_CONFIRMATION_DELAY_MS, type LoyaltyResponse } from '@shop/contracts/browser';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { fakeGateway, noticeText, renderInShop } from '../../../testing/render';
import LoyaltyPage from './loyalty-page';

const programme = { pointsPerDollar: 2, centsPerPoint: 1, welcomeBonus: 1000 };
const member = { balance: 1000, held: 0, available: 1000, pending: 0, owed: 0, joinedAt: '2026-11-20T10:00:00.000Z' };
const welcome = { kind: 'welcome' as const, points: 1000, at: member.joinedAt };

const show = (flags = { loyalty: true }) => renderInShop(<LoyaltyPage page="loyalty" />, { url: '/loyalty', flags });

afterEach(() => jest.useRealTimers());

describe('rewards page', () => {
  it('offers to join; joining shows the balance at once and the welcome dialog only after the SPEC delay', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    const calls = fakeGateway({
      'GET /api/loyalty': () => ({ status: 200, body: { programme, member: null, history: [] } }),
      'POST /api/loyalty/join': () => ({
        status: 201,
        body: { programme, member, history: [welcome], joined: true },
      }),
    });
    show();
    expect(await screen.findByRole('heading', { name: 'Join Rewards' })).toBeTruthy();
    expect(screen.getByText(/Earn 2 points for every whole dollar/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join Rewards' }));
    expect((await screen.findByTestId('loyalty-balance')).textContent).toBe('1,000 points');
    expect(calls.filter((c) => c.route === 'GET /api/loyalty')).toHaveLength(1);
    expect(screen.getByRole('row', { name: /Welcome bonus/ })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      jest.advanceTimersByTime(LOYALTY_CONFIRMATION_DELAY_MS - 100);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      jest.advanceTimersByTime(200);
    });
    const dialog = screen.getByRole('dialog', { name: 'Welcome to Rewards' });
    expect(dialog.textContent).toContain('1,000 points');
    fireEvent.click(within(dialog).getByRole('button', { name: 'See my points' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists earned and redeemed points with a link to their order, newest first', async () => {
    fakeGateway({
      'GET /api/loyalty': () => ({
        status: 200,
        body: {
          programme,
          member: { ...member, balance: 1040, held: 200, available: 840 },
          history: [
            { kind: 'earned', points: 140, orderNumber: 'VF0000000002', at: '2026-11-22T10:00:00.000Z' },
            { kind: 'redeemed', points: -100, orderNumber: 'VF0000000002', at: '2026-11-22T10:00:00.000Z' },
            welcome,
          ],
        } satisfies LoyaltyResponse,
      }),
    });
    show();
    expect((await screen.findByTestId('loyalty-balance')).textContent).toBe('1,040 points');
    expect(screen.getByText(/Worth \$8\.40 at checkout/).textContent).toContain('200 points are set aside');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Earned on order VF0000000002+140'),
      expect.stringContaining('Redeemed on order VF0000000002−100'),
      expect.stringContaining('Welcome bonus+1,000'),
    ]);
    expect(within(rows[0]).getByRole('link').getAttribute('href')).toBe('/account/orders/VF0000000002');
    expect(screen.queryByRole('button', { name: 'Join Rewards' })).toBeNull();
  });

  it('shows pending points apart from the spendable balance, what is owed, and each reversal with its order', async () => {
    fakeGateway({
      'GET /api/loyalty': () => ({
        status: 200,
        body: {
          programme,
          member: { ...member, balance: 0, available: 0, pending: 136, owed: 36 },
          history: [
            {
              kind: 'reversed',
              points: -100,
              orderNumber: 'EW0000000003',
              returnId: 'EW0000000003-R1',
              owed: 36,
              at: '2026-11-23T10:00:00.000Z',
            },
            { kind: 'refunded', points: 300, orderNumber: 'EW0000000002', at: '2026-11-22T11:00:00.000Z' },
            { kind: 'pending', points: 136, orderNumber: 'EW0000000004', at: '2026-11-22T10:00:00.000Z' },
          ],
        } satisfies LoyaltyResponse,
      }),
    });
    show();
    expect((await screen.findByTestId('loyalty-balance')).textContent).toBe('0 points');
    expect(screen.getByTestId('loyalty-pending').textContent).toContain('136 points pending');
    expect(screen.getByTestId('loyalty-owed').textContent).toContain('36 points owed');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Taken back: order EW0000000003 (return EW0000000003-R1), 36 points of it owed−100'),
      expect.stringContaining('Given back: cancelled order EW0000000002+300'),
      expect.stringContaining('Pending until it ships: order EW0000000004+136'),
    ]);
  });

  it('asks a guest to sign in, says why a join failed, and is absent where the brand has no programme', async () => {
    fakeGateway({
      'GET /api/loyalty': () => ({
        status: 401,
        body: { error: { code: 'SessionRequired', message: 'Sign in', correlationId: 'c' } },
      }),
    });
    const guest = show();
    expect((await screen.findByRole('link', { name: 'Sign in' })).getAttribute('href')).toBe(
      '/login?callbackUrl=%2Floyalty',
    );
    guest.unmount();

    fakeGateway({
      'GET /api/loyalty': () => ({ status: 200, body: { programme, member: null, history: [] } }),
      'POST /api/loyalty/join': () => ({
        status: 503,
        body: { error: { code: 'UPSTREAM_UNAVAILABLE', message: 'Rewards are not answering.', correlationId: 'c' } },
      }),
    });
    const failing = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Join Rewards' }));
    expect(await noticeText('alert')).toBe('Rewards are not answering.');
    expect(screen.queryByTestId('loyalty-balance')).toBeNull();
    failing.unmount();

    const calls = fakeGateway({});
    show({ loyalty: false });
    expect(screen.getByText(/Vanity Fair has no rewards programme/)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
