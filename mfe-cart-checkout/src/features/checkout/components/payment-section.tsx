import type { CardSummary, CheckoutResponse } from '@shop/contracts/browser';
import { useAppDispatch } from '@shop/platform';
import { Button, Notice, useAnnouncer } from '@shop/ui';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import {
  cardFieldOrigin,
  describeCard,
  focusCardField,
  readCardMessage,
  requestToken,
} from '../../../lib/checkout/card-field';
import { saveCheckout } from '../../../lib/checkout/checkout-actions';
import { trackPaymentInfo } from '../../../lib/checkout/checkout-tracking';
import { CheckoutSection, moveOnFrom } from './checkout-section';
import { useFocusAfterRender } from './use-focus-after-render';

/** How long the card field may take to answer "tokenize" before the page says so. */
export const CARD_FIELD_ANSWER_MS = 20_000;
const DEFAULT_HEIGHT = 180;

/**
 * Payment: the payment provider's hosted card field, in a frame from its own origin. The card
 * number never reaches this page: "Continue" asks the frame for a token (postMessage to its
 * origin only), and the token alone goes to the gateway (POST /api/cart), which answers the card's
 * brand and last four digits. ADD_PAYMENT_INFO is tracked once the token is saved.
 */
export function PaymentSection({ checkout }: { checkout: CheckoutResponse }) {
  const details = checkout.checkout;
  const saved = details.payment;
  const [editing, setEditing] = useState(!saved);
  const focusLater = useFocusAfterRender();
  return (
    <CheckoutSection id="payment" title="Payment">
      {editing || !saved ? (
        <CardForm
          checkout={checkout}
          onSaved={() => {
            setEditing(false);
            focusLater(() => moveOnFrom('payment', 'billing-address'));
          }}
          onCancel={saved ? () => setEditing(false) : undefined}
        />
      ) : (
        <SavedCard card={saved} onChange={() => setEditing(true)} />
      )}
    </CheckoutSection>
  );
}

function SavedCard({ card, onChange }: { card: CardSummary; onChange: () => void }) {
  return (
    <div className="checkout-summary">
      <p data-saved="payment">{describeCard(card)}</p>
      <Button variant="link" onClick={onChange}>
        Use another card
      </Button>
    </div>
  );
}

function CardForm({
  checkout,
  onSaved,
  onCancel,
}: {
  checkout: CheckoutResponse;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const dispatch = useAppDispatch();
  const { announce } = useAnnouncer();
  const frame = useRef<HTMLIFrameElement>(null);
  const url = checkout.checkout.vendors.cardFieldUrl;
  const origin = useMemo(() => cardFieldOrigin(url), [url]);
  const [ready, setReady] = useState(false);
  const [height, setHeight] = useState(DEFAULT_HEIGHT);
  const [waiting, setWaiting] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();
  const saved = useRef(onSaved);
  useEffect(() => {
    saved.current = onSaved;
  }, [onSaved]);

  // Messages from the frame: only its origin, only its window.
  useEffect(() => {
    const fail = (message: string) => {
      setWaiting(false);
      setProblem(message);
      announce(message, 'assertive');
    };
    const saveToken = async (token: string) => {
      setSaving(true);
      const result = await dispatch(saveCheckout({ payment: { token } }));
      setSaving(false);
      if (!result.ok) {
        fail(result.problem.message);
        return;
      }
      setProblem(undefined);
      trackPaymentInfo(result.checkout);
      saved.current();
    };
    const onMessage = (event: MessageEvent) => {
      const message = readCardMessage(event, origin, frame.current?.contentWindow);
      if (!message) return;
      if (message.type === 'ready') {
        setReady(true);
        if (message.height) setHeight(Math.ceil(message.height));
      } else if (message.type === 'change') {
        if (!message.error) setProblem(undefined);
      } else if (message.type === 'token') {
        setWaiting(false);
        void saveToken(message.token);
      } else {
        fail(message.message);
        focusCardField(frame.current?.contentWindow, origin);
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, dispatch, announce]);

  // A frame that never answers "tokenize" is said to have failed, not left spinning.
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setTimeout(() => {
      setWaiting(false);
      const message = 'The card form did not answer. Check your connection and select Continue again.';
      setProblem(message);
      announce(message, 'assertive');
    }, CARD_FIELD_ANSWER_MS);
    return () => clearTimeout(timer);
  }, [waiting, announce]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (waiting || saving) return;
    setProblem(undefined);
    if (!ready || !requestToken(frame.current?.contentWindow, origin)) {
      const message = 'The card form is still loading. Wait a moment and select Continue again.';
      setProblem(message);
      announce(message, 'assertive');
      return;
    }
    setWaiting(true);
  };

  const busy = waiting || saving;
  return (
    <form aria-label="Card details" noValidate onSubmit={submit} aria-busy={busy || undefined}>
      <p className="checkout-note">
        Your card details go straight to our payment provider; they never pass through our servers.
      </p>
      {origin ? (
        <iframe
          ref={frame}
          className="checkout-card-frame"
          src={url}
          title="Card details: card number, expiry date and security code"
          height={height}
          data-card-field=""
        />
      ) : (
        <Notice tone="error">Card payment is not available right now. Please try again later.</Notice>
      )}
      {problem && (
        <Notice tone="error" className="checkout-problem">
          <span id="payment-problem">{problem}</span>
        </Notice>
      )}
      <div className="checkout-actions">
        <Button type="submit" aria-disabled={busy || !origin || undefined}>
          {busy ? 'Checking your card…' : 'Continue'}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Keep the saved card
          </Button>
        )}
      </div>
    </form>
  );
}
