import type { Logger } from '@shop/node-kit';
import { CommerceRequestError } from '../../clients/commercetools';
import { CartQueueUnavailableError, type CartWriteQueue } from '../../data-access/cart-write-queue';
import type { CartWriteStats } from '../../shared/cart-write-stats';
import { DomainError } from '../../shared/domain-error';

export const isConcurrentModification = (error: unknown) =>
  error instanceof CommerceRequestError && error.code === 'ConcurrentModification';

/** What a bag write's task is given: its turn, to be checked before each write to commerce. */
export interface BagTurn {
  /** Aborted when the turn can no longer be held alone (see CartWriteTurn). */
  signal: AbortSignal;
  /** Throws (CART_UNAVAILABLE, safe to send again) when the turn was lost: call it before each write. */
  stillHeld(): void;
}

/**
 * Runs one write to a shopper's bag in its turn: after every earlier write to the same bag (the
 * per-bag queue, keyed by brand and session user, so even the first add that creates the cart
 * waits its turn; across instances through Redis). The queue is the one concurrency mechanism.
 * A task reads the cart and updates it at the version it read, and inside a turn that version
 * can only have moved if something wrote outside the queue (a turn lost to a stalled process);
 * such a write is not made again here: it is refused as CART_CONFLICT (logged, counted), and
 * the browser sends it once more with the same Idempotency-Key, which makes nothing twice.
 *
 * A turn that is lost while its task runs (the Redis lease could not be renewed, or the task ran
 * past its longest turn) aborts its signal; the task checks `stillHeld()` before each write and
 * stops there, so it never writes once another writer may hold the bag.
 */
export function createCartWriter(queue: CartWriteQueue, stats: CartWriteStats, logger?: Pick<Logger, 'warn'>) {
  return function write<T>(key: string, task: (turn: BagTurn) => Promise<T>): Promise<T> {
    return queue.run(key, async ({ signal }) => {
      const stillHeld = () => {
        if (signal.aborted)
          throw new CartQueueUnavailableError(
            'unavailable',
            1,
            'Your bag could not be changed just now; nothing more was changed. Please try again.',
            { cause: signal.reason },
          );
      };
      try {
        return await task({ signal, stillHeld });
      } catch (error) {
        if (!isConcurrentModification(error)) throw error;
        stats.conflicts += 1;
        logger?.warn('cart write refused: the bag changed outside its turn', { cartWriteConflict: true });
        throw new DomainError('CART_CONFLICT', 'Your bag changed at the same moment. Please try again.');
      }
    });
  };
}
export type CartWriter = ReturnType<typeof createCartWriter>;
