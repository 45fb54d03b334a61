import { type CartLine, MAX_LINE_QUANTITY } from '@shop/contracts/browser';
import { useAppDispatch } from '@shop/platform';
import { Button, Notice, Price, QuantityStepper } from '@shop/ui';
import { LineDetails } from '../../../components/line-details';
import { changeQuantity, removeLine } from '../../../lib/cart/cart-actions';

interface Props {
  line: CartLine;
  /** A change to this line is queued or running. */
  updating: boolean;
  /** Why the last change to this line did not happen. */
  problem?: string;
}

/** One line of the bag: what it is, its price, a 1..99 quantity (up to what is in stock), remove, and its total. */
export function CartLineItem({ line, updating, problem }: Props) {
  const dispatch = useAppDispatch();
  // Never below what the line already holds, so a drop in stock does not rewrite the quantity by itself.
  const max = Math.max(line.quantity, Math.min(MAX_LINE_QUANTITY, line.maxQuantity));
  return (
    <li
      className="cart-line"
      data-line-item-id={line.lineItemId}
      data-line-sku={line.sku}
      aria-busy={updating || undefined}
    >
      <LineDetails line={line} />
      <div className="cart-line__price">
        <span className="cart-line__label">Price</span>
        <Price price={line.unitPrice} salePrice={line.salePrice} />
      </div>
      <div className="cart-line__quantity">
        <span className="cart-line__label" aria-hidden="true">
          Quantity
        </span>
        <QuantityStepper
          className="cart-line__stepper"
          label={`Quantity of ${line.name}`}
          value={line.quantity}
          min={1}
          max={max}
          onChange={(quantity) => void dispatch(changeQuantity(line, quantity))}
        />
      </div>
      <div className="cart-line__total">
        <span className="cart-line__label">Total</span>
        {line.discount ? (
          <>
            <Price price={line.subtotal} salePrice={line.total} />
            <span className="cart-line__discount">
              Your code takes <Price price={line.discount} /> off
            </span>
          </>
        ) : (
          <Price price={line.total} />
        )}
      </div>
      <Button
        variant="link"
        size="small"
        className="cart-line__remove"
        aria-label={`Remove ${line.name}`}
        onClick={() => void dispatch(removeLine(line))}
      >
        Remove
      </Button>
      {updating && <p className="cart-line__updating">Updating…</p>}
      {line.noLongerSold && (
        <Notice tone="error" className="cart-line__problem">
          No longer sold. Remove it to place your order.
        </Notice>
      )}
      {problem && (
        <Notice role="alert" tone="error" className="cart-line__problem">
          {problem}
        </Notice>
      )}
    </li>
  );
}
