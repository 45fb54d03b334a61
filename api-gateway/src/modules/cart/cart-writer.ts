import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '@shop/node-kit';
import { CommerceRequestError } from '../../clients/commercetools';
import type { CartWriteQueue } from '../../data-access/cart-write-queue';
import type { CartWriteStats } from '../../shared/cart-write-stats';
import { DomainError } from '../../shared/domain-error';

/** Attempts per write: the queue makes a lost race rare (another instance, a sign-in moving the cart). */
const ATTEMPTS = 6;

export const isConcurrentModification = (error: unknown) =>
  error instanceof CommerceRequestError && error.code === 'ConcurrentModification';

/**
 * Runs one write to a shopper's bag: after every earlier write to the same bag (the per-cart
 * queue, keyed by brand and session user, so even the first add that creates the cart waits its
 * turn), reading the cart and updating it at its version; a write that lost the race on the
 * version (ConcurrentModification) reads again and is made again, a few times, after a short
 * random pause so racing writers do not collide again in step. Each retry is logged (a warning:
 * with the queue in front they should be rare), which is how the cart bench counts them.
 */
export function createCartWriter(queue: CartWriteQueue, stats: CartWriteStats, logger?: Pick<Logger, 'warn'>) {
  return function write<T>(key: string, attempt: () => Promise<T>): Promise<T> {
    return queue.run(key, async () => {
      for (let tries = 1; ; tries += 1) {
        try {
          return await attempt();
        } catch (error) {
          if (!isConcurrentModification(error)) throw error;
          stats.commerceRetries += 1;
          logger?.warn('cart write retried after a concurrent modification', { cartWriteRetry: tries });
          if (tries >= ATTEMPTS) {
            stats.conflicts += 1;
            throw new DomainError('CART_CONFLICT', 'Your bag changed at the same moment. Please try again.');
          }
          await sleep(Math.floor(Math.random() * 10 * tries) + 2);
        }
      }
    });
  };
}
export type CartWriter = ReturnType<typeof createCartWriter>;
