import { type ProviderId, getProviders, signIn } from '@shop/platform';
import { Button, Notice, TextField } from '@shop/ui';
import './login-form.css';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AuthLink } from './auth-link';
import { fullLoad } from '../../../lib/full-load';

const MESSAGES: Record<string, string> = {
  CredentialsSignin: 'The e-mail address or password is not right, or too many attempts were made. Please try again.',
  SessionRequired: 'Please sign in to see that page.',
  AccessDenied: 'Sign-in was cancelled or refused.',
  OAuthCallbackError: 'Sign-in with that provider did not complete. Please try again.',
};
/** An upstream outage (code=unavailable): the password may well be right, so never say it is not. */
const UNAVAILABLE = 'Sign-in is temporarily unavailable. Please try again in a moment.';

interface Failure {
  error: string;
  code?: string;
}
const messageFor = ({ error, code }: Failure) =>
  error === 'CredentialsSignin' && code === 'unavailable'
    ? UNAVAILABLE
    : (MESSAGES[error] ?? 'Sign-in failed. Please try again.');

/**
 * Fetches a fresh invisible-captcha token; the gateway checks it with the captcha vendor.
 * Undefined when the vendor is down (503): sending no token would only be refused as a failed attempt.
 */
async function captchaToken(): Promise<string | undefined> {
  const response = await fetch('/api/captcha/challenge', { credentials: 'same-origin' });
  if (response.status === 503) return undefined;
  if (!response.ok) return '';
  return ((await response.json()) as { token?: string }).token ?? '';
}

/** The minimal sign-in form: e-mail and password with the invisible captcha, and social providers. */
export function LoginForm() {
  const [params] = useSearchParams();
  const callbackUrl = params.get('callbackUrl') ?? '/account';
  const [failure, setFailure] = useState<Failure | undefined>(() => {
    const error = params.get('error');
    return error ? { error, code: params.get('code') ?? undefined } : undefined;
  });
  const [busy, setBusy] = useState(false);
  const [social, setSocial] = useState<Array<{ id: ProviderId; name: string }>>([]);

  useEffect(() => {
    let live = true;
    void getProviders().then((providers) => {
      if (live)
        setSocial(
          Object.values(providers)
            .filter((p) => p.type === 'oauth')
            .map((p) => ({ id: p.id as ProviderId, name: p.name })),
        );
    });
    return () => {
      live = false;
    };
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setFailure(undefined);
    const token = await captchaToken();
    if (token === undefined) {
      setFailure({ error: 'CredentialsSignin', code: 'unavailable' });
      setBusy(false);
      return;
    }
    const result = await signIn(
      'credentials',
      { email: String(form.get('email') ?? ''), password: String(form.get('password') ?? ''), captchaToken: token },
      { callbackUrl },
    );
    if (result.error) {
      setFailure({ error: result.error, code: result.code });
      setBusy(false);
      return;
    }
    // A full load, so every part of the page starts from the new session.
    fullLoad.assign(result.url);
  };

  const withProvider = async (provider: ProviderId) => {
    const result = await signIn(provider, {}, { callbackUrl });
    if (result.error) setFailure({ error: result.error, code: result.code });
    else fullLoad.assign(result.url);
  };

  return (
    <div className="login-form">
      {failure && (
        <Notice role="alert" tone="error">
          {messageFor(failure)}
        </Notice>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate={false}>
        <TextField label="E-mail address" name="email" type="email" autoComplete="username" required maxLength={254} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
        />
        <Button type="submit" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
      {social.map((provider) => (
        <p key={provider.id}>
          <Button variant="secondary" onClick={() => void withProvider(provider.id)}>
            Continue with {provider.name}
          </Button>
        </p>
      ))}
      <p>
        New here? <AuthLink to="/register">Create an account</AuthLink> ·{' '}
        <AuthLink to="/password/forgot">Forgot password?</AuthLink>
      </p>
    </div>
  );
}
