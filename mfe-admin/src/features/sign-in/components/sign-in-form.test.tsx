import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { failure, fakeGateway, json, manager, renderAdmin, resultText } from '../../../testing/render';

const signedOut = () => failure(401, 'STAFF_SESSION_REQUIRED', 'Sign in');
const brands = {
  brands: [
    { id: 'hoopcraft', name: 'Hoopcraft', role: 'manager' },
    { id: 'everwear', name: 'Everwear', role: 'viewer' },
    { id: 'vanityfair', name: 'Vanity Fair', role: 'viewer' },
  ],
};

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('staff sign-in', () => {
  it('signs in with e-mail, password and the authenticator code, then offers only the staff member’s brands', async () => {
    const calls = fakeGateway({
      'GET /api/admin/session': signedOut,
      'POST /api/admin/session': () => json(200, manager),
      'GET /api/admin/brands': () => json(200, brands),
    });
    renderAdmin('/admin');
    await screen.findByRole('heading', { level: 1, name: 'Staff sign-in' });
    const code = screen.getByLabelText(/6-digit code/);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByLabelText(/Password/).getAttribute('type')).toBe('password');

    fill(/^E-mail/, ' mia@shop.example ');
    fill(/^Password/, 'correct horse');
    fill(/^6-digit code/, '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await resultText()).toBe('Signed in as mia@shop.example.');
    const list = await screen.findByRole('list', { name: 'Your brands' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Hoopcraft', '/admin/brands/hoopcraft/flags'],
      ['Everwear', '/admin/brands/everwear/flags'],
    ]);
    const signIn = calls.find((call) => call.route === 'POST /api/admin/session');
    expect(signIn?.body).toEqual({ email: 'mia@shop.example', password: 'correct horse', totp: '123456' });
    expect(signIn?.headers.get('x-csrf-token')).toBe('site-csrf');
    expect(screen.getByText('Signed in as mia@shop.example')).toBeTruthy();
  });

  it('says a refused sign-in is refused, claims nothing, and asks for a fresh code', async () => {
    fakeGateway({
      'GET /api/admin/session': signedOut,
      'POST /api/admin/session': () => failure(401, 'STAFF_SIGN_IN_FAILED', 'Sign-in failed.'),
    });
    renderAdmin('/admin');
    await screen.findByRole('button', { name: 'Sign in' });
    fill(/^E-mail/, 'mia@shop.example');
    fill(/^Password/, 'wrong');
    fill(/^6-digit code/, '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/e-mail, password or code is not right/);
    expect((screen.getByLabelText(/6-digit code/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/E-mail/) as HTMLInputElement).value).toBe('mia@shop.example');
    expect(screen.getByTestId('admin-result').textContent).toBe('');
    expect(screen.queryByRole('list', { name: 'Your brands' })).toBeNull();
  });

  it('sends nothing until every field is filled in, and moves focus to the first one that is not', async () => {
    const calls = fakeGateway({ 'GET /api/admin/session': signedOut });
    renderAdmin('/admin');
    await screen.findByRole('button', { name: 'Sign in' });
    fill(/^6-digit code/, '12a');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/E-mail/)));
    expect(screen.getByLabelText(/E-mail/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    expect(calls.filter((call) => call.route === 'POST /api/admin/session')).toEqual([]);
  });
});
