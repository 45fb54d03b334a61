import { useAppDispatch, useAppSelector } from '@shop/platform';
import { Notice, buttonClassName } from '@shop/ui';
import { useEffect, useRef } from 'react';
import { undoRemove } from '../../../lib/cart/cart-actions';
import { selectRemovedLine } from '../../../lib/cart/cart-slice';

/**
 * "Removed … Undo" after a line leaves the bag. Focus moves to Undo, since the Remove button that
 * had it is gone; after Undo, `onUndone` says where focus goes next.
 */
export function RemovedNotice({ onUndone }: { onUndone: () => void }) {
  const dispatch = useAppDispatch();
  const removed = useAppSelector(selectRemovedLine);
  const undo = useRef<HTMLButtonElement>(null);
  const id = removed?.lineItemId;
  useEffect(() => {
    if (id) undo.current?.focus();
  }, [id]);
  if (!removed) return null;
  return (
    <Notice as="div" role="status" className="cart-removed">
      <p>
        Removed {removed.quantity} × {removed.name} from your bag.
      </p>
      <button
        ref={undo}
        type="button"
        className={buttonClassName({ variant: 'secondary', size: 'small' })}
        aria-label={`Undo removing ${removed.name}`}
        onClick={() => {
          void dispatch(undoRemove());
          onUndone();
        }}
      >
        Undo
      </button>
    </Notice>
  );
}
