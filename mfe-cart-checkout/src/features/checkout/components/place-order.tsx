import type { CheckoutResponse, CheckoutStep } from '@shop/contracts/browser';
import { useAppDispatch } from '@shop/platform';
import { Button, Notice, formatPrice, useAnnouncer } from '@shop/ui';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { type PlaceOrderOutcome, placeOrder } from '../../../lib/checkout/checkout-actions';
import { currentAttempt } from '../../../lib/checkout/idempotency-key';
import { type SectionId, focusSection } from './checkout-section';
import { useFocusAfterRender } from './use-focus-after-render';

const STEPS: Record<CheckoutStep, { text: string; section: SectionId }> = {
  email: { text: 'Add your e-mail address', section: 'contact' },
  shippingAddress: { text: 'Add a shipping address', section: 'shipping-address' },
  shippingMethod: { text: 'Choose a shipping method', section: 'shipping-method' },
  payment: { text: 'Add a card', section: 'payment' },
  billingAddress: { text: 'Add a billing address', section: 'billing-address' },
  tax: { text: 'Wait for the tax to be worked out', section: 'review' },
};

const SIGN_IN = '/login?callbackUrl=/checkout';
const NOTICE_ID = 'checkout-order-outcome';

interface Outcome {
  tone: 'error' | 'info';
  body: ReactNode;
}

function MissingSteps({ steps }: { steps: CheckoutStep[] }) {
  return (
    <>
      <p>Before you place your order:</p>
      <ul>
        {steps.map((step) => (
          <li key={step}>
            <Button variant="link" onClick={() => focusSection(STEPS[step].section)}>
              {STEPS[step].text}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** "Place order": once per click, never twice at a time, with the attempt's idempotency key. */
export function PlaceOrder({ checkout }: { checkout: CheckoutResponse }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { announce } = useAnnouncer();
  const focusLater = useFocusAfterRender();
  const placing = useRef(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | undefined>(() => {
    const attempt = currentAttempt();
    return attempt?.unanswered && attempt.cartId === checkout.cart.id
      ? {
          tone: 'info',
          body: (
            <p>
              Your last attempt to place this order got no answer. Select Place order to try again: you will not be
              charged twice.
            </p>
          ),
        }
      : undefined;
  });
  const missing = checkout.checkout.missing;

  const show = (next: Outcome, spoken: string) => {
    setOutcome(next);
    announce(spoken, 'assertive');
    focusLater(NOTICE_ID);
  };

  const explain = (result: Exclude<PlaceOrderOutcome, { kind: 'placed' }>) => {
    const { problem } = result;
    if (problem.status === 429) {
      // The gateway turned this request away before trying the card (too many attempts: declines
      // on the bag, the card or the address); its message says to wait.
      const text = `${problem.message} Nothing was charged by this attempt.`;
      show({ tone: 'error', body: <p>{text}</p> }, text);
      return;
    }
    if (result.kind === 'unanswered') {
      const text =
        problem.code === 'OFFLINE'
          ? 'The shop could not be reached, so we do not know yet whether your order was placed. Check your connection and select Place order again: you will not be charged twice.'
          : 'Something went wrong on our side, so we do not know yet whether your order was placed. Select Place order again: you will not be charged twice.';
      show({ tone: 'error', body: <p>{text}</p> }, text);
      return;
    }
    if (problem.code === 'SIGN_IN_REQUIRED' || problem.status === 401) {
      navigate(problem.status === 401 ? `${SIGN_IN}&error=SessionRequired` : SIGN_IN);
      return;
    }
    if (problem.code === 'PAYMENT_DECLINED') {
      // One message whatever the bank said: the reason stays in the shop's records, since naming it
      // tells a card tester which stolen numbers are live.
      const text = `Your card was declined. Nothing was charged and your bag is as it was. Use another card, or contact your bank.`;
      show(
        {
          tone: 'error',
          body: (
            <>
              <p>{text}</p>
              <Button variant="secondary" size="small" onClick={() => focusSection('payment')}>
                Go to payment
              </Button>
            </>
          ),
        },
        text,
      );
      return;
    }
    if (problem.code === 'CHECKOUT_CHANGED') {
      const before = formatPrice(checkout.checkout.totals.total);
      const now = problem.checkout ? formatPrice(problem.checkout.checkout.totals.total) : undefined;
      const text = now
        ? `Your order total changed from ${before} to ${now}. Nothing was charged. Check the review and place your order again.`
        : `Your order changed. Nothing was charged. Check the review and place your order again.`;
      show({ tone: 'error', body: <p>{text}</p> }, text);
      return;
    }
    if (problem.code === 'CHECKOUT_INCOMPLETE' && problem.missing?.length) {
      show({ tone: 'error', body: <MissingSteps steps={problem.missing} /> }, 'Your order is not complete yet.');
      return;
    }
    show({ tone: 'error', body: <p>{problem.message}</p> }, problem.message);
  };

  const submit = async () => {
    if (placing.current) return;
    if (missing.length) {
      show({ tone: 'error', body: <MissingSteps steps={missing} /> }, 'Your order is not complete yet.');
      return;
    }
    placing.current = true;
    setBusy(true);
    setOutcome(undefined);
    announce('Placing your order…');
    const result = await dispatch(placeOrder(checkout));
    placing.current = false;
    setBusy(false);
    if (result.kind === 'placed') {
      navigate(`/orderconfirmation?${new URLSearchParams({ order: result.order.orderNumber })}`);
      return;
    }
    explain(result);
  };

  return (
    <div className="checkout-place-order">
      {outcome && (
        <div id={NOTICE_ID} tabIndex={-1} className="checkout-outcome" data-order-outcome="">
          <Notice as="div" tone={outcome.tone}>
            {outcome.body}
          </Notice>
        </div>
      )}
      <p className="checkout-place-order__total">
        Total to pay: <strong>{formatPrice(checkout.checkout.totals.total)}</strong>
      </p>
      <Button
        block
        aria-disabled={busy || undefined}
        onClick={() => void submit()}
        data-place-order=""
        data-missing={missing.join(' ')}
      >
        {busy ? 'Placing your order…' : 'Place order'}
      </Button>
      <p className="checkout-note">
        By placing your order you agree to our <Link to="/customer-service/terms">terms</Link>.
      </p>
    </div>
  );
}
