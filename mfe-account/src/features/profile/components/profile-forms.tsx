import type { ProfileResponse } from '@shop/contracts/browser';
import { Button, Checkbox, TextField } from '@shop/ui';
import { type FormEvent, useState } from 'react';
import {
  useAccountChangeEmailMutation,
  useAccountChangePasswordMutation,
  useAccountUpdateProfileMutation,
} from '../api/profile-api';
import { PasswordHints } from '../../../components/password-hints';
import { OutcomeNotice } from './outcome-notice';
import { useProfileWrite } from './use-profile-write';

interface Props {
  profile: ProfileResponse;
  onProfile: (profile: ProfileResponse) => void;
}

const textOf = (event: FormEvent<HTMLFormElement>) => {
  const form = new FormData(event.currentTarget);
  return (name: string) => String(form.get(name) ?? '');
};

/** Names and the marketing opt-in; the header's greeting follows the session. */
export function NamesForm({ profile, onProfile }: Props) {
  const [update, { isLoading }] = useAccountUpdateProfileMutation();
  const { outcome, run } = useProfileWrite(onProfile);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = textOf(event);
    const optIn = new FormData(event.currentTarget).get('marketingOptIn') === 'on';
    void run(
      () =>
        update({
          firstName: text('firstName'),
          lastName: text('lastName'),
          marketingOptIn: optIn,
          version: profile.version,
        }),
      'Your details are saved.',
    );
  };
  return (
    <section aria-labelledby="profile-names">
      <h2 id="profile-names">Your details</h2>
      <OutcomeNotice outcome={outcome} />
      <form key={profile.version} onSubmit={submit} noValidate>
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          defaultValue={profile.firstName}
          required
          maxLength={100}
          error={outcome?.fields?.firstName}
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          defaultValue={profile.lastName}
          required
          maxLength={100}
          error={outcome?.fields?.lastName}
        />
        <Checkbox label="E-mail me news and offers" name="marketingOptIn" defaultChecked={profile.marketingOptIn} />
        <Button type="submit" disabled={isLoading}>
          Save details
        </Button>
      </form>
    </section>
  );
}

/** A new e-mail address, confirmed with the current password. */
export function EmailForm({ profile, onProfile }: Props) {
  const [change, { isLoading }] = useAccountChangeEmailMutation();
  const { outcome, run } = useProfileWrite(onProfile);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = textOf(event);
    void run(
      () => change({ email: text('email'), currentPassword: text('currentPassword'), version: profile.version }),
      'Your e-mail address is changed.',
    );
  };
  return (
    <section aria-labelledby="profile-email">
      <h2 id="profile-email">E-mail address</h2>
      <OutcomeNotice outcome={outcome} />
      <form key={profile.version} onSubmit={submit} noValidate>
        <TextField
          label="E-mail address"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={profile.email}
          required
          maxLength={254}
          error={outcome?.fields?.email}
        />
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
          error={outcome?.fields?.currentPassword}
        />
        <Button type="submit" disabled={isLoading}>
          Change e-mail address
        </Button>
      </form>
    </section>
  );
}

/** A new password; every other device is signed out. */
export function PasswordForm({ onProfile }: Props) {
  const [change, { isLoading }] = useAccountChangePasswordMutation();
  const { outcome, run } = useProfileWrite(onProfile);
  const [newPassword, setNewPassword] = useState('');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const text = textOf(event);
    const changed = await run(
      () => change({ currentPassword: text('currentPassword'), newPassword: text('newPassword') }),
      'Your password is changed. Other devices were signed out.',
    );
    if (changed) {
      form.reset();
      setNewPassword('');
    }
  };
  return (
    <section aria-labelledby="profile-password">
      <h2 id="profile-password">Password</h2>
      <OutcomeNotice outcome={outcome} />
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          maxLength={128}
          error={outcome?.fields?.currentPassword}
        />
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          maxLength={128}
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
          aria-describedby="profile-password-rules"
          error={outcome?.fields?.newPassword}
        />
        <PasswordHints id="profile-password-rules" password={newPassword} />
        <Button type="submit" disabled={isLoading}>
          Change password
        </Button>
      </form>
    </section>
  );
}
