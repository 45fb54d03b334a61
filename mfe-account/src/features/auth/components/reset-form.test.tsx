import { act, fireEvent, screen } from '@testing-library/react';
import { fullLoad } from '../../../lib/full-load';
import { fakeGateway, noticeText, renderInShop } from '../../../testing/render';
import { ForgotForm } from './forgot-form';
import { ResetForm } from './reset-form';

const go = jest.spyOn(fullLoad, 'assign').mockImplementation(() => undefined);
beforeEach(() => go.mockClear());
const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';

describe('ResetForm', () => {
  it('explains a link without a usable token and links to ask again, sending nothing', async () => {
    const calls = fakeGateway({});
    renderInShop(<ResetForm />, { url: '/password/reset' });
    expect(await noticeText('alert')).toContain('incomplete or invalid');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/password/forgot');
    expect(calls).toEqual([]);
  });

  it('explains an expired or used token with a link to ask again', async () => {
    fakeGateway({
      'POST /api/account/password/reset': () => ({
        status: 400,
        body: { error: { code: 'INVALID_RESET_TOKEN', message: 'This reset link has expired.', correlationId: 'c' } },
      }),
    });
    renderInShop(<ResetForm />, { url: `/password/reset?token=${TOKEN}` });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a brand new passphrase' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' })));
    expect(await noticeText('alert')).toContain('This reset link has expired.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
    expect(go).not.toHaveBeenCalled();
  });

  it('sends the token and the new password, then goes to the account signed in', async () => {
    const calls = fakeGateway({
      'POST /api/account/password/reset': () => ({ status: 200, body: { message: 'Changed', url: '/account' } }),
    });
    renderInShop(<ResetForm />, { url: `/password/reset?token=${TOKEN}` });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a brand new passphrase' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Save and sign in' })));
    expect(calls).toEqual([
      { route: 'POST /api/account/password/reset', body: { token: TOKEN, newPassword: 'a brand new passphrase' } },
    ]);
    expect(go).toHaveBeenCalledWith('/account');
  });
});

describe('ForgotForm', () => {
  it("shows the gateway's one answer as a status message", async () => {
    const message = 'If an account exists for this e-mail address, we have sent a link to reset the password.';
    fakeGateway({ 'POST /api/account/password/forgot': () => ({ status: 202, body: { message } }) });
    renderInShop(<ForgotForm />, { url: '/password/forgot' });
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'nobody@example.com' } });
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Send reset link' })));
    expect(await noticeText('status')).toBe(message);
  });
});
