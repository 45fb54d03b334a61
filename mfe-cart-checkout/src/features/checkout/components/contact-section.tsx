import type { CheckoutResponse } from '@shop/contracts/browser';
import { useAppDispatch } from '@shop/platform';
import { Button, TextField, useAnnouncer } from '@shop/ui';
import { type FormEvent, useRef, useState } from 'react';
import { emailError } from '../../../lib/checkout/address-form';
import { saveEmail } from '../../../lib/checkout/checkout-actions';
import { readDraft, updateDraft } from '../../../lib/checkout/checkout-draft';
import { CheckoutSection, moveOnFrom } from './checkout-section';
import { useFocusAfterRender } from './use-focus-after-render';

const FIELD_ID = 'checkout-email';

/** Contact e-mail: saved (POST /api/cart/customerEmail) when the field is left and on "Continue". */
export function ContactSection({ checkout }: { checkout: CheckoutResponse }) {
  const dispatch = useAppDispatch();
  const { announce } = useAnnouncer();
  const focusLater = useFocusAfterRender();
  const cartId = checkout.cart.id;
  const saved = checkout.checkout.email;
  const [email, setEmail] = useState(() => readDraft(cartId).email ?? saved ?? checkout.checkout.customer?.email ?? '');
  const [editing, setEditing] = useState(!saved);
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  // The save the field's blur started: "Continue" right after waits for it instead of sending again.
  const pending = useRef<{ value: string; promise: Promise<boolean> } | null>(null);
  const savedHere = useRef<string | undefined>(undefined);

  /** Sends the address unless the gateway has it already; true once the gateway has it. */
  const save = (value: string): Promise<boolean> => {
    const problem = emailError(value);
    if (problem) {
      setError(problem);
      return Promise.resolve(false);
    }
    const normalised = value.trim().toLowerCase();
    if (normalised === saved || normalised === savedHere.current) return Promise.resolve(true);
    if (pending.current?.value === normalised) return pending.current.promise;
    const promise = (async () => {
      setSaving(true);
      const result = await dispatch(saveEmail(normalised));
      setSaving(false);
      if (result.ok) {
        savedHere.current = normalised;
        updateDraft(cartId, { email: undefined });
        setError(undefined);
        return true;
      }
      setError(result.problem.fields?.email ?? result.problem.message);
      return false;
    })();
    pending.current = { value: normalised, promise };
    void promise.finally(() => {
      if (pending.current?.promise === promise) pending.current = null;
    });
    return promise;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await save(email)) {
      setEditing(false);
      focusLater(() => moveOnFrom('contact', 'shipping-address'));
      return;
    }
    announce('Check your e-mail address.', 'assertive');
    focusLater(FIELD_ID);
  };

  return (
    <CheckoutSection id="contact" title="Contact" busy={saving}>
      {editing ? (
        <form aria-label="Contact e-mail" noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            id={FIELD_ID}
            label="E-mail address"
            type="email"
            name="email"
            autoComplete="email"
            marker="required"
            aria-required
            maxLength={254}
            hint="For your order confirmation and delivery updates."
            value={email}
            error={error}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
              updateDraft(cartId, { email: event.target.value });
            }}
            onBlur={() => {
              // Saved as soon as it is complete, so nothing typed is lost; a half-typed address is not an error yet.
              if (email.trim() && !emailError(email)) void save(email);
            }}
          />
          {/* Its name stays "Continue" while the blur's save runs: pressing it waits for that save. */}
          <Button type="submit">Continue</Button>
        </form>
      ) : (
        <div className="checkout-summary">
          <p data-saved="email">{saved}</p>
          <Button variant="link" aria-label="Change e-mail address" onClick={() => setEditing(true)}>
            Change
          </Button>
        </div>
      )}
    </CheckoutSection>
  );
}
