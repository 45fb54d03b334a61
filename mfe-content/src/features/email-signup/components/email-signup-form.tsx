import '../../../content.css';
import type { LeadResponse } from '@shop/contracts/browser';
import { track } from '@shop/platform';
import { Button } from '@shop/ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { contentApi, statusOf } from '../../../lib/content-api';
import { leadsApi } from '../api/leads-api';
import { signupCookie } from '../signup-cookie';

interface Props {
  placement: 'modal' | 'footer';
  /** Called after a successful signup (the modal keeps showing the code until closed). */
  onDone?: () => void;
}

/** E-mail signup (footer form and the modal): POST /api/leads, shows the WELCOME code, tracks EMAIL. */
export function EmailSignupForm({ placement }: Props) {
  const id = useId();
  const { data: copy } = contentApi.useContentGetEmailContentQuery();
  const [signUp, { isLoading }] = leadsApi.useContentSignUpMutation();
  const [result, setResult] = useState<LeadResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 80) {
      setError('Enter an e-mail address such as name@example.com.');
      input.current?.focus();
      return;
    }
    setError(null);
    const response = await signUp({ email, placement });
    if ('error' in response && response.error) {
      const status = statusOf(response.error);
      setError(
        status === 400
          ? 'Enter an e-mail address such as name@example.com.'
          : status === 429
            ? 'Too many signups from here; please try again later.'
            : 'We could not sign you up right now; please try again.',
      );
      return;
    }
    const data = response.data as LeadResponse;
    document.cookie = signupCookie('subscribed', new Date(), location.protocol === 'https:');
    track({ event: 'EMAIL', placement, status: data.status });
    setResult(data);
  };

  if (result) {
    return (
      <div className="signup-result" role="status" data-testid="signup-result">
        {result.status === 'subscribed' ? (
          <>
            <p className="signup-result__title">{copy?.successTitle ?? 'Welcome!'}</p>
            {result.code && (
              <p className="signup-code" data-testid="welcome-code">
                {result.code}
              </p>
            )}
            <p>{copy?.successText}</p>
          </>
        ) : (
          <p>{copy?.duplicateText ?? 'You are already signed up.'}</p>
        )}
      </div>
    );
  }

  return (
    <form className={`signup-form signup-form--${placement}`} onSubmit={submit} noValidate aria-busy={isLoading}>
      {placement === 'modal' && copy && <p>{copy.text}</p>}
      <label htmlFor={`${id}-email`}>E-mail for offers</label>
      <div className="signup-form__row">
        <input
          ref={input}
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={80}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-consent`}
        />
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Signing up…' : (copy?.submitLabel ?? 'Sign up')}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="form-error" role="alert">
          {error}
        </p>
      )}
      <p id={`${id}-consent`} className="signup-form__consent">
        {copy?.consent}
      </p>
    </form>
  );
}

export default EmailSignupForm;
