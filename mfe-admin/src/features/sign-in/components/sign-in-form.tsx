import { Button, Notice, TextField } from '@shop/ui';
import { type ComponentProps, type FormEvent, useId, useState } from 'react';
import type { SignInRequest } from '../../../lib/admin-contract';
import { staffErrorOf } from '../../../lib/staff-error';
import { useAdminSignInMutation } from '../../../lib/staff-session-api';
import { useReportResult } from '../../../components/result-region';

type Field = keyof SignInRequest;
const FIELDS: Field[] = ['email', 'password', 'totp'];

/** What sets a field apart: the form gives every one its id, value and problem, and requires it. */
type FieldLook = Omit<ComponentProps<typeof TextField>, 'id' | 'required' | 'value' | 'error' | 'onChange'>;
const FIELD_LOOKS: Record<Field, FieldLook> = {
  email: { label: 'E-mail', type: 'email', autoComplete: 'username' },
  password: { label: 'Password', type: 'password', autoComplete: 'current-password' },
  totp: {
    label: '6-digit code',
    hint: 'From your authenticator app.',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    pattern: '[0-9]{6}',
    maxLength: 6,
  },
};

function problemsOf(values: SignInRequest): Partial<Record<Field, string>> {
  return {
    ...(/^[^\s@]+@[^\s@]+$/.test(values.email.trim()) ? {} : { email: 'Enter your staff e-mail address.' }),
    ...(values.password ? {} : { password: 'Enter your password.' }),
    ...(/^[0-9]{6}$/.test(values.totp) ? {} : { totp: 'Enter the 6-digit code from your authenticator app.' }),
  };
}

/** Staff sign-in: e-mail, password and the authenticator app's 6-digit code. */
export function SignInForm() {
  const ids = { email: useId(), password: useId(), totp: useId() };
  const [values, setValues] = useState<SignInRequest>({ email: '', password: '', totp: '' });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [signIn, { isLoading }] = useAdminSignInMutation();
  const report = useReportResult();
  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(values);
    setProblems(found);
    setFailure(undefined);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(ids[first])?.focus();
      return;
    }
    const email = values.email.trim();
    const answer = await signIn({ ...values, email });
    if ('error' in answer) {
      const error = staffErrorOf(answer.error);
      setFailure(
        error.code === 'STAFF_SIGN_IN_FAILED'
          ? 'The e-mail, password or code is not right. Codes change every 30 seconds: use the current one.'
          : error.message,
      );
      // A code is good once: the next attempt needs the next one.
      setValues((current) => ({ ...current, totp: '' }));
      return;
    }
    report(`Signed in as ${answer.data.staff.email}.`);
  };

  return (
    <form className="admin-form admin-sign-in" onSubmit={(event) => void submit(event)} noValidate>
      <p>Brand managers and viewers sign in with their staff account.</p>
      {FIELDS.map((field) => (
        <TextField
          key={field}
          {...FIELD_LOOKS[field]}
          id={ids[field]}
          required
          value={values[field]}
          error={problems[field]}
          onChange={set(field)}
        />
      ))}
      {failure && (
        <Notice tone="error" role="alert">
          {failure}
        </Notice>
      )}
      <div className="admin-form__actions">
        <Button type="submit" disabled={isLoading} aria-busy={isLoading}>
          {isLoading ? 'Signing in…' : 'Sign in'}
        </Button>
      </div>
    </form>
  );
}
