import {
  type CheckoutResponse,
  DEFAULT_SHIPPING_METHOD_PREFIX,
  type ShippingMethodOption,
} from '@shop/contracts/browser';
import { useAppDispatch } from '@shop/platform';
import { Button, Notice, RadioGroup, formatPrice, useAnnouncer } from '@shop/ui';
import { type FormEvent, useState } from 'react';
import { saveCheckout } from '../../../lib/checkout/checkout-actions';
import { readDraft, updateDraft } from '../../../lib/checkout/checkout-draft';
import { trackShippingInfo } from '../../../lib/checkout/checkout-tracking';
import { CheckoutSection, focusSection } from './checkout-section';
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
 * one) preselected. "Continue" confirms it: saved when it changed, and ADD_SHIPPING_INFO tracked.
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
  const [saving, setSaving] = useState(false);
  const chosen = methods.find((m) => m.key === details.shippingMethod);

  if (!details.shippingAddress) {
    return (
      <CheckoutSection id="shipping-method" title="Shipping method">
        <p className="checkout-waiting">Enter your shipping address to see the delivery options.</p>
      </CheckoutSection>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const method = methods.find((m) => m.key === selected);
    if (!method) {
      setProblem('Choose a shipping method.');
      announce('Choose a shipping method.', 'assertive');
      return;
    }
    let confirmed = checkout;
    if (method.key !== details.shippingMethod) {
      setSaving(true);
      const result = await dispatch(saveCheckout({ shippingMethod: method.key }));
      setSaving(false);
      if (!result.ok) {
        setProblem(result.problem.message);
        announce(result.problem.message, 'assertive');
        return;
      }
      confirmed = result.checkout;
    }
    setProblem(undefined);
    updateDraft(cartId, { confirmedShippingMethod: method.key });
    trackShippingInfo(confirmed, method);
    setEditing(false);
    focusLater(() => focusSection('payment'));
  };

  return (
    <CheckoutSection id="shipping-method" title="Shipping method" busy={saving}>
      {editing || !chosen ? (
        <form aria-label="Shipping method" noValidate onSubmit={(event) => void submit(event)}>
          <RadioGroup
            legend="How should we send your order?"
            name="shippingMethod"
            value={selected}
            onChange={(key) => {
              setPicked(key);
              setProblem(undefined);
            }}
            options={methods.map((method) => ({ value: method.key, label: <MethodLabel method={method} /> }))}
          />
          {problem && (
            <Notice tone="error" role="alert">
              {problem}
            </Notice>
          )}
          <Button type="submit" aria-disabled={saving || undefined}>
            {saving ? 'Saving…' : 'Continue'}
          </Button>
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
