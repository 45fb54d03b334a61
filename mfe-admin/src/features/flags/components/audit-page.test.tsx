import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { failure, fakeGateway, json, manager, renderAdmin, resultText } from '../../../testing/render';

const audit = {
  changes: [
    {
      version: 5,
      at: '2026-11-22T12:00:00.000Z',
      actor: 'lee@shop.example',
      flag: 'returns',
      old: { defaultVariant: 'off' },
      new: { defaultVariant: 'on', targeting: { if: [{ '==': [{ var: 'userType' }, 'customer'] }, 'on', null] } },
      reason: 'Customers first',
    },
    {
      version: 4,
      at: '2026-11-21T12:00:00.000Z',
      actor: 'mia@shop.example',
      flag: 'loyalty',
      old: { state: 'DISABLED' },
      new: {},
      reason: 'Back on',
      rollbackOf: 2,
    },
  ],
};
const flags = { version: 5, flags: [] };

describe('the flag audit', () => {
  it('shows who changed which flag when, old → new and why, newest first', async () => {
    fakeGateway({
      'GET /api/admin/session': () => json(200, manager),
      'GET /api/admin/brands/hoopcraft/flags/audit': () => json(200, audit),
    });
    renderAdmin('/admin/brands/hoopcraft/audit');
    const rows = (await screen.findAllByRole('row')).slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      [
        'Nov 22, 2026, 12:00 UTC',
        'lee@shop.example',
        'returns',
        'default “off” → default “on”, “on” for signed-in customers, the default variant for everyone else',
        'Customers first',
        'Roll back',
      ],
      ['Nov 21, 2026, 12:00 UTC', 'mia@shop.example', 'loyalty', 'disabled → as in flags.json', 'Back on', 'Roll back'],
    ]);
    expect(within(rows[1]).getByRole('rowheader').textContent).toBe('4rollback of 2');
  });

  it('rolls a change back with a reason, from the flags’ current version', async () => {
    const calls = fakeGateway({
      'GET /api/admin/session': () => json(200, manager),
      'GET /api/admin/brands/hoopcraft/flags/audit': () => json(200, audit),
      'GET /api/admin/brands/hoopcraft/flags': () => json(200, flags),
      'POST /api/admin/brands/hoopcraft/flags/audit/5/rollback': () => json(200, { change: { version: 6 }, ...flags }),
    });
    renderAdmin('/admin/brands/hoopcraft/audit');
    fireEvent.click(await screen.findByRole('button', { name: 'Roll back change 5 (returns)' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('returns goes back to what it was before this change: default “off”.');
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Too early' } });
    await waitFor(() =>
      expect(calls.some((call) => call.route === 'GET /api/admin/brands/hoopcraft/flags')).toBe(true),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect(await resultText()).toBe('Change 5 is rolled back: returns is default “off” again.');
    const rollback = calls.find((call) => call.route.endsWith('/rollback'));
    expect(rollback?.body).toEqual({ version: 5, reason: 'Too early' });
    expect(rollback?.headers.get('x-csrf-token')).toBe('staff-csrf');
    await waitFor(() =>
      expect(calls.filter((call) => call.route === 'GET /api/admin/brands/hoopcraft/flags/audit')).toHaveLength(2),
    );
  });

  it('keeps the dialog open with the reason when the rollback fails', async () => {
    const calls = fakeGateway({
      'GET /api/admin/session': () => json(200, manager),
      'GET /api/admin/brands/hoopcraft/flags/audit': () => json(200, audit),
      'GET /api/admin/brands/hoopcraft/flags': () => json(200, flags),
      'POST /api/admin/brands/hoopcraft/flags/audit/4/rollback': () =>
        failure(400, 'VALIDATION_FAILED', 'The flag cannot take this change.'),
    });
    renderAdmin('/admin/brands/hoopcraft/audit');
    fireEvent.click(await screen.findByRole('button', { name: 'Roll back change 4 (loyalty)' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Off again' } });
    await waitFor(() =>
      expect(calls.some((call) => call.route === 'GET /api/admin/brands/hoopcraft/flags')).toBe(true),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Not rolled back: The flag cannot take this change.',
    );
    expect((within(dialog).getByLabelText(/^Reason/) as HTMLTextAreaElement).value).toBe('Off again');
    expect(screen.getByTestId('admin-result').textContent).toBe('');
  });
});
