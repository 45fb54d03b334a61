import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RemotesListing } from '../../../lib/admin-contract';
import { failure, fakeGateway, json, manager, renderAdmin, resultText } from '../../../testing/render';

const listing: RemotesListing = {
  registryVersion: 7,
  remotes: [
    {
      name: 'catalog',
      live: '1.0.0-aaaa1111',
      history: [{ version: '0.9.0-bbbb2222', at: '2026-11-01T08:00:00.000Z', actor: 'sam@shop.example' }],
      published: [
        { version: '0.9.0-bbbb2222', compatible: true, problems: [] },
        { version: '1.0.0-aaaa1111', compatible: true, problems: [] },
        { version: '1.1.0-cccc3333', compatible: true, problems: [] },
        {
          version: '2.0.0-dddd4444',
          compatible: false,
          problems: ['needs react-router-dom ^8, the shell shares 7.18'],
        },
      ],
    },
    {
      name: 'content',
      live: '1.0.0-eeee5555',
      canary: { version: '1.1.0-ffff6666', percent: 10 },
      history: [],
      published: [
        { version: '1.0.0-eeee5555', compatible: true, problems: [] },
        { version: '1.1.0-ffff6666', compatible: true, problems: [] },
      ],
    },
  ],
};
const routes = {
  'GET /api/admin/session': () => json(200, manager),
  'GET /api/admin/brands/hoopcraft/remotes': () => json(200, listing),
  'GET /api/admin/brands/hoopcraft/remotes/audit': () => json(200, { changes: [] }),
};
const card = (name: string) => screen.getByRole('region', { name });
const dialog = () => screen.getByRole('dialog');
const typeReason = (text: string) =>
  fireEvent.change(within(dialog()).getByLabelText(/^Reason/), { target: { value: text } });

