import { PageShell } from '@shop/ui';
import { Link } from 'react-router-dom';

/** /account and /account/profile (signed-in shoppers only). */
export default function AccountPage({ page }: { page: string }) {
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title={page === 'account' ? 'My account' : 'Profile'}>
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
    </PageShell>
  );
}
