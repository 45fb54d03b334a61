import { useBrand } from '@shop/platform';
import { buttonClassName } from '@shop/ui';
import { Link } from 'react-router-dom';

// The shopper comes back here after signing in (or registering).
const callback = 'callbackUrl=/checkout';

/** A guest on a brand without guest ordering signs in (or registers) first, and comes back here. */
export function SignInStep() {
  return (
    <section className="checkout-gate" aria-labelledby="checkout-sign-in-title" data-checkout-sign-in="">
      <h2 id="checkout-sign-in-title">Sign in to check out</h2>
      <p>Orders on this site are placed from an account. Sign in, or create an account, and you will come back here.</p>
      <p className="checkout-gate__actions">
        <Link className={buttonClassName()} to={`/login?${callback}`}>
          Sign in
        </Link>
        <Link className={buttonClassName({ variant: 'secondary' })} to={`/register?${callback}`}>
          Create an account
        </Link>
      </p>
    </section>
  );
}

/** An empty bag has nothing to check out: a way back to shopping instead of a form. */
export function EmptyCheckout() {
  const brand = useBrand();
  return (
    <section className="checkout-gate" aria-labelledby="checkout-empty-title" data-checkout-empty="">
      <h2 id="checkout-empty-title">Your bag is empty</h2>
      <p>There is nothing to check out yet.</p>
      <p>
        <Link className={buttonClassName()} to={brand.routing.homePath}>
          Continue shopping
        </Link>
      </p>
    </section>
  );
}
