import { PageShell } from '@shop/ui';
import { useSession } from '@shop/platform';
import { Link } from 'react-router-dom';
import { SignOutButton } from './sign-out-button';

/** /account and /account/profile (signed-in shoppers only). */
export default function AccountPage({ page }: { page: string }) {
  const { user } = useSession();
  return (
    <PageShell
      remote={__APP_NAME__}
      version={__APP_VERSION__}
      page={page}
      title={page === 'account' ? 'My account' : 'Profile'}
    >
      {user?.email && <p>Signed in as {user.email}</p>}
      <nav aria-label="Account">
        <ul>
          <li>
            <Link to="/account/profile">Profile</Link>
          </li>
          <li>
            <Link to="/account/orders">Order history</Link>
          </li>
          <li>
            <Link to="/privacy/preferences">Privacy preferences</Link>
          </li>
        </ul>
      </nav>
      <SignOutButton />
    </PageShell>
  );
}
