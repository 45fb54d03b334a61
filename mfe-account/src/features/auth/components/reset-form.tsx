import { apiErrorOf } from '@shop/platform';
import { Button, Notice, TextField } from '@shop/ui';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAccountResetPasswordMutation } from '../api/account-auth-api';
import { PasswordHints } from '../../../components/password-hints';
import { fullLoad } from '../../../lib/full-load';

const TOKEN = /^[A-Za-z0-9_-]{16,256}$/;

/** /password/reset?token=: a new password; on success the shopper is signed in and goes to the account. */
export function ResetForm() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [reset, { isLoading }] = useAccountResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<{ code: string; message: string; field?: string }>();
  const alert = useRef<HTMLDivElement>(null);

  const askAgain = (message: string) => (
    <Notice role="alert" tone="error">
      {message} <Link to="/password/forgot">Ask for a new link</Link>
    </Notice>
  );
  if (!TOKEN.test(token)) return askAgain('This reset link is incomplete or invalid.');
  if (failure?.code === 'INVALID_RESET_TOKEN') return askAgain(failure.message);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await reset({ token, newPassword: password });
    if ('error' in result) {
      const error = apiErrorOf(result.error);
      setFailure({ code: error.code, message: error.message, field: error.fields?.newPassword });
      requestAnimationFrame(() => alert.current?.focus());
      return;
    }
    fullLoad.assign(result.data.url);
  };

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
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby="reset-password-rules"
          error={failure?.field}
        />
        <PasswordHints id="reset-password-rules" password={password} />
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Save and sign in'}
        </Button>
      </form>
    </div>
  );
}
