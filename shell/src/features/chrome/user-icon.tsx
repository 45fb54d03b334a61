import { useSession } from '@shop/platform';
import { Link, useLocation } from 'react-router-dom';

/**
 * SPEC §2: goes to the account when signed in, else to login with a callback; login opens as a
 * modal over the current page.
 */
export function UserIcon() {
  const location = useLocation();
  const { isLoggedIn, user } = useSession();
  if (isLoggedIn) {
    return (
      <Link
        to="/account"
        className="header__icon"
        aria-label={`Account${user?.firstname ? ` of ${user.firstname}` : ''}`}
      >
        Account
      </Link>
    );
  }
  const callbackUrl = `${location.pathname}${location.search}`;
  return (
    <Link
      to={`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`}
      state={{ backgroundLocation: location }}
      className="header__icon"
    >
      Sign in
    </Link>
  );
}
