import type { CheckoutResponse } from '@shop/contracts/browser';
import { useAppDispatch, useAppSelector } from '@shop/platform';
import { Button, Notice, formatPrice } from '@shop/ui';
import { useEffect } from 'react';
import { CODE_STATE_TEXT } from '../../../components/discount-code-state';
import { PromoCodeForm } from '../../../components/promo-code-form';
import { removeDiscountCode } from '../../../lib/cart/cart-actions';
import { problemDismissed, selectProblems } from '../../../lib/cart/cart-slice';
import { refreshCheckout } from '../../../lib/checkout/checkout-actions';
import { CheckoutSection } from './checkout-section';

/**
 * Promo codes, with the bag's own field and routes (POST/DELETE /api/cart/discountCode). A code
 * changes the totals, shipping and tax, so the checkout is read again after each change.
 */
export function PromoSection({ checkout }: { checkout: CheckoutResponse }) {
  const dispatch = useAppDispatch();
  const problem = useAppSelector(selectProblems).codes;
  const codes = checkout.cart.discountCodes;
  // A code refused on the bag page was answered there: checkout shows only its own refusals.
  useEffect(() => {
    dispatch(problemDismissed('codes'));
  }, [dispatch]);
  return (
    <CheckoutSection id="promo" title="Promo code">
      {codes.length > 0 && (
        <ul className="checkout-codes" aria-label="Codes on your order">
          {codes.map((code) => (
            <li key={code.id} data-discount-code={code.code}>
              <span>
                <strong>{code.code}</strong>{' '}
                {code.state === 'MatchesCart'
                  ? `${code.description} (−${formatPrice(code.amount)})`
                  : `This code ${CODE_STATE_TEXT[code.state]}.`}
              </span>
              <Button
                variant="link"
                size="small"
                aria-label={`Remove code ${code.code}`}
                onClick={async () => {
                  const result = await dispatch(removeDiscountCode(code));
                  if (result.ok) await dispatch(refreshCheckout());
                }}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <Notice role="alert" tone="error">
          {problem}
        </Notice>
      )}
      <PromoCodeForm onApplied={() => void dispatch(refreshCheckout())} />
    </CheckoutSection>
  );
}
