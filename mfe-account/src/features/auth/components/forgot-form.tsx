import { apiErrorOf } from '@shop/platform';
import { Button, Notice, TextField } from '@shop/ui';
import { type FormEvent, useRef, useState } from 'react';
import { useAccountForgotPasswordMutation } from '../api/account-auth-api';
import { AuthLink } from './auth-link';

/** Asks for a reset link; the answer is the same whether or not the e-mail has an account. */
export function ForgotForm() {
  const [send, { isLoading }] = useAccountForgotPasswordMutation();
  const [answer, setAnswer] = useState<{ tone: 'success' | 'error'; message: string; field?: string }>();
  const notice = useRef<HTMLDivElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    const result = await send({ email });
    if ('error' in result) {
      const error = apiErrorOf(result.error);
      setAnswer({ tone: 'error', message: error.message, field: error.fields?.email });
    } else setAnswer({ tone: 'success', message: result.data.message });
    requestAnimationFrame(() => notice.current?.focus());
  };

  return (
    <div className="login-form">
      {answer && (
        <div ref={notice} tabIndex={-1}>
          <Notice role={answer.tone === 'error' ? 'alert' : 'status'} tone={answer.tone}>
            {answer.message}
          </Notice>
        </div>
      )}
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="E-mail address"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          error={answer?.field}
        />
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Sending…' : 'Send reset link'}
        </Button>
      </form>
      <p>
        Remembered it? <AuthLink to="/login">Sign in</AuthLink>
      </p>
    </div>
  );
}
