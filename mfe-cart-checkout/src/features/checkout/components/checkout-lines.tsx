import type { CartLine, Money } from '@shop/contracts/browser';
import { Notice, Price } from '@shop/ui';
import { Link } from 'react-router-dom';
import { LineDetails } from '../../../components/line-details';

type CheckoutLine = Pick<CartLine, 'image' | 'name' | 'url' | 'attributes' | 'sku' | 'quantity' | 'noLongerSold'> & {
  key: string;
  total: Money;
};

/** The lines of an order to be placed (the review) or placed (the confirmation): item, quantity, price. */
export function CheckoutLines({ lines, label }: { lines: CheckoutLine[]; label?: string }) {
  return (
    <ul className="checkout-lines" aria-label={label}>
      {lines.map((line) => (
        <li key={line.key} className="checkout-line" data-line-sku={line.sku}>
          <LineDetails line={line} size="small" />
          <p className="checkout-line__amounts">
            <span>Qty {line.quantity}</span>
            <Price price={line.total} />
          </p>
          {line.noLongerSold && (
            <Notice tone="error" className="checkout-line__problem">
              No longer sold. <Link to="/cart">Remove it from your bag</Link> to place your order.
            </Notice>
          )}
        </li>
      ))}
    </ul>
  );
}
