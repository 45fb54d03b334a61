import type { CartResponse } from '@shop/contracts/browser';
import { useAppDispatch, useAppSelector, useFlag } from '@shop/platform';
import { Button, Notice, Price, buttonClassName, formatPrice } from '@shop/ui';
import { Link } from 'react-router-dom';
import { removeDiscountCode } from '../../../lib/cart/cart-actions';
import { selectProblems } from '../../../lib/cart/cart-slice';
import { CODE_STATE_TEXT } from '../../../components/discount-code-state';
import { PromoCodeForm } from '../../../components/promo-code-form';
import { CHECKOUT_OPEN } from '../../../lib/checkout/checkout-open';

const minus = (money: CartResponse['total']) => formatPrice({ ...money, centAmount: -money.centAmount });

/** Subtotal, the codes on the bag (each removable), what they take off, the total, and the way to checkout. */
export function CartSummary({ cart, busy }: { cart: CartResponse; busy: boolean }) {
  const dispatch = useAppDispatch();
  const problem = useAppSelector(selectProblems).codes;
  const discounts = useFlag('discounts', false);
  return (
    <section className="cart-summary" aria-labelledby="cart-summary-title" aria-busy={busy || undefined}>
      <h2 id="cart-summary-title">Order summary</h2>
      <dl className="cart-summary__amounts">
        <div>
          <dt>Subtotal</dt>
          <dd data-amount="subtotal">
            <Price price={cart.subtotal} />
          </dd>
        </div>
        {cart.discountCodes.map((code) => (
          <div key={code.id} className="cart-summary__code" data-discount-code={code.code}>
            <dt>
              Code {code.code}
              <span className="cart-summary__code-note">
                {code.state === 'MatchesCart' ? code.description : `This code ${CODE_STATE_TEXT[code.state]}.`}
              </span>
            </dt>
            <dd>
              {code.state === 'MatchesCart' && <span>{minus(code.amount)}</span>}
              <Button
                variant="link"
                size="small"
                aria-label={`Remove code ${code.code}`}
                onClick={() => void dispatch(removeDiscountCode(code))}
              >
                Remove
              </Button>
            </dd>
          </div>
        ))}
        {cart.discountTotal.centAmount > 0 && (
          <div>
            <dt>Discounts</dt>
            <dd data-amount="discount">{minus(cart.discountTotal)}</dd>
          </div>
        )}
        <div className="cart-summary__total">
          <dt>Total</dt>
          <dd data-amount="total">
            <Price price={cart.total} />
          </dd>
        </div>
      </dl>
      {busy && <p className="cart-summary__updating">Updating your bag…</p>}
      {problem && (
        <Notice role="alert" tone="error">
          {problem}
        </Notice>
      )}
      {discounts && <PromoCodeForm />}
      {CHECKOUT_OPEN && (
        <Link to="/checkout" className={buttonClassName({ block: true })}>
          Checkout
        </Link>
      )}
    </section>
  );
}
