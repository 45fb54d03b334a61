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
      addresses: [
        {
          id: 'a1',
          firstName: 'Ada',
          lastName: 'Lovelace',
          streetName: '12 Main St',
          city: 'Albany',
          state: 'NY' as const,
          postalCode: '12207',
          country: 'US' as const,
        },
      ],
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
    fill('State (two letters, e.g. NY)', 'NY');
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
