import type { ProfileResponse } from '@shop/contracts/browser';
import { useSession } from '@shop/platform';
import { Notice, PageShell, Skeleton } from '@shop/ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAccountProfileQuery } from '../api/profile-api';
import { EmailForm, NamesForm, PasswordForm } from './profile-forms';
import { SavedAddresses } from './saved-addresses';
import { fullLoad } from '../../../lib/full-load';

/** /account/profile: details, e-mail, password and saved addresses of the signed-in shopper. */
export default function ProfilePage({ page }: { page: string }) {
  const session = useSession();
  const query = useAccountProfileQuery(undefined, { skip: !session.isLoggedIn });
  const [profile, setProfile] = useState<ProfileResponse>();
  useEffect(() => {
    if (query.data) setProfile(query.data);
  }, [query.data]);
  useEffect(() => {
    if (session.status === 'unauthenticated')
      fullLoad.replace(`/login?${new URLSearchParams({ callbackUrl: '/account/profile' })}`);
  }, [session.status]);

  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title="Profile">
      <p>
        <Link to="/account">Back to my account</Link>
      </p>
      {query.isError ? (
        <Notice role="alert" tone="error">
          Your profile could not be loaded. Please reload the page.
        </Notice>
      ) : !profile ? (
        <Skeleton />
      ) : (
        <>
          <NamesForm profile={profile} onProfile={setProfile} />
          <EmailForm profile={profile} onProfile={setProfile} />
          <PasswordForm profile={profile} onProfile={setProfile} />
          <SavedAddresses profile={profile} onProfile={setProfile} />
        </>
      )}
    </PageShell>
  );
}
