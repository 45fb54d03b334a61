import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminFlag, FlagListing } from '../../../lib/admin-contract';
import { failure, fakeGateway, json, manager, renderAdmin, resultText } from '../../../testing/render';

const flag = (key: string, fields: Partial<AdminFlag> = {}): AdminFlag => ({
  key,
  state: 'ENABLED',
  defaultVariant: 'off',
  variants: { on: true, off: false },
  file: { state: 'ENABLED', defaultVariant: 'off' },
  ...fields,
});
const listing: FlagListing = {
  version: 3,
  flags: [
    flag('loyalty', {
      defaultVariant: 'on',
      lastChange: { version: 3, at: '2026-11-20T10:00:00.000Z', actor: 'sam@shop.example', reason: 'Rewards launch' },
    }),
    flag('returns'),
  ],
};
const session = () => json(200, manager);
const row = (key: string) => screen.getByRole('row', { name: new RegExp(`^${key}`) });
const dialog = () => screen.getByRole('dialog');
const typeReason = (text: string) =>
  fireEvent.change(within(dialog()).getByLabelText(/^Reason/), { target: { value: text } });

describe('a brand’s flags', () => {
  it('lists each flag with what is in force, the flags.json default and its last change', async () => {
    fakeGateway({
      'GET /api/admin/session': session,
      'GET /api/admin/brands/hoopcraft/flags': () => json(200, listing),
    });
    renderAdmin('/admin/brands/hoopcraft/flags');
    await screen.findByRole('table');
    const cells = within(row('loyalty'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 3)).toEqual([
      'Enabled, default “on”',
      'Enabled, default “off”',
      'sam@shop.example, Nov 20, 2026, 10:00 UTC“Rewards launch”',
    ]);
    expect(within(row('returns')).getAllByRole('cell')[2].textContent).toBe('Never changed');
  });

  it('turns a flag off with a reason, sends it with the staff token, and says so only once the gateway agreed', async () => {
    const calls = fakeGateway({
      'GET /api/admin/session': session,
      'GET /api/admin/brands/hoopcraft/flags': () => json(200, listing),
      'PUT /api/admin/brands/hoopcraft/flags/loyalty': (body) =>
        json(200, {
          change: { version: 4, flag: 'loyalty', reason: body.reason },
          version: 4,
          flags: [flag('loyalty', { state: 'DISABLED', defaultVariant: 'on' }), flag('returns')],
        }),
    });
    renderAdmin('/admin/brands/hoopcraft/flags');
    fireEvent.click(await screen.findByRole('button', { name: 'Disable loyalty' }));
    expect(dialog().getAttribute('aria-labelledby')).toBeTruthy();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog()).findByText('Say why: the reason goes into the audit.')).toBeTruthy();
    expect(calls.filter((call) => call.route.startsWith('PUT'))).toEqual([]);

    typeReason('Points partner outage');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Disable' }));
    expect(await resultText()).toBe('loyalty is disabled for hoopcraft.');
    expect(screen.queryByRole('dialog')).toBeNull();
    const put = calls.find((call) => call.route === 'PUT /api/admin/brands/hoopcraft/flags/loyalty');
    expect(put?.body).toEqual({ state: 'DISABLED', version: 3, reason: 'Points partner outage' });
    expect(put?.headers.get('x-csrf-token')).toBe('staff-csrf');
    // The row shows it once the flags are read again after the change.
    await waitFor(() =>
      expect(within(row('loyalty')).getAllByRole('cell')[0].textContent).toBe('Disabled, default “on”'),
    );
    expect(screen.getByRole('button', { name: 'Enable loyalty' })).toBeTruthy();
  });

  it('shows a conflict clearly: nothing claimed, the other manager’s change loaded and shown', async () => {
    let reads = 0;
    const theirs: FlagListing = {
      version: 4,
      flags: [
        flag('loyalty', {
          defaultVariant: 'off',
          lastChange: { version: 4, at: '2026-11-21T09:30:00.000Z', actor: 'lee@shop.example', reason: 'Budget cut' },
        }),
        flag('returns'),
      ],
    };
    const calls = fakeGateway({
      'GET /api/admin/session': session,
      'GET /api/admin/brands/hoopcraft/flags': () => json(200, reads++ === 0 ? listing : theirs),
      'PUT /api/admin/brands/hoopcraft/flags/loyalty': () =>
        failure(409, 'FLAG_CONFLICT', 'Someone else changed these flags since you read them.'),
    });
    renderAdmin('/admin/brands/hoopcraft/flags');
    fireEvent.click(await screen.findByRole('button', { name: 'Disable loyalty' }));
    typeReason('Points partner outage');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Disable' }));

    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toMatch(/^Not saved: someone else changed these flags/);
    await waitFor(() =>
      expect(within(dialog()).getByText(/Someone else changed these flags\./).parentElement?.textContent).toContain(
        'In force now: Enabled, default “off”. Changed by lee@shop.example, Nov 21, 2026, 09:30 UTC: “Budget cut”.',
      ),
    );
    expect(screen.getByTestId('admin-result').textContent).toBe('');
    expect(within(row('loyalty')).getAllByRole('cell')[2].textContent).toContain('lee@shop.example');
    // Saving again is made from the version just read.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(calls.filter((call) => call.route.startsWith('PUT'))).toHaveLength(2));
    expect(calls.filter((call) => call.route.startsWith('PUT'))[1].body.version).toBe(4);
  });

  it('sets a percentage rollout of a variant as flagd targeting, everyone else on the default', async () => {
    const calls = fakeGateway({
      'GET /api/admin/session': session,
      'GET /api/admin/brands/hoopcraft/flags': () => json(200, listing),
      'PUT /api/admin/brands/hoopcraft/flags/returns': (body) =>
        json(200, {
          change: { version: 4 },
          version: 4,
          flags: [listing.flags[0], flag('returns', { targeting: body.targeting as AdminFlag['targeting'] })],
        }),
    });
    renderAdmin('/admin/brands/hoopcraft/flags');
    fireEvent.click(await screen.findByRole('button', { name: 'Change returns' }));
    fireEvent.click(within(dialog()).getByRole('radio', { name: 'Percentage rollout of a variant' }));
    fireEvent.change(within(dialog()).getByLabelText(/^Percentage of shoppers/), { target: { value: '25' } });
    typeReason('Try returns with a quarter of shoppers');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save change' }));

    expect(await resultText()).toBe(
      'returns changed for hoopcraft: default “off”, “on” for 25% of shoppers, “off” for the rest.',
    );
    expect(calls.find((call) => call.route.startsWith('PUT'))?.body).toEqual({
      targeting: {
        fractional: [
          ['on', 25],
          ['off', 75],
        ],
      },
      version: 3,
      reason: 'Try returns with a quarter of shoppers',
    });
    // The row shows it once the flags are read again after the change.
    await waitFor(() => expect(row('returns').textContent).toContain('“on” for 25% of shoppers, “off” for the rest'));
  });

  it('says why a refused change was refused, and claims nothing', async () => {
    fakeGateway({
      'GET /api/admin/session': session,
      'GET /api/admin/brands/hoopcraft/flags': () => json(200, listing),
      'PUT /api/admin/brands/hoopcraft/flags/returns': () =>
        failure(403, 'FORBIDDEN', 'You are a viewer for this brand.'),
    });
    renderAdmin('/admin/brands/hoopcraft/flags');
    fireEvent.click(await screen.findByRole('button', { name: 'Disable returns' }));
    typeReason('Tidy up');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Disable' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'Not saved: You are a viewer for this brand.',
    );
    expect(screen.getByTestId('admin-result').textContent).toBe('');
    expect(within(row('returns')).getAllByRole('cell')[0].textContent).toBe('Enabled, default “off”');
  });

  it('shows a viewer everything, read-only: no change, toggle or rollback anywhere', async () => {
    fakeGateway({
      'GET /api/admin/session': session,
      'GET /api/admin/brands/everwear/flags': () => json(200, listing),
      'GET /api/admin/brands/everwear/flags/audit': () =>
        json(200, {
          changes: [
            {
              version: 3,
              at: '2026-11-20T10:00:00.000Z',
              actor: 'sam@shop.example',
              flag: 'loyalty',
              old: {},
              new: { defaultVariant: 'on' },
              reason: 'Rewards launch',
            },
          ],
        }),
    });
    renderAdmin('/admin/brands/everwear/flags');
    await screen.findByRole('table');
    expect(screen.getByText(/You are a viewer for everwear/)).toBeTruthy();
    expect(within(row('loyalty')).getAllByRole('cell')).toHaveLength(3);
    expect(screen.queryAllByRole('button', { name: /^(Disable|Enable|Change) / })).toEqual([]);

    fireEvent.click(screen.getByRole('link', { name: 'Audit' }));
    const change = await screen.findByRole('row', { name: /^3/ });
    expect(
      within(change)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Nov 20, 2026, 10:00 UTC',
      'sam@shop.example',
      'loyalty',
      'as in flags.json → default “on”',
      'Rewards launch',
    ]);
    expect(screen.queryByRole('button', { name: /Roll back/ })).toBeNull();
  });

  it('says the flags could not be loaded, and shows them once trying again works', async () => {
    let down = true;
    fakeGateway({
      'GET /api/admin/session': session,
      'GET /api/admin/brands/hoopcraft/flags': () =>
        down ? failure(503, 'UPSTREAM_UNAVAILABLE', 'Try again shortly.') : json(200, listing),
    });
    renderAdmin('/admin/brands/hoopcraft/flags');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The flags could not be loaded: Try again shortly. Try again',
    );
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
