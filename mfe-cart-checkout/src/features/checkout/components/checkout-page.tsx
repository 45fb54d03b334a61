import type { CheckoutResponse } from '@shop/contracts/browser';
import { useAppDispatch } from '@shop/platform';
import { Button, LoadingStatus, Notice, PageShell } from '@shop/ui';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { checkoutApi } from '../../../lib/checkout/checkout-api';
import { recoverUnansweredOrder } from '../../../lib/checkout/checkout-actions';
import { describeCheckoutError } from '../../../lib/checkout/checkout-errors';
import { currentAttempt } from '../../../lib/checkout/idempotency-key';
import { CheckoutFlow } from './checkout-flow';
import { EmptyCheckout, SignInStep } from './checkout-gates';
import './checkout.css';

/**
 * An order this tab sent without getting an answer, whose bag is gone now: ask the gateway again
 * with the same key, and go to its confirmation when it was placed.
 */
function useUnansweredOrder(checkout: CheckoutResponse | undefined): boolean {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const attempt = currentAttempt();
  const gone = Boolean(
    checkout && attempt?.unanswered && (checkout.cart.id !== attempt.cartId || checkout.cart.lines.length === 0),
  );
  const [checking, setChecking] = useState(gone);
  useEffect(() => {
    if (!checkout || !gone) return undefined;
    let live = true;
    setChecking(true);
    void dispatch(recoverUnansweredOrder(checkout)).then((outcome) => {
      if (!live) return;
      if (outcome?.kind === 'placed') {
        navigate(`/orderconfirmation?${new URLSearchParams({ order: outcome.order.orderNumber })}`, { replace: true });
      } else {
        setChecking(false);
      }
    });
    return () => {
      live = false;
    };
  }, [checkout, gone, dispatch, navigate]);
  return gone && checking;
}

/** /checkout */
export default function CheckoutPage() {
  const query = checkoutApi.useCartCheckoutGetCheckoutQuery();
  const checkout = query.data;
  const recovering = useUnansweredOrder(checkout);
  const problem = !checkout && query.isError ? describeCheckoutError(query.error) : undefined;

  let body;
  if (recovering) {
    body = <LoadingStatus label="Checking on your order" />;
  } else if (checkout && checkout.cart.lines.length === 0) {
    body = <EmptyCheckout />;
  } else if (checkout && !checkout.checkout.signedIn && !checkout.checkout.guestOrdering) {
    body = <SignInStep />;
  } else if (checkout) {
    body = <CheckoutFlow key={checkout.cart.id} checkout={checkout} />;
  } else if (problem?.code === 'CART_EMPTY') {
    body = <EmptyCheckout />;
  } else if (problem) {
    body = (
      <Notice as="div" role="alert" tone="error">
        <p>Checkout could not be loaded. {problem.message}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Notice>
    );
  } else {
    body = <LoadingStatus label="Loading checkout" shapes={['card', 'card']} />;
  }

  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="checkout" title="Checkout">
      {body}
    </PageShell>
  );
}
