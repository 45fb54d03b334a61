import { useAppDispatch, useAppSelector } from '@shop/platform';
import { VisuallyHidden, useAnnouncer } from '@shop/ui';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { drawerClosed, drawerOpened, selectDrawer } from '../../../lib/cart/cart-slice';
import { useAddToBagProvider } from '../../../lib/cart/use-add-to-bag-provider';
import { useCart } from '../../../lib/cart/use-cart';
import './mini-cart.css';

/**
 * The drawer (and the design system's dialog and price groups it renders) loads the first time
 * it opens, or when the shopper points at or focuses the bag, so no page's first load carries it.
 */
const loadDrawer = () => import('./mini-cart-drawer');
const MiniCartDrawer = lazy(() => loadDrawer().then((module) => ({ default: module.MiniCartDrawer })));

const items = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/** Says the new count in the polite live region when it changes (not when the page first learns it). */
function useCountAnnouncement(count: number | undefined) {
  const { announce } = useAnnouncer();
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (count === undefined) return;
    if (previous.current !== undefined && previous.current !== count) announce(`Your bag now has ${items(count)}.`);
    previous.current = count;
  }, [count, announce]);
}

/**
 * The header's bag: the item count, and the drawer with the lines. Mounted on every page, it
 * also answers `addToBag` from @shop/platform, so "Add to bag" on a product page goes through
 * this remote's queue and opens the drawer.
 */
export default function MiniCart() {
  useAddToBagProvider();
  const dispatch = useAppDispatch();
  const { cart, problem, retry } = useCart();
  const drawer = useAppSelector(selectDrawer);
  const count = cart?.itemCount;
  useCountAnnouncement(count);
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (drawer.open && !drawerWanted) setDrawerWanted(true);
  // Any way off the page (a line's link, View bag, Back) closes the drawer.
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    dispatch(drawerClosed());
  }, [pathname, dispatch]);

  return (
    <>
      <button
        type="button"
        className="mini-cart"
        data-remote-slot="mini-cart"
        data-cart-count={count}
        aria-haspopup="dialog"
        aria-expanded={drawer.open}
        onClick={() => dispatch(drawerOpened())}
        onPointerEnter={() => void loadDrawer()}
        onFocus={() => void loadDrawer()}
      >
        {/* The name is the visible text and the word after the count: "Bag 3 items". */}
        <span>Bag</span>
        {count !== undefined && (
          <>
            {' '}
            <span className="mini-cart__count">{count}</span>
            <VisuallyHidden> {count === 1 ? 'item' : 'items'}</VisuallyHidden>
          </>
        )}
      </button>
      {drawerWanted && (
        <Suspense fallback={null}>
          <MiniCartDrawer
            open={drawer.open}
            added={drawer.added}
            cart={cart}
            problem={problem?.message}
            onRetry={retry}
            onClose={() => dispatch(drawerClosed())}
          />
        </Suspense>
      )}
    </>
  );
}
