import {
  type CheckoutResponse,
  DEFAULT_SHIPPING_METHOD_PREFIX,
  type ShippingMethodOption,
} from '@shop/contracts/browser';
import { useAppDispatch } from '@shop/platform';
import { Button, Notice, RadioGroup, formatPrice, useAnnouncer } from '@shop/ui';
import { type FormEvent, useRef, useState } from 'react';
import { type CheckoutResult, saveCheckout } from '../../../lib/checkout/checkout-actions';
import { readDraft, updateDraft } from '../../../lib/checkout/checkout-draft';
import { trackShippingInfo } from '../../../lib/checkout/checkout-tracking';
import { CheckoutSection, moveOnFrom } from './checkout-section';
import { useFocusAfterRender } from './use-focus-after-render';

const priceText = (method: ShippingMethodOption) =>
  method.price.centAmount === 0 ? 'Free' : formatPrice(method.price);

function MethodLabel({ method }: { method: ShippingMethodOption }) {
  return (
    <span className="checkout-method">
      <span className="checkout-method__name">{method.name}</span>
      <span className="checkout-method__description">{method.description}</span>
      <span className="checkout-method__price">{priceText(method)}</span>
    </span>
  );
}

/**
 * The shipping method: a radio group of the cart's methods, the gateway's choice (the `standard`
 * one) preselected. A pick is saved at once (the review shows its price); "Continue" confirms it
 * and tracks ADD_SHIPPING_INFO.
 */
export function ShippingMethodSection({ checkout }: { checkout: CheckoutResponse }) {
  const dispatch = useAppDispatch();
  const { announce } = useAnnouncer();
  const focusLater = useFocusAfterRender();
  const details = checkout.checkout;
  const cartId = checkout.cart.id;
  const methods = details.shippingMethods;
  const serverChoice =
    details.shippingMethod ?? methods.find((m) => m.key.startsWith(DEFAULT_SHIPPING_METHOD_PREFIX))?.key;
  // The shopper's pick, else the gateway's (which follows the zone once the address is saved).
  const [picked, setPicked] = useState<string>();
  const selected = picked ?? serverChoice;
  const [editing, setEditing] = useState(
    () => !details.shippingMethod || readDraft(cartId).confirmedShippingMethod !== details.shippingMethod,
  );
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(0);
  // The last save a pick started: "Continue" waits for it, so what it confirms is what the gateway has.
  const lastSave = useRef<Promise<CheckoutResult> | undefined>(undefined);
  const chosen = methods.find((m) => m.key === details.shippingMethod);

  if (!details.shippingAddress) {
    return (
      <CheckoutSection id="shipping-method" title="Shipping method">
        <p className="checkout-waiting">Enter your shipping address to see the delivery options.</p>
      </CheckoutSection>
    );
  }

  const fail = (message: string) => {
    setProblem(message);
    announce(message, 'assertive');
  };

  /** A pick is saved at once, so the review's shipping and total are always the picked method's. */
  const save = (key: string) => {
    setSaving((n) => n + 1);
    const promise = dispatch(saveCheckout({ shippingMethod: key }));
    lastSave.current = promise;
    void promise.then((result) => {
      setSaving((n) => n - 1);
      if (lastSave.current !== promise || result.ok) return;
      setPicked(undefined);
      fail(result.problem.message);
    });
    return promise;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const method = methods.find((m) => m.key === selected);
    if (!method) {
      fail('Choose a shipping method.');
      return;
    }
    const last = await lastSave.current;
    let confirmed = last?.ok ? last.checkout : checkout;
    if (confirmed.checkout.shippingMethod !== method.key) {
      const result = await save(method.key);
      if (!result.ok) return;
      confirmed = result.checkout;
    }
    setProblem(undefined);
    updateDraft(cartId, { confirmedShippingMethod: method.key });
    trackShippingInfo(confirmed, method);
    setEditing(false);
    focusLater(() => moveOnFrom('shipping-method', 'payment'));
  };

  return (
    <CheckoutSection id="shipping-method" title="Shipping method" busy={saving > 0}>
      {editing || !chosen ? (
        <form aria-label="Shipping method" noValidate onSubmit={(event) => void submit(event)}>
          <RadioGroup
            legend="How should we send your order?"
            name="shippingMethod"
            value={selected}
            onChange={(key) => {
              setPicked(key);
              setProblem(undefined);
              void save(key);
            }}
            options={methods.map((method) => ({ value: method.key, label: <MethodLabel method={method} /> }))}
          />
          {problem && <Notice tone="error">{problem}</Notice>}
          <Button type="submit">Continue</Button>
        </form>
      ) : (
        <div className="checkout-summary">
          <p data-saved="shipping-method">
            <MethodLabel method={chosen} />
          </p>
          <Button variant="link" aria-label="Change shipping method" onClick={() => setEditing(true)}>
            Change
          </Button>
        </div>
      )}
    </CheckoutSection>
  );
}
