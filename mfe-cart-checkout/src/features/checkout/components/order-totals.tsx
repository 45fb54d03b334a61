import type { CheckoutTotals, Money } from '@shop/contracts/browser';
import { Price, formatPrice } from '@shop/ui';

const minus = (money: Money) => formatPrice({ ...money, centAmount: -money.centAmount });

/** The review's money in the order it is shown: subtotal, discounts, points, shipping, tax, total. */
export function OrderTotals({
  totals,
  pending = 'Calculated once your address is saved',
}: {
  totals: CheckoutTotals;
  pending?: string;
}) {
  return (
    <dl className="checkout-totals">
      <div>
        <dt>Subtotal</dt>
        <dd data-amount="subtotal">
          <Price price={totals.subtotal} />
        </dd>
      </div>
      {totals.discount.centAmount > 0 && (
        <div>
          <dt>Discounts</dt>
          <dd data-amount="discount">{minus(totals.discount)}</dd>
        </div>
      )}
      {totals.loyalty && totals.loyalty.centAmount > 0 && (
        <div>
          <dt>Loyalty points</dt>
          <dd data-amount="loyalty">{minus(totals.loyalty)}</dd>
        </div>
      )}
      <div>
        <dt>Shipping</dt>
        <dd data-amount="shipping">
          {!totals.shipping ? pending : totals.shipping.centAmount === 0 ? 'Free' : <Price price={totals.shipping} />}
        </dd>
      </div>
      <div>
        <dt>Tax</dt>
        <dd data-amount="tax">{totals.tax ? <Price price={totals.tax} /> : pending}</dd>
      </div>
      <div className="checkout-totals__total">
        <dt>Total</dt>
        <dd data-amount="total">
          <Price price={totals.total} />
        </dd>
      </div>
    </dl>
  );
}
