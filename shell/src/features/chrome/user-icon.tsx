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
      className="header__icon header__icon--person"
    >
      <PersonIcon />
      <span className="header__icon-label">Sign in</span>
    </Link>
  );
}

/** Shown instead of the words on a phone, where the words stay for screen readers. */
function PersonIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="header__glyph">
      <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <path d="M4 21c1.2-4.2 4.3-6 8-6s6.8 1.8 8 6" fill="none" stroke="currentColor" strokeWidth="2.2" />
    </svg>
  );
}
