import type { CartDiscountCodeEntry } from '../carts/cart-types';

/** A code's rank: the highest sortOrder of its cart discounts (commercetools applies higher first). */
const rankOf = (entry: CartDiscountCodeEntry) =>
  Math.max(...(entry.cartDiscounts ?? []).map((d) => Number(d.sortOrder ?? entry.percentOff / 100)), 0);

/**
 * Whether a code's discounts stop the ones after it. An entry recorded before stacking modes
 * were kept has none and counts as stopping: the safe side, never two discounts by mistake.
 */
const stops = (entry: CartDiscountCodeEntry) =>
  (entry.cartDiscounts ?? []).length === 0 ||
  (entry.cartDiscounts ?? []).some((d) => (d.stackingMode ?? 'StopAfterThisDiscount') === 'StopAfterThisDiscount');

/**
 * commercetools' stacking over the codes that match the cart: in sortOrder, highest first, each
 * applies until one whose cart discount is StopAfterThisDiscount has; every code after it stays
 * on the cart as ApplicationStoppedByPreviousDiscount and takes nothing off. With the seeded
 * discounts (all StopAfterThisDiscount, sortOrder by percent) a cart gets its best single code.
 */
export function stackCodes(entries: CartDiscountCodeEntry[]): CartDiscountCodeEntry[] {
  const ranked = entries
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => entry.state === 'MatchesCart')
    .sort((a, b) => rankOf(b.entry) - rankOf(a.entry) || a.index - b.index);
  const stopped = new Set<number>();
  let stopping = false;
  for (const { entry, index } of ranked) {
    if (stopping) stopped.add(index);
    else if (stops(entry)) stopping = true;
  }
  return entries.map((entry, index) =>
    stopped.has(index)
      ? { ...entry, state: 'ApplicationStoppedByPreviousDiscount', percentOff: 0, cartDiscounts: [] }
      : entry,
  );
}
