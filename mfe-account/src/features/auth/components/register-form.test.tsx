import { act, fireEvent, screen } from '@testing-library/react';
import { fullLoad } from '../../../lib/full-load';
import { fakeGateway, noticeText, renderInShop } from '../../../testing/render';
import { RegisterForm } from './register-form';

const go = jest.spyOn(fullLoad, 'assign').mockImplementation(() => undefined);
beforeEach(() => go.mockClear());

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Create account' })));

describe('RegisterForm', () => {
  it('shows the password rules from the contracts and ticks the length rule as the shopper types', () => {
    fakeGateway({});
    renderInShop(<RegisterForm />, { url: '/register' });
    const rules = document.getElementById('register-password-rules') as HTMLElement;
    expect(rules.textContent).toContain('8 to 128 characters');
    expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toContain('register-password-rules');
    fill('Password', 'short');
    expect(rules.querySelector('li')?.getAttribute('data-met')).toBe('false');
    fill('Password', 'a long enough passphrase');
    expect(rules.querySelector('li')?.getAttribute('data-met')).toBe('true');
  });

  it('sends the names, the opt-in and the callbackUrl, then goes where the gateway says', async () => {
    const calls = fakeGateway({ 'POST /api/account/register': () => ({ status: 201, body: { url: '/c/bras' } }) });
    renderInShop(<RegisterForm />, { url: '/register?callbackUrl=%2Fc%2Fbras' });
    fill('First name', 'Ada');
    fill('Last name', 'Lovelace');
    fill('E-mail address', 'ada@example.com');
    fill('Password', 'a long enough passphrase');
    fireEvent.click(screen.getByLabelText(/E-mail me news and offers/));
    await submit();
    expect(calls).toEqual([
      {
        route: 'POST /api/account/register',
        body: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          password: 'a long enough passphrase',
          marketingOptIn: true,
          callbackUrl: '/c/bras',
        },
      },
    ]);
    expect(go).toHaveBeenCalledWith('/c/bras');
  });

  it("ties the gateway's field message to the field and stays on the page", async () => {
    fakeGateway({
      'POST /api/account/register': () => ({
        status: 400,
        body: {
          error: {
            code: 'WEAK_PASSWORD',
            message: 'This password is too common. Choose one that is harder to guess.',
            correlationId: 'c',
            fields: { password: 'This password is too common. Choose one that is harder to guess.' },
          },
        },
      }),
    });
    renderInShop(<RegisterForm />, { url: '/register' });
    fill('Password', 'password123');
    await submit();
    expect(await noticeText('alert')).toContain('too common');
    const described = screen.getByLabelText('Password').getAttribute('aria-describedby') ?? '';
    const messages = described.split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
    expect(messages.join(' ')).toContain('too common');
    expect(go).not.toHaveBeenCalled();
  });
});
