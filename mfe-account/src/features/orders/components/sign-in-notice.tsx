import { Notice } from '@shop/ui';
import { Link, useLocation } from 'react-router-dom';

/** For a signed-out shopper on an account page: sign in, or track an order by number. */
export function SignInNotice() {
  const here = useLocation();
  return (
    <Notice tone="info">
      <Link to={`/login?callbackUrl=${encodeURIComponent(`${here.pathname}${here.search}`)}`}>Sign in</Link> to see your
      orders, or <Link to="/order/track">track an order</Link> with its number and e-mail address.
    </Notice>
  );
}
