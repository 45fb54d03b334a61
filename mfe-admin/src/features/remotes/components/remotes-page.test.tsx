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

  it('puts the brand back on the release for all brands from its own release, and says so when it already follows', async () => {
    const ownRelease = {
      brand: 'hoopcraft',
      registryVersion: 12,
      remotes: [
        {
          remote: 'catalog',
          live: { version: '1.1.0-cccc3333', inherited: false },
          allBrandsLive: '1.0.0-aaaa1111',
          history: [],
          versions: [
            { version: '1.1.0-cccc3333', status: 'live', compatibility: { compatible: true, problems: [] } },
            { version: '1.0.0-aaaa1111', status: 'published', compatibility: { compatible: true, problems: [] } },
          ],
        },
        {
          remote: 'content',
          live: { version: '1.0.0-eeee5555', inherited: true },
          allBrandsLive: '1.0.0-eeee5555',
          history: [],
          versions: [{ version: '1.0.0-eeee5555', status: 'live', compatibility: { compatible: true, problems: [] } }],
        },
      ],
    };
    const answers = [
      { action: 'follow-global', old: { live: '1.1.0-cccc3333' }, new: { live: '1.0.0-aaaa1111' } },
      null,
    ];
    const calls = fakeGateway({
      ...routes,
      'GET /api/admin/brands/hoopcraft/remotes': () => json(200, ownRelease),
      'POST /api/admin/brands/hoopcraft/remotes/catalog/follow-global': () =>
        json(200, { change: answers.shift(), registryVersion: 13 }),
    });
    renderAdmin('/admin/brands/hoopcraft/remotes');
    await screen.findByRole('heading', { name: 'catalog' });
    // Its only own release has nothing to roll back to: following the release for all brands is what undoes it.
    expect(within(card('catalog')).queryByRole('button', { name: /^Roll back/ })).toBeNull();
    // A brand that already follows it is not offered the action.
    expect(within(card('content')).queryByRole('button', { name: /^Follow/ })).toBeNull();

    fireEvent.click(
      within(card('catalog')).getByRole('button', { name: 'Follow the release for all brands of catalog' }),
    );
    expect(screen.getByRole('dialog', { name: 'Follow the release of catalog for all brands' })).toBeTruthy();
    expect(dialog().textContent).toContain(
      'hoopcraft gets the release for all brands (1.0.0-aaaa1111) in place of its own 1.1.0-cccc3333',
    );
    typeReason('Slow listing on hoopcraft');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Follow all brands' }));
    expect(await resultText()).toBe('hoopcraft follows the release of catalog for all brands again.');
    const follow = calls.find((call) => call.route.endsWith('/catalog/follow-global'));
    expect(follow?.body).toEqual({ reason: 'Slow listing on hoopcraft', registryVersion: 12 });
    expect(follow?.headers.get('x-csrf-token')).toBe('staff-csrf');
    await waitFor(() =>
      expect(calls.filter((call) => call.route === 'GET /api/admin/brands/hoopcraft/remotes')).toHaveLength(2),
    );

    // Another manager got there first: the gateway answers that nothing needed changing, and the admin says so.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(
      within(card('catalog')).getByRole('button', { name: 'Follow the release for all brands of catalog' }),
    );
    typeReason('Slow listing on hoopcraft');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Follow all brands' }));
    await waitFor(() =>
      expect(screen.getByTestId('admin-result').textContent).toBe(
        'hoopcraft already follows the release of catalog for all brands; nothing changed.',
      ),
    );
  });

  it('shows a viewer the registry without any action', async () => {
    // catalog runs the brand's own release, which a manager could put back on the release for all brands.
    const ownRelease = {
      ...listing,
      remotes: listing.remotes.map((remote) =>
        remote.name === 'catalog' ? { ...remote, allBrandsLive: '0.9.0-bbbb2222' } : remote,
      ),
    };
    fakeGateway({ ...routes, 'GET /api/admin/brands/everwear/remotes': () => json(200, ownRelease) });
    renderAdmin('/admin/brands/everwear/remotes');
    await screen.findByRole('heading', { name: 'catalog' });
    expect(screen.queryAllByRole('group', { name: /^Change / })).toEqual([]);
    expect(screen.queryAllByRole('button', { name: /Release|canary|Roll back|Follow/ })).toEqual([]);
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
