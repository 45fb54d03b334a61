import { type ProviderId, getProviders, signIn } from '@shop/platform';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

const MESSAGES: Record<string, string> = {
  CredentialsSignin: 'The e-mail address or password is not right, or too many attempts were made. Please try again.',
  SessionRequired: 'Please sign in to see that page.',
  AccessDenied: 'Sign-in was cancelled or refused.',
  OAuthCallbackError: 'Sign-in with that provider did not complete. Please try again.',
};

/** Fetches a fresh invisible-captcha token; the gateway checks it with the captcha vendor. */
async function captchaToken(): Promise<string> {
  const response = await fetch('/api/captcha/challenge', { credentials: 'same-origin' });
  if (!response.ok) return '';
  return ((await response.json()) as { token?: string }).token ?? '';
}

/** The minimal sign-in form: e-mail and password with the invisible captcha, and social providers. */
export function LoginForm() {
  const [params] = useSearchParams();
  const callbackUrl = params.get('callbackUrl') ?? '/account';
  const [error, setError] = useState(params.get('error') ?? '');
  const [busy, setBusy] = useState(false);
  const [social, setSocial] = useState<Array<{ id: ProviderId; name: string }>>([]);
  const emailId = useId();
  const passwordId = useId();

  useEffect(() => {
    let live = true;
    void getProviders().then((providers) => {
      if (live) setSocial(Object.values(providers).filter((p) => p.type === 'oauth').map((p) => ({ id: p.id as ProviderId, name: p.name })));
    });
    return () => {
      live = false;
    };
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError('');
    const result = await signIn(
      'credentials',
      { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? ''), captchaToken: await captchaToken() },
      { callbackUrl },
    );
    if (result.error) {
      setError(result.error);
      setBusy(false);
      return;
    }
    // A full load, so every part of the page starts from the new session.
    window.location.assign(result.url);
  };

  const withProvider = async (provider: ProviderId) => {
    const result = await signIn(provider, {}, { callbackUrl });
    if (result.error) setError(result.error);
    else window.location.assign(result.url);
  };

  return (
    <div className="login-form">
      {error && (
        <p role="alert" className="form-error">
          {MESSAGES[error] ?? 'Sign-in failed. Please try again.'}
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate={false}>
        <p>
          <label htmlFor={emailId}>E-mail address</label>
          <input id={emailId} name="email" type="email" autoComplete="username" required maxLength={254} />
        </p>
        <p>
          <label htmlFor={passwordId}>Password</label>
          <input id={passwordId} name="password" type="password" autoComplete="current-password" required maxLength={128} />
        </p>
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      {social.map((provider) => (
        <p key={provider.id}>
          <button type="button" className="button button--secondary" onClick={() => void withProvider(provider.id)}>
            Continue with {provider.name}
          </button>
        </p>
      ))}
      <p>
        New here? <Link to="/register">Create an account</Link> · <Link to="/password/forgot">Forgot password?</Link>
      </p>
    </div>
  );
}
