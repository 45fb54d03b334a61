import { type CheckoutResponse, LOYALTY_CONFIRMATION_DELAY_MS } from '@shop/contracts/browser';
import { useAppDispatch } from '@shop/platform';
import { Button, TextField, formatPrice, useAnnouncer } from '@shop/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { type CheckoutResult, redeemPoints, removeRedemption } from '../../../lib/checkout/checkout-actions';
import { readDraft, updateDraft } from '../../../lib/checkout/checkout-draft';
import { CheckoutSection } from './checkout-section';
import { useFocusAfterRender } from './use-focus-after-render';

const FIELD_ID = 'checkout-loyalty-points';
const points = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'point' : 'points'}`;

/** A confirmation that shows for LOYALTY_CONFIRMATION_DELAY_MS (SPEC §9), then goes. */
function useBriefConfirmation(): [string | undefined, (message: string) => void] {
  // A new object each time, so the same sentence twice shows (and is timed) twice.
  const [message, setMessage] = useState<{ text: string }>();
  useEffect(() => {
    if (!message) return undefined;
    const timer = setTimeout(() => setMessage(undefined), LOYALTY_CONFIRMATION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return [message?.text, (text) => setMessage({ text })];
}

/** Loyalty points (only when the checkout carries `loyalty`: the brand's flag is on and the shopper signed in). */
export function LoyaltySection({ checkout }: { checkout: CheckoutResponse }) {
  const dispatch = useAppDispatch();
  const { announce } = useAnnouncer();
  const focusLater = useFocusAfterRender();
  const loyalty = checkout.checkout.loyalty;
  const cartId = checkout.cart.id;
  const [value, setValue] = useState(
    () => readDraft(cartId).loyaltyPoints ?? (loyalty?.redeemable ? String(loyalty.redeemable) : ''),
  );
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [confirmation, confirm] = useBriefConfirmation();
  if (!loyalty) return null;
  const { balance, redeemable, centsPerPoint, earns, redemption } = loyalty;
  const currency = checkout.checkout.totals.total.currencyCode;
  const worth = (n: number) =>
    formatPrice({ centAmount: n * centsPerPoint, currencyCode: currency, fractionDigits: 2 });

  const run = async (
    action: () => Promise<CheckoutResult>,
    done: (result: CheckoutResult & { ok: true }) => string,
  ) => {
    setSaving(true);
    const result = await action();
    setSaving(false);
    if (!result.ok) {
      setError(result.problem.message);
      announce(result.problem.message, 'assertive');
      focusLater(FIELD_ID);
      return;
    }
    setError(undefined);
    confirm(done(result));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const wanted = Number(value.trim());
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > redeemable) {
      const message = `Enter a whole number of points from 1 to ${redeemable.toLocaleString('en-US')}.`;
      setError(message);
      announce(message, 'assertive');
      focusLater(FIELD_ID);
      return;
    }
    void run(
      () => dispatch(redeemPoints(wanted)),
      (result) => {
        updateDraft(cartId, { loyaltyPoints: undefined });
        const redeemed = result.checkout.checkout.loyalty?.redemption;
        return redeemed
          ? `${points(redeemed.points)} redeemed: ${formatPrice(redeemed.amount)} off your order.`
          : `${points(wanted)} redeemed.`;
      },
    );
  };

  return (
    <CheckoutSection id="loyalty" title="Loyalty points" busy={saving}>
      <p data-loyalty-balance={balance}>
        You have {points(balance)} ({worth(balance)}). This order earns {points(earns)}, yours to spend once it ships.
      </p>
      {redemption ? (
        <div className="checkout-summary">
          <p data-saved="loyalty">
            {points(redemption.points)} redeemed: {formatPrice(redemption.amount)} off
          </p>
          <Button
            variant="link"
            aria-label={`Remove the ${points(redemption.points)} redeemed`}
            aria-disabled={saving || undefined}
            onClick={() =>
              !saving &&
              void run(
                () => dispatch(removeRedemption()),
                () => 'Your points are back in your balance.',
              )
            }
          >
            Remove
          </Button>
        </div>
      ) : redeemable > 0 ? (
        <form className="checkout-loyalty" aria-label="Redeem points" noValidate onSubmit={submit}>
          <TextField
            id={FIELD_ID}
            label="Points to redeem"
            hint={`Up to ${points(redeemable)} on this order; each point is worth ${worth(1)}.`}
            inputMode="numeric"
            name="points"
            value={value}
            error={error}
            onChange={(event) => {
              setValue(event.target.value);
              setError(undefined);
              updateDraft(cartId, { loyaltyPoints: event.target.value });
            }}
          />
          <Button type="submit" variant="secondary" aria-disabled={saving || undefined}>
            {saving ? 'Redeeming…' : 'Redeem points'}
          </Button>
        </form>
      ) : (
        <p>There are no points to redeem on this order yet.</p>
      )}
      {error && redemption && (
        <p className="checkout-error" id={FIELD_ID} tabIndex={-1}>
          {error}
        </p>
      )}
      <p role="status" className="checkout-confirmation" data-loyalty-confirmation="">
        {confirmation}
      </p>
    </CheckoutSection>
  );
}
