import { Link, useLocation } from 'react-router-dom';

/**
 * SPEC §2: goes to the account when signed in, else to login with a callback; login opens
 * as a modal over the current page. Sessions arrive with the sign-in work, until then every
 * shopper is treated as signed out.
 */
export function UserIcon({ signedIn = false }: { signedIn?: boolean }) {
  const location = useLocation();
  if (signedIn) {
    return (
      <Link to="/account" className="header__icon">
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
