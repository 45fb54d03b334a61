import { CART_TEMPLATE_QUERY, type CreateCartResponse } from '@shop/contracts/browser';
import { useAppDispatch, useBrand, useSession } from '@shop/platform';
import { Button, LoadingStatus, Notice, PageShell } from '@shop/ui';
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { type CartResult, createFromTemplate } from '../../../lib/cart/cart-actions';
import { destinationAfterCreate } from '../../../lib/checkout/checkout-open';

/** The template keys the gateway accepts (contracts `createCartSchema`). */
const TEMPLATE_KEY = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * Carts made (or being made) on this page load, by template. React runs an effect twice in strict
 * mode and remounts on navigation; both then wait for the one request instead of sending another.
 * A failed attempt is forgotten so "Try again" sends a new one. (The gateway is idempotent too, so
 * a reload or a second tab does not make a second cart either.)
 */
const creations = new Map<string, Promise<CartResult<CreateCartResponse>>>();

type Outcome = { kind: 'invalid' } | { kind: 'sign-in' } | { kind: 'failed'; message: string };

/** /cart/create?cart={templateKey} (SPEC §2): a signed-in shopper gets a cart from the template once. */
export default function CartCreatePage() {
  const [params] = useSearchParams();
  const key = params.get(CART_TEMPLATE_QUERY) ?? '';
  const valid = TEMPLATE_KEY.test(key);
  const { status, isLoggedIn } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const brand = useBrand();
  const [outcome, setOutcome] = useState<Outcome>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!valid || !isLoggedIn) return undefined;
    let live = true;
    let creation = creations.get(key);
    if (!creation) {
      creation = dispatch(createFromTemplate(key));
      creations.set(key, creation);
    }
    void creation.then((result) => {
      if (!result.ok && creations.get(key) === creation) creations.delete(key);
      if (!live) return;
      if (result.ok) navigate(destinationAfterCreate(result.cart.next), { replace: true });
      else if (result.error.status === 404) setOutcome({ kind: 'invalid' });
      else if (result.error.status === 401) setOutcome({ kind: 'sign-in' });
      else setOutcome({ kind: 'failed', message: result.error.message });
    });
    return () => {
      live = false;
    };
  }, [key, valid, isLoggedIn, attempt, dispatch, navigate]);

  if (!valid || outcome?.kind === 'invalid') {
    return (
      <PageShell
        remote={__APP_NAME__}
        version={__APP_VERSION__}
        page="cart-create-invalid"
        title="This bag link is not valid"
      >
        <p>The link may be mistyped, or the bag it offered is no longer available. Nothing was added to your bag.</p>
        <p>
          <Link to={brand.routing.homePath}>Go to the home page</Link>
        </p>
      </PageShell>
    );
  }
  if (status !== 'loading' && (!isLoggedIn || outcome?.kind === 'sign-in')) {
    const query = new URLSearchParams({
      error: 'SessionRequired',
      callbackUrl: `${location.pathname}${location.search}`,
    });
    return <Navigate to={`/login?${query}`} replace />;
  }
  if (outcome?.kind === 'failed') {
    return (
      <PageShell
        remote={__APP_NAME__}
        version={__APP_VERSION__}
        page="cart-create"
        title="Your bag could not be prepared"
      >
        <Notice as="div" role="alert" tone="error">
          <p>{outcome.message}</p>
          <Button
            onClick={() => {
              setOutcome(undefined);
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </Button>
        </Notice>
      </PageShell>
    );
  }
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="cart-create" title="Preparing your bag">
      <LoadingStatus label="Preparing your bag" />
    </PageShell>
  );
}
