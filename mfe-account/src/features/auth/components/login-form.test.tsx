import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { LoginForm } from './login-form';

const WRONG_PASSWORD = 'The e-mail address or password is not right, or too many attempts were made. Please try again.';
const UNAVAILABLE = 'Sign-in is temporarily unavailable. Please try again in a moment.';

/** The gateway as the form sees it: providers, CSRF, the captcha challenge and the credentials callback. */
function fakeGateway({
  challengeStatus = 200,
  signInUrl = '/account',
}: {
  challengeStatus?: number;
  signInUrl?: string;
}) {
  const signIns: string[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const path = new URL(request.url).pathname;
    if (path === '/api/auth/providers') return json(200, {});
    if (path === '/api/auth/csrf') return json(200, { csrfToken: 'csrf-1' });
    if (path === '/api/captcha/challenge') {
      return challengeStatus === 200
        ? json(200, { token: 'captcha-1' })
        : json(challengeStatus, { error: { code: 'UPSTREAM_UNAVAILABLE', message: 'down', correlationId: 'c' } });
    }
    signIns.push(await request.text());
    return json(200, { url: `http://localhost${signInUrl}` });
  }) as typeof fetch;
  return signIns;
}

const renderAt = async (url: string) => {
  await act(async () => {
    render(
      <MemoryRouter initialEntries={[url]}>
        <LoginForm />
      </MemoryRouter>,
    );
  });
};

async function signInAs(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
}

describe('LoginForm', () => {
  it('says sign-in is unavailable, not that the password is wrong, when the gateway answers code=unavailable', async () => {
    const signIns = fakeGateway({
      signInUrl: '/login?error=CredentialsSignin&code=unavailable&callbackUrl=%2Faccount',
    });
    await renderAt('/login');
    await signInAs('ada@example.com', 'Right-Pass-1');
    expect(signIns).toHaveLength(1);
    expect((await screen.findByRole('alert')).textContent).toBe(UNAVAILABLE);
  });

  it('says the e-mail or password is not right when the gateway answers code=credentials', async () => {
    fakeGateway({ signInUrl: '/login?error=CredentialsSignin&code=credentials&callbackUrl=%2Faccount' });
    await renderAt('/login');
    await signInAs('ada@example.com', 'Wrong-Pass-1');
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG_PASSWORD);
  });

  it('reads the code from the page address after a redirect without JavaScript', async () => {
    fakeGateway({});
    await renderAt('/login?error=CredentialsSignin&code=unavailable');
    expect(screen.getByRole('alert').textContent).toBe(UNAVAILABLE);
  });

  it('does not send the password while the captcha vendor is down, and says to try again later', async () => {
    const signIns = fakeGateway({ challengeStatus: 503 });
    await renderAt('/login');
    await signInAs('ada@example.com', 'Right-Pass-1');
    expect(signIns).toEqual([]);
    expect((await screen.findByRole('alert')).textContent).toBe(UNAVAILABLE);
  });
});
