import type { CheckoutResponse } from '@shop/contracts/browser';
import { useAppDispatch } from '@shop/platform';
import { Button, Checkbox, Notice, useAnnouncer } from '@shop/ui';
import { useState } from 'react';
import { draftOf } from '../../../lib/checkout/address-form';
import { saveCheckout } from '../../../lib/checkout/checkout-actions';
import { readDraft, updateDraft } from '../../../lib/checkout/checkout-draft';
import { AddressForm } from './address-form';
import { AddressSummary } from './address-summary';
import { CheckoutSection } from './checkout-section';

/**
 * The billing address: "Same as shipping address" is checked by default (the gateway bills to the
 * shipping address); unchecked, an address form saved like the shipping one.
 */
export function BillingSection({ checkout }: { checkout: CheckoutResponse }) {
  const dispatch = useAppDispatch();
  const { announce } = useAnnouncer();
  const details = checkout.checkout;
  const cartId = checkout.cart.id;
  const saved = details.billingSameAsShipping ? undefined : details.billingAddress;
  const [same, setSame] = useState(() => readDraft(cartId).billingSameAsShipping ?? details.billingSameAsShipping);
  const [editing, setEditing] = useState(!saved);
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);

  const toggle = async (checked: boolean) => {
    setSame(checked);
    setProblem(undefined);
    updateDraft(cartId, { billingSameAsShipping: checked });
    if (!checked || details.billingSameAsShipping) return;
    setSaving(true);
    const result = await dispatch(saveCheckout({ billingAddress: 'sameAsShipping' }));
    setSaving(false);
    if (result.ok) {
      updateDraft(cartId, { billingSameAsShipping: undefined, billingAddress: undefined });
      return;
    }
    setSame(false);
    setProblem(result.problem.message);
    announce(result.problem.message, 'assertive');
  };

  const initial = () => {
    const draft = readDraft(cartId).billingAddress;
    if (draft) return draft;
    if (details.billingAddress && !details.billingSameAsShipping) return draftOf(details.billingAddress);
    const names = details.shippingAddress ?? details.customer;
    return draftOf({ firstName: names?.firstName, lastName: names?.lastName });
  };

  const checkbox = (
    <Checkbox
      label="Same as shipping address"
      name="billingSameAsShipping"
      checked={same}
      aria-disabled={saving || undefined}
      onChange={(event) => {
        if (!saving) void toggle(event.target.checked);
      }}
    />
  );

  return (
    <CheckoutSection id="billing-address" title="Billing address" busy={saving}>
      {problem && <Notice tone="error">{problem}</Notice>}
      {same ? (
        <>
          {checkbox}
          {details.shippingAddress && <AddressSummary address={details.shippingAddress} kind="billing-address" />}
        </>
      ) : editing || !saved ? (
        <AddressForm
          checkout={checkout}
          which="billingAddress"
          prefix="billing"
          label="Billing address"
          initial={initial}
          submitLabel="Save billing address"
          onSaved={() => {
            setEditing(false);
            updateDraft(cartId, { billingSameAsShipping: undefined });
          }}
        >
          {checkbox}
        </AddressForm>
      ) : (
        <>
          {checkbox}
          <div className="checkout-summary">
            <AddressSummary address={saved} kind="billing-address" />
            <Button variant="link" aria-label="Change billing address" onClick={() => setEditing(true)}>
              Change
            </Button>
          </div>
        </>
      )}
    </CheckoutSection>
  );
}
