import type { CheckoutAddress, CheckoutResponse } from '@shop/contracts/browser';
import { useAppDispatch } from '@shop/platform';
import { Button, Notice, useAnnouncer } from '@shop/ui';
import { type FormEvent, type ReactNode, useState } from 'react';
import {
  ADDRESS_FIELDS,
  type AddressDraft,
  type AddressErrors,
  type AddressField,
  addressErrors,
  addressOf,
  draftOf,
} from '../../../lib/checkout/address-form';
import { saveCheckout } from '../../../lib/checkout/checkout-actions';
import { updateDraft } from '../../../lib/checkout/checkout-draft';
import { AddressFields, addressFieldId, firstInvalid } from './address-fields';
import { AddressSuggestion } from './address-suggestion';
import { useFocusAfterRender } from './use-focus-after-render';

type Which = 'shippingAddress' | 'billingAddress';

interface Verification {
  /** `suggestion`: deliverable, written differently (keep or accept); `invalid`: must change (accept only). */
  kind: 'suggestion' | 'invalid';
  entered: CheckoutAddress;
  suggested: CheckoutAddress;
  message: string;
}

const onlyAddressFields = (fields: Record<string, string> | undefined): AddressErrors => {
  const out: AddressErrors = {};
  for (const field of ADDRESS_FIELDS) if (fields?.[field]) out[field] = fields[field];
  return out;
};

interface Props {
  checkout: CheckoutResponse;
  which: Which;
  prefix: 'shipping' | 'billing';
  label: string;
  /** The fields' first values (read once). */
  initial: () => AddressDraft;
  submitLabel: string;
  onSaved: (checkout: CheckoutResponse) => void;
  children?: ReactNode;
}

/**
 * An address form saved with POST /api/cart. The gateway verifies the address: 422
 * ADDRESS_SUGGESTION (deliverable, written differently) offers "Use suggested address" and "Keep
 * what I entered"; 400 ADDRESS_INVALID marks the fields and offers the suggestion when there is one.
 */
export function AddressForm({ checkout, which, prefix, label, initial, submitLabel, onSaved, children }: Props) {
  const dispatch = useAppDispatch();
  const { announce } = useAnnouncer();
  const focusLater = useFocusAfterRender();
  const cartId = checkout.cart.id;
  const [value, setValue] = useState(initial);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [verification, setVerification] = useState<Verification>();
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const problemId = `${prefix}-address-problem`;
  const suggestionId = `${prefix}-address-suggestion`;

  const showErrors = (found: AddressErrors, message: string) => {
    setErrors(found);
    const first = firstInvalid(found);
    announce(message, 'assertive');
    focusLater(first ? addressFieldId(prefix, first) : problemId);
  };

  const send = async (address: CheckoutAddress, choice?: 'accepted' | 'kept') => {
    if (saving) return;
    setSaving(true);
    setProblem(undefined);
    const result = await dispatch(
      saveCheckout({ [which]: address, ...(choice ? { verification: { [which]: choice } } : {}) }),
    );
    setSaving(false);
    if (result.ok) {
      setVerification(undefined);
      setErrors({});
      updateDraft(cartId, { [which]: undefined });
      onSaved(result.checkout);
      return;
    }
    const { code, message, fields, verification: verified } = result.problem;
    const suggested =
      verified?.address === which && verified.suggestion ? { ...address, ...verified.suggestion } : undefined;
    if (code === 'ADDRESS_SUGGESTION' && suggested) {
      setVerification({ kind: 'suggestion', entered: address, suggested, message });
      announce(message, 'assertive');
      focusLater(`${suggestionId}-title`);
      return;
    }
    const fieldErrors = onlyAddressFields(fields);
    setVerification(suggested ? { kind: 'invalid', entered: address, suggested, message } : undefined);
    setProblem(message);
    showErrors(fieldErrors, message);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = addressErrors(value);
    if (Object.keys(found).length) {
      setVerification(undefined);
      setProblem(undefined);
      const count = Object.keys(found).length;
      showErrors(found, `${count === 1 ? '1 field needs' : `${count} fields need`} your attention.`);
      return;
    }
    void send(addressOf(value));
  };

  const change = (field: AddressField, next: string) => {
    const updated = { ...value, [field]: next };
    setValue(updated);
    setErrors((current) => ({ ...current, [field]: undefined }));
    // A suggestion was about the address as it was sent; an edited one is checked again on "Continue".
    setVerification(undefined);
    updateDraft(cartId, { [which]: updated });
  };

  return (
    <form className="checkout-address-form" aria-label={label} noValidate onSubmit={submit}>
      {children}
      {problem && (
        <Notice tone="error" className="checkout-problem">
          <span id={problemId} tabIndex={-1}>
            {problem}
          </span>
        </Notice>
      )}
      <AddressFields prefix={prefix} value={value} errors={errors} onChange={change} />
      {verification && (
        <AddressSuggestion
          id={suggestionId}
          entered={verification.entered}
          suggested={verification.suggested}
          message={verification.kind === 'suggestion' ? verification.message : undefined}
          canKeep={verification.kind === 'suggestion'}
          busy={saving}
          onUse={() => {
            setValue(draftOf(verification.suggested));
            void send(verification.suggested, 'accepted');
          }}
          onKeep={() => void send(verification.entered, 'kept')}
        />
      )}
      <Button type="submit" aria-disabled={saving || undefined}>
        {saving ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}
