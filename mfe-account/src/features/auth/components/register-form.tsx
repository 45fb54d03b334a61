import { apiErrorOf } from '@shop/platform';
import { Button, Checkbox, Notice, TextField } from '@shop/ui';
import { type FormEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAccountRegisterMutation } from '../api/account-auth-api';
import { AuthLink } from './auth-link';
import { PasswordHints } from '../../../components/password-hints';
import { fullLoad } from '../../../lib/full-load';

/** Create an account: names, e-mail, password with the policy's hints, and the marketing opt-in. */
export function RegisterForm() {
  const [params] = useSearchParams();
  const [register, { isLoading }] = useAccountRegisterMutation();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string> }>();
  const alert = useRef<HTMLDivElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const callbackUrl = params.get('callbackUrl');
    const result = await register({
      firstName: text('firstName'),
      lastName: text('lastName'),
      email: text('email'),
      password: text('password'),
      marketingOptIn: form.get('marketingOptIn') === 'on',
      ...(callbackUrl ? { callbackUrl } : {}),
    });
    if ('error' in result) {
      const error = apiErrorOf(result.error);
      setFailure({ message: error.message, fields: error.fields ?? {} });
      requestAnimationFrame(() => alert.current?.focus());
      return;
    }
    // A full load, so every part of the page starts from the new session.
    fullLoad.assign(result.data.url);
  };
  const fieldError = (name: string) => failure?.fields[name];

  return (
    <div className="login-form">
      {failure && (
        <div ref={alert} tabIndex={-1}>
          <Notice role="alert" tone="error">
            {failure.message}
          </Notice>
        </div>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          maxLength={100}
          error={fieldError('firstName')}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          maxLength={100}
          error={fieldError('lastName')}
        />
        <TextField
          label="E-mail address"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          error={fieldError('email')}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby="register-password-rules"
          error={fieldError('password')}
        />
        <PasswordHints id="register-password-rules" password={password} />
        <Checkbox label="E-mail me news and offers (you can change this in your profile)" name="marketingOptIn" />
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Creating your account…' : 'Create account'}
        </Button>
      </form>
      <p>
        Already have an account? <AuthLink to="/login">Sign in</AuthLink>
      </p>
    </div>
  );
}
