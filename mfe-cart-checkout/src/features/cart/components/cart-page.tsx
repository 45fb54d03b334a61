import type { CartResponse } from '@shop/contracts/browser';
import { track, useAppSelector } from '@shop/platform';
import { Button, LoadingStatus, Notice, PageShell } from '@shop/ui';
import { useEffect, useRef } from 'react';
import { selectCartBusy, selectLinesInFlight, selectPendingOps, selectProblems } from '../../../lib/cart/cart-slice';
import { useCart } from '../../../lib/cart/use-cart';
import { CartLineItem } from './cart-line-item';
import { CartNotes } from './cart-notes';
import { CartSummary } from './cart-summary';
import { EmptyBag } from './empty-bag';
import { PriceChangeNotices } from './price-change-notices';
import { RemovedNotice } from './removed-notice';
import './cart-page.css';

/** CART_VIEW is passed whole (SPEC §3): what is in the bag, without anything about the shopper. */
const cartViewFields = (cart: CartResponse) => ({
  itemCount: cart.itemCount,
  value: cart.total.centAmount,
  currency: cart.total.currencyCode,
  items: cart.lines.slice(0, 100).map((line) => ({
    sku: line.sku,
    quantity: line.quantity,
    price: (line.salePrice ?? line.unitPrice).centAmount,
  })),
});

/** Tracks CART_VIEW once per visit to the page, when the bag is first known. */
function useCartViewTracking(cart: CartResponse | null) {
  const tracked = useRef(false);
  useEffect(() => {
    if (!cart || tracked.current) return;
    tracked.current = true;
    track({ event: 'CART_VIEW', ...cartViewFields(cart) });
  }, [cart]);
}

/** /cart */
export default function CartPage() {
  const { cart, loading, problem, retry } = useCart();
  const busy = useAppSelector(selectCartBusy);
  const inFlight = useAppSelector(selectLinesInFlight);
  const problems = useAppSelector(selectProblems);
  const adding = useAppSelector(selectPendingOps).filter(
    (op) => op.kind === 'add' && !cart?.lines.some((line) => line.sku === op.sku),
  );
  const itemsHeading = useRef<HTMLHeadingElement>(null);
  useCartViewTracking(cart);

  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="cart" title="Your bag">
      {loading && <LoadingStatus label="Loading your bag" shapes={['card']} />}
      {problem && (
        <Notice as="div" role="alert" tone="error">
          <p>Your bag could not be loaded. {problem.message}</p>
          <Button variant="secondary" onClick={retry}>
            Try again
          </Button>
        </Notice>
      )}
      {cart && (
        <>
          <PriceChangeNotices changes={cart.priceChanges} />
          {problems.bag && (
            <Notice role="alert" tone="error">
              {problems.bag}
            </Notice>
          )}
          <RemovedNotice onUndone={() => itemsHeading.current?.focus()} />
          {cart.lines.length === 0 && adding.length === 0 ? (
            <EmptyBag />
          ) : (
            <div className="cart">
              <section className="cart__items" aria-labelledby="cart-items-title">
                <h2 id="cart-items-title" ref={itemsHeading} tabIndex={-1} data-item-count={cart.itemCount}>
                  {cart.itemCount} {cart.itemCount === 1 ? 'item' : 'items'}
                </h2>
                <ul className="cart__lines">
                  {cart.lines.map((line) => (
                    <CartLineItem
                      key={line.lineItemId}
                      line={line}
                      updating={inFlight.has(line.lineItemId)}
                      problem={problems[line.lineItemId]}
                    />
                  ))}
                  {adding.map((op) => (
                    <li key={op.id} className="cart-line cart-line--adding" aria-busy="true">
                      Adding {op.kind === 'add' ? (op.name ?? op.sku) : ''}…
                    </li>
                  ))}
                </ul>
              </section>
              <CartSummary cart={cart} busy={busy} />
            </div>
          )}
          <CartNotes />
        </>
      )}
    </PageShell>
  );
}
