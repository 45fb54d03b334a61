/**
 * What cart writes cost the commerce platform, counted per gateway process: how many writes
 * reached it, how many were refused because the bag's version moved outside its turn in the
 * per-bag queue (CART_CONFLICT: none while every writer takes its turn), and how many were a
 * write already done (a retry of an answer lost, by its Idempotency-Key) answered without
 * writing. `/api/dev/cart-stats` shows the figures where developer tools are mounted.
 */
export interface CartWriteStats {
  writes: number;
  conflicts: number;
  repeats: number;
}

export const createCartWriteStats = (): CartWriteStats => ({ writes: 0, conflicts: 0, repeats: 0 });
