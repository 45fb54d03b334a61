import type { CartPriceChange } from '@shop/contracts/browser';
import { Notice, formatPrice } from '@shop/ui';

/** INVALID_PRICE (SPEC §8): lines whose price changed since they were added; the bag already has the new one. */
export function PriceChangeNotices({ changes }: { changes?: CartPriceChange[] }) {
  if (!changes?.length) return null;
  return (
    <Notice as="div" role="status" className="cart-price-changes">
      <p>
        {changes.length === 1 ? 'A price in your bag has changed' : 'Prices in your bag have changed'} since you added{' '}
        {changes.length === 1 ? 'it' : 'them'}:
      </p>
      <ul>
        {changes.map((change) => (
          <li key={change.lineItemId} data-price-change={change.sku}>
            {change.name}: now {formatPrice(change.current)}, was {formatPrice(change.previous)}.
          </li>
        ))}
      </ul>
    </Notice>
  );
}
