import type { CartResponse } from '@shop/contracts/browser';
import { Button, Drawer, LoadingStatus, Notice, Price, buttonClassName } from '@shop/ui';
import { Link } from 'react-router-dom';
import { LineDetails } from '../../../components/line-details';
import { CHECKOUT_OPEN } from '../../../lib/checkout/checkout-open';

interface Props {
  open: boolean;
  onClose: () => void;
  cart: CartResponse | null;
  /** What was just added, when the drawer opened after an add. */
  added?: { name?: string; quantity: number };
  problem?: string;
  onRetry: () => void;
}

/** The mini cart's drawer: the lines, the subtotal, and the ways on to the bag and checkout. */
export function MiniCartDrawer({ open, onClose, cart, added, problem, onRetry }: Props) {
  const lines = cart?.lines ?? [];
  return (
    <Drawer open={open} onClose={onClose} title="Your bag" className="mini-cart-drawer">
      <div data-mini-cart-drawer="">
        {added && (
          <p className="mini-cart-drawer__added">
            Added {added.quantity} × {added.name ?? 'item'} to your bag.
          </p>
        )}
        {!cart && problem && (
          <Notice as="div" tone="error">
            <p>{problem}</p>
            <Button variant="secondary" size="small" onClick={onRetry}>
              Try again
            </Button>
          </Notice>
        )}
        {!cart && !problem && <LoadingStatus label="Loading your bag" />}
        {cart && lines.length === 0 && <p>Your bag is empty.</p>}
        {lines.length > 0 && (
          <ul className="mini-cart-drawer__lines" aria-label="Items in your bag">
            {lines.map((line) => (
              <li key={line.lineItemId} className="mini-cart-drawer__line" data-line-sku={line.sku}>
                <LineDetails line={line} size="small" />
                <p className="mini-cart-drawer__line-price">
                  <span>Qty {line.quantity}</span>
                  <Price price={line.total} />
                </p>
              </li>
            ))}
          </ul>
        )}
        {cart && lines.length > 0 && (
          <p className="mini-cart-drawer__subtotal">
            <span>Subtotal</span>
            <Price price={cart.subtotal} />
          </p>
        )}
        <div className="mini-cart-drawer__actions">
          <Link to="/cart" className={buttonClassName({ variant: 'secondary', block: true })} onClick={onClose}>
            View bag
          </Link>
          {CHECKOUT_OPEN && lines.length > 0 && (
            <Link to="/checkout" className={buttonClassName({ block: true })} onClick={onClose}>
              Checkout
            </Link>
          )}
        </div>
      </div>
    </Drawer>
  );
}
