import type { ProfileResponse } from '@shop/contracts/browser';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { fakeGateway, noticeText, renderInShop } from '../../../testing/render';
import ProfilePage from './profile-page';

const session = { user: { id: 'c1', email: 'ada@example.com', isLoggedIn: true }, expires: '2099-01-01' };
const profile: ProfileResponse = {
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  version: 3,
  marketingOptIn: false,
  addresses: [],
};
const ok =
  (body: unknown, status = 200) =>
  () => ({ status, body });

/** A saved address as the gateway answers it. */
const albany = {
  id: 'a1',
  firstName: 'Ada',
  lastName: 'Lovelace',
  streetName: '12 Main St',
  city: 'Albany',
  state: 'NY' as const,
  postalCode: '12207',
  country: 'US' as const,
};

describe('ProfilePage', () => {
  it('shows the current values, not its own, when another tab changed the profile first', async () => {
    const current = { ...profile, firstName: 'Augusta', version: 4 };
    const calls = fakeGateway(
      {
        'GET /api/account/profile': ok(profile),
        'PATCH /api/account/profile': ok(
          { error: { code: 'VERSION_CONFLICT', message: 'Changed elsewhere', correlationId: 'c', current } },
          409,
        ),
      },
      session,
    );
    renderInShop(<ProfilePage page="account-profile" />, { url: '/account/profile' });
    const firstName = (await screen.findByLabelText('First name')) as HTMLInputElement;
    expect(firstName.value).toBe('Ada');
    fireEvent.change(firstName, { target: { value: 'Grace' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save details' })));
    expect(await noticeText('alert')).toContain('changed in another tab');
    expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Augusta');
    expect(calls.find((call) => call.route === 'PATCH /api/account/profile')?.body).toMatchObject({
      firstName: 'Grace',
      version: 3,
    });
  });

  it('saves an address with the version read, and lists it', async () => {
    const saved = {
      ...profile,
      version: 4,
      addresses: [albany],
    };
    const calls = fakeGateway(
      { 'GET /api/account/profile': ok(profile), 'POST /api/account/addresses': ok(saved, 201) },
      session,
    );
    renderInShop(<ProfilePage page="account-profile" />, { url: '/account/profile' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add an address' }));
    const form = within(screen.getByRole('group', { name: 'New address' }));
    const fill = (label: string, value: string) => fireEvent.change(form.getByLabelText(label), { target: { value } });
    fill('First name', 'Ada');
    fill('Last name', 'Lovelace');
    fill('Street and number', '12 Main St');
    fill('City', 'Albany');
    // The state from the same list checkout has, not free text.
    expect(form.getByRole('option', { name: 'New York' })).toBeTruthy();
    fill('State', 'NY');
    fill('ZIP code', '12207');
    await act(async () => void fireEvent.click(form.getByRole('button', { name: 'Save address' })));
    expect(calls.find((call) => call.route === 'POST /api/account/addresses')?.body).toEqual({
      address: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        streetName: '12 Main St',
        city: 'Albany',
        state: 'NY',
        postalCode: '12207',
        country: 'US',
      },
      version: 3,
    });
    expect(await noticeText('status')).toContain('The address is saved.');
    expect(screen.getByText(/12 Main St, Albany, NY 12207/)).toBeTruthy();
  });

  it('asks before removing a saved address, and removes nothing when the shopper keeps it', async () => {
    const withAddress = { ...profile, addresses: [albany] };
    const calls = fakeGateway(
      {
        'GET /api/account/profile': ok(withAddress),
        'DELETE /api/account/addresses/a1': ok({ ...profile, version: 4 }),
      },
      session,
    );
    renderInShop(<ProfilePage page="account-profile" />, { url: '/account/profile' });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove 12 Main St' }));
    const ask = within(screen.getByRole('group', { name: 'Remove 12 Main St?' }));
    expect(document.activeElement).toBe(ask.getByRole('button', { name: 'Keep it' }));
    fireEvent.click(ask.getByRole('button', { name: 'Keep it' }));
    expect(calls.some((call) => call.route.startsWith('DELETE'))).toBe(false);
    expect(screen.getByText(/12 Main St, Albany/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove 12 Main St' }));
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Yes, remove 12 Main St' })));
    expect(calls.filter((call) => call.route.startsWith('DELETE'))).toHaveLength(1);
    expect(await noticeText('status')).toContain('The address is removed.');
  });

  it('ties a wrong current password to its field when changing the e-mail address', async () => {
    const message = 'The current password is not right.';
    fakeGateway(
      {
        'GET /api/account/profile': ok(profile),
        'POST /api/account/email': ok(
          { error: { code: 'WRONG_PASSWORD', message, correlationId: 'c', fields: { currentPassword: message } } },
          403,
        ),
      },
      session,
    );
    renderInShop(<ProfilePage page="account-profile" />, { url: '/account/profile' });
    const emailSection = within(await screen.findByRole('region', { name: 'E-mail address' }));
    fireEvent.change(emailSection.getByLabelText('E-mail address'), { target: { value: 'new@example.com' } });
    fireEvent.change(emailSection.getByLabelText('Current password'), { target: { value: 'nope' } });
    await act(async () => void fireEvent.click(emailSection.getByRole('button', { name: 'Change e-mail address' })));
    expect(await noticeText('alert')).toContain(message);
    const field = emailSection.getByLabelText('Current password');
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent).join(' ')).toContain(message);
    expect(field.getAttribute('aria-invalid')).toBe('true');
  });
});
