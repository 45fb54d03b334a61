import type { CheckoutResponse } from '@shop/contracts/browser';
import { Button, Notice } from '@shop/ui';
import { CheckoutLines } from './checkout-lines';
import { CheckoutSection } from './checkout-section';
import { OrderTotals } from './order-totals';
import { PlaceOrder } from './place-order';
import type { TaxState } from './use-taxes';

/** The review: what is ordered, what takes money off, shipping, tax and the total, then "Place order". */
export function ReviewSection({ checkout, tax }: { checkout: CheckoutResponse; tax: TaxState }) {
  const { cart } = checkout;
  const totals = checkout.checkout.totals;
  return (
    <CheckoutSection id="review" title="Review your order" busy={tax.loading}>
      <CheckoutLines
        lines={cart.lines.map((line) => ({ ...line, key: line.lineItemId }))}
        label={`${cart.itemCount} ${cart.itemCount === 1 ? 'item' : 'items'}`}
      />
      {cart.discountCodes
        .filter((code) => code.state === 'MatchesCart')
        .map((code) => (
          <p key={code.id} className="checkout-note" data-discount-code={code.code}>
            Code {code.code}: {code.description}
          </p>
        ))}
      <OrderTotals totals={totals} />
      {tax.loading && <p className="checkout-note">Working out the tax…</p>}
      {tax.problem && (
        <Notice as="div" tone="error">
          <p>{tax.problem}</p>
          <Button variant="secondary" size="small" onClick={tax.retry}>
            Work out the tax again
          </Button>
        </Notice>
      )}
      <PlaceOrder checkout={checkout} />
    </CheckoutSection>
  );
}
