/**
 * What cart writes cost the commerce platform, counted per gateway process: how many writes
 * reached it, how many of them lost a race on the cart's version and were made again
 * (ConcurrentModification), how many gave up, and how many were a write already done (a retry
 * of an answer lost, by its Idempotency-Key) answered without writing. The per-cart queue keeps retries near zero;
 * `/api/dev/cart-stats` shows the figures where developer tools are mounted.
 */
export interface CartWriteStats {
  writes: number;
  commerceRetries: number;
  conflicts: number;
  repeats: number;
}

export const createCartWriteStats = (): CartWriteStats => ({ writes: 0, commerceRetries: 0, conflicts: 0, repeats: 0 });
