import { IDEMPOTENCY_KEY_PATTERN } from '@shop/contracts/browser';
import { readSession, removeSession, writeSession } from './session-store';

/**
 * The `Idempotency-Key` of POST /api/orders: made once per checkout attempt and kept in
 * sessionStorage, so a retry after a network failure, a double click or a reload sends the same
 * key and the gateway answers the order it already placed instead of charging again.
 *
 * An attempt is one cart at one total (exactly the request's body). The key is forgotten when the
 * order is placed, when the gateway gave a definite answer that placed nothing (a decline, a
 * changed checkout), and when the bag changes (every successful cart write, `cartWrite`).
 */
const STORAGE_KEY = 'shop:checkout:order-attempt';

export interface OrderAttempt {
  key: string;
  cartId: string;
  expectedTotal: number;
  /** Set once the request left and no answer came back: the order may exist. */
  unanswered?: boolean;
}

const isAttempt = (value: unknown): value is OrderAttempt => {
  const attempt = value as Partial<OrderAttempt> | undefined;
  return (
    typeof attempt?.key === 'string' &&
    IDEMPOTENCY_KEY_PATTERN.test(attempt.key) &&
    typeof attempt.cartId === 'string' &&
    typeof attempt.expectedTotal === 'number'
  );
};

/** The attempt in progress in this tab, if any. */
export function currentAttempt(): OrderAttempt | undefined {
  const stored = readSession<unknown>(STORAGE_KEY);
  return isAttempt(stored) ? stored : undefined;
}

/** The attempt for this cart and total: the one in progress when it is the same, else a new key. */
export function attemptFor(cartId: string, expectedTotal: number): OrderAttempt {
  const current = currentAttempt();
  if (current && current.cartId === cartId && current.expectedTotal === expectedTotal) return current;
  const attempt = { key: crypto.randomUUID(), cartId, expectedTotal };
  writeSession(STORAGE_KEY, attempt);
  return attempt;
}

/** Marks the attempt as sent without an answer (a network failure): its order may have been placed. */
export function markUnanswered(attempt: OrderAttempt): void {
  if (currentAttempt()?.key === attempt.key) writeSession(STORAGE_KEY, { ...attempt, unanswered: true });
}

export function forgetAttempt(): void {
  removeSession(STORAGE_KEY);
}
