import { useAppDispatch, useAppSelector } from '@shop/platform';
import { Button, Notice } from '@shop/ui';
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { dismissPreviousBag, restorePreviousBag } from '../../../lib/cart/cart-actions';
import { selectProblems } from '../../../lib/cart/cart-slice';
import { useCart } from '../../../lib/cart/use-cart';
import './previous-bag-offer.css';

const items = (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`;

/**
 * Shown at the top of the page after a sign-in set the customer's earlier bag aside (the guest's
 * bag became the active one, SPEC §9): what happened, and one click to add those items back.
 */
export default function PreviousBagOffer() {
  const dispatch = useAppDispatch();
  const { cart } = useCart();
  const problem = useAppSelector(selectProblems).previousBag;
  const [working, setWorking] = useState(false);
  const [done, setDone] = useState('');
  const titleId = useId();
  const previous = cart?.previousBag;
  const { pathname } = useLocation();
  // The confirmation belongs to the page it was given on.
  useEffect(() => setDone(''), [pathname]);

  if (!previous) {
    return done ? (
      <Notice role="status" tone="success" className="previous-bag">
        {done}
      </Notice>
    ) : null;
  }
  const count = previous.lines.reduce((sum, line) => sum + line.quantity, 0);
  const answer = async (choice: 'restore' | 'dismiss') => {
    if (working) return;
    setWorking(true);
    const result = await dispatch(choice === 'restore' ? restorePreviousBag() : dismissPreviousBag());
    setWorking(false);
    if (result.ok && choice === 'restore') setDone(`Added ${items(count)} from your last visit to your bag.`);
  };
  return (
    <section className="previous-bag" aria-labelledby={titleId} data-previous-bag={previous.cartId}>
      <h2 id={titleId} className="previous-bag__title">
        Your bag from your last visit
      </h2>
      <p>Your bag from your last visit had {items(count)}; we kept the bag you just filled.</p>
      <ul className="previous-bag__lines">
        {previous.lines.map((line) => (
          <li key={line.sku}>
            {line.quantity} × {line.name}
            {line.attributes.length > 0 && ` (${line.attributes.map((a) => a.value).join(', ')})`}
          </li>
        ))}
      </ul>
      {problem && (
        <Notice role="alert" tone="error">
          {problem}
        </Notice>
      )}
      <div className="previous-bag__actions">
        <Button aria-disabled={working || undefined} onClick={() => void answer('restore')}>
          Add them to this bag
        </Button>
        <Button variant="secondary" aria-disabled={working || undefined} onClick={() => void answer('dismiss')}>
          No thanks
        </Button>
      </div>
    </section>
  );
}