describe('a brand’s remotes', () => {
  it('shows an incompatible version with its problems and never offers it for release', async () => {
    const calls = fakeGateway({
      ...routes,
      'POST /api/admin/brands/hoopcraft/remotes/catalog/release': () => json(200, {}),
    });
    renderAdmin('/admin/brands/hoopcraft/remotes');
    await screen.findByRole('heading', { name: 'catalog' });
    const incompatible = within(card('catalog')).getByRole('row', { name: /^2\.0\.0-dddd4444/ });
    expect(incompatible.textContent).toContain(
      'No, it does not fit the shell:needs react-router-dom ^8, the shell shares 7.18',
    );
    expect(within(card('catalog')).getByText('1.0.0-aaaa1111', { selector: 'dd' })).toBeTruthy();

    fireEvent.click(within(card('catalog')).getByRole('button', { name: 'Release a version of catalog' }));
    const options = within(within(dialog()).getByLabelText(/^Version/)).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['0.9.0-bbbb2222', '1.1.0-cccc3333']);
    fireEvent.change(within(dialog()).getByLabelText(/^Version/), { target: { value: '1.1.0-cccc3333' } });
    typeReason('Spring search');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Release' }));

    expect(await resultText()).toBe('catalog 1.1.0-cccc3333 is released for hoopcraft.');
    const release = calls.find((call) => call.route.endsWith('/catalog/release'));
    expect(release?.body).toEqual({ reason: 'Spring search', registryVersion: 7, version: '1.1.0-cccc3333' });
    expect(release?.headers.get('x-csrf-token')).toBe('staff-csrf');
    // The listing is read again after the change.
    await waitFor(() =>
      expect(calls.filter((call) => call.route === 'GET /api/admin/brands/hoopcraft/remotes')).toHaveLength(2),
    );
  });

  it('starts a canary at a share, and shows a running one with promote and abort', async () => {
    const calls = fakeGateway({
      ...routes,
      'POST /api/admin/brands/hoopcraft/remotes/catalog/canary': () => json(200, {}),
    });
    renderAdmin('/admin/brands/hoopcraft/remotes');
    await screen.findByRole('heading', { name: 'content' });
    expect(within(card('content')).getByText('1.1.0-ffff6666 for 10% of shoppers')).toBeTruthy();
    expect(within(card('content')).getByRole('button', { name: 'Promote the canary of content' })).toBeTruthy();
    expect(within(card('content')).getByRole('button', { name: 'Abort the canary of content' })).toBeTruthy();
    expect(within(card('content')).queryByRole('button', { name: /Start a canary/ })).toBeNull();

    fireEvent.click(within(card('catalog')).getByRole('button', { name: 'Start a canary of catalog' }));
    fireEvent.change(within(dialog()).getByLabelText(/^Share of shoppers/), { target: { value: '150' } });
    typeReason('Check the new grid');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Start the canary' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'The canary’s share is a whole number from 1 to 99.',
    );
    fireEvent.change(within(dialog()).getByLabelText(/^Share of shoppers/), { target: { value: '20' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Start the canary' }));
    expect(await resultText()).toBe('catalog 0.9.0-bbbb2222 is in a canary for 20% of hoopcraft shoppers.');
    expect(calls.find((call) => call.route.endsWith('/canary'))?.body).toEqual({
      reason: 'Check the new grid',
      registryVersion: 7,
      version: '0.9.0-bbbb2222',
      percent: 20,
    });
  });

  it('says a refused or conflicting action was not done, and claims nothing', async () => {
    fakeGateway({
      ...routes,
      'POST /api/admin/brands/hoopcraft/remotes/content/promote': () =>
        failure(409, 'REGISTRY_CONFLICT', 'The registry changed.'),
    });
    renderAdmin('/admin/brands/hoopcraft/remotes');
    fireEvent.click(await screen.findByRole('button', { name: 'Promote the canary of content' }));
    typeReason('Canary looks fine');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Promote' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toMatch(/^Not done: the registry changed/);
    expect(screen.getByTestId('admin-result').textContent).toBe('');
  });

  it('shows a viewer the registry without any action', async () => {
    fakeGateway({ ...routes, 'GET /api/admin/brands/everwear/remotes': () => json(200, listing) });
    renderAdmin('/admin/brands/everwear/remotes');
    await screen.findByRole('heading', { name: 'catalog' });
    expect(screen.queryAllByRole('group', { name: /^Change / })).toEqual([]);
    expect(screen.queryAllByRole('button', { name: /Release|canary|Roll back/ })).toEqual([]);
  });

  it('reads the gateway’s listing (versions with their verdicts, an inherited live version) and its audit', async () => {
    fakeGateway({
      'GET /api/admin/session': () => json(200, manager),
      'GET /api/admin/brands/hoopcraft/remotes': () =>
        json(200, {
          brand: 'hoopcraft',
          registryVersion: 12,
          remotes: [
            {
              remote: 'admin',
              live: { version: '0.1.0-aaaa1111', inherited: true },
              history: ['0.0.8-cccc3333', '0.0.9-bbbb2222'],
              versions: [
                {
                  version: '0.2.0-dddd4444',
                  publishedAt: '2026-11-22T08:00:00.000Z',
                  status: 'published',
                  compatibility: { compatible: false, problems: ['it does not expose pages'] },
                },
                {
                  version: '0.1.0-aaaa1111',
                  publishedAt: '2026-11-20T08:00:00.000Z',
                  status: 'live',
                  compatibility: { compatible: true, problems: [] },
                },
              ],
            },
          ],
        }),
      'GET /api/admin/brands/hoopcraft/remotes/audit': () =>
        json(200, {
          changes: [
            {
              registryVersion: 12,
              at: '2026-11-22T09:00:00.000Z',
              actor: 'lee@shop.example',
              scope: '*',
              remote: 'admin',
              action: 'release',
              old: { live: '0.0.9-bbbb2222' },
              new: { live: '0.1.0-aaaa1111' },
              reason: 'Admin launch',
            },
          ],
        }),
    });
    renderAdmin('/admin/brands/hoopcraft/remotes');
    await screen.findByRole('heading', { name: 'admin' });
    expect(within(card('admin')).getByText(/^0\.1\.0-aaaa1111/, { selector: 'dd' }).textContent).toBe(
      '0.1.0-aaaa1111 (the release for all brands)',
    );
    expect(
      within(card('admin'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['0.0.9-bbbb2222', '0.0.8-cccc3333', 'it does not expose pages']);
    // The only other version does not fit the shell: nothing to release or try in a canary.
    expect(within(card('admin')).queryByRole('button', { name: /Release|Start a canary/ })).toBeNull();
    expect(within(card('admin')).getByText('No other compatible version is published.')).toBeTruthy();
    const line = await screen.findByRole('row', { name: /Admin launch/ });
    expect(
      within(line)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Nov 22, 2026, 09:00 UTC',
      'lee@shop.example',
      'All brands',
      'admin',
      'Release: live 0.0.9-bbbb2222 → live 0.1.0-aaaa1111',
      'Admin launch',
    ]);
  });
});
