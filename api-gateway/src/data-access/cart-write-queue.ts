/**
 * Writes to one cart run one at a time (SPEC §4's serial queue, on the server side too): a
 * write reads the cart's version and updates at that version, so two writes that overlap
 * would make one of them retry on ConcurrentModification. Queuing per cart keeps retries near
 * zero under concurrency. Writes to different carts never wait for each other.
 *
 * `run(key, task)` resolves or rejects with the task's own result once every earlier task with
 * the same key has settled. The in-memory queue orders tasks within one gateway process; where
 * `REDIS_URL` is set, a Redis-backed implementation orders them across instances.
 */
export interface CartWriteQueue {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Stops accepting work and releases what it holds (connections, timers). */
  close(): Promise<void>;
}

/** One process: a promise chain per key, dropped once it has drained. */
export function createMemoryCartWriteQueue(): CartWriteQueue {
  const tails = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(key) ?? Promise.resolve();
      const result = previous.then(task, task);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    async close() {
      tails.clear();
    },
  };
}
