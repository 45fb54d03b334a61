import type { CheckoutResponse, SavedAddress } from '@shop/contracts/browser';
import { Button } from '@shop/ui';
import { useState } from 'react';
import { draftOf } from '../../../lib/checkout/address-form';
import { readDraft } from '../../../lib/checkout/checkout-draft';
import { AddressForm } from './address-form';
import { AddressSummary } from './address-summary';
import { CheckoutSection, moveOnFrom } from './checkout-section';
import { SavedAddressPicker } from './saved-address-picker';
import { useFocusAfterRender } from './use-focus-after-render';

/** The shipping address: what was typed and not saved, else what the gateway has, else the customer's names. */
export function ShippingAddressSection({ checkout }: { checkout: CheckoutResponse }) {
  const details = checkout.checkout;
  const saved = details.shippingAddress;
  const [editing, setEditing] = useState(!saved);
  const focusLater = useFocusAfterRender();
  // A saved address the shopper picked fills the form afresh (a new key remounts it with that address).
  const [picked, setPicked] = useState<SavedAddress>();
  const initial = () => {
    if (picked) return draftOf(picked);
    const draft = readDraft(checkout.cart.id).shippingAddress;
    if (draft) return draft;
    if (saved) return draftOf(saved);
    return draftOf({ firstName: details.customer?.firstName, lastName: details.customer?.lastName });
  };

  return (
    <CheckoutSection id="shipping-address" title="Shipping address">
      {editing || !saved ? (
        <>
          {details.signedIn && <SavedAddressPicker onPick={setPicked} />}
          <AddressForm
            key={picked?.id ?? 'typed'}
            checkout={checkout}
            which="shippingAddress"
            prefix="shipping"
            label="Shipping address"
            initial={initial}
            submitLabel="Continue"
            onSaved={() => {
              setEditing(false);
              focusLater(() => moveOnFrom('shipping-address', 'shipping-method'));
            }}
          />
        </>
      ) : (
        <div className="checkout-summary">
          <AddressSummary address={saved} kind="shipping-address" />
          <Button variant="link" aria-label="Change shipping address" onClick={() => setEditing(true)}>
            Change
          </Button>
        </div>
      )}
    </CheckoutSection>
  );
}
