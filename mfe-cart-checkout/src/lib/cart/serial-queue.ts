/**
 * SPEC §4: cart tasks run one at a time. Each task starts when the one before it has settled,
 * in the order they were queued; a task that fails does not stop the ones after it.
 */
export interface SerialQueue {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks queued or running. */
  readonly size: number;
}

export function createSerialQueue(): SerialQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let size = 0;
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      size += 1;
      const result = tail.then(task).finally(() => {
        size -= 1;
      });
      tail = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
    get size() {
      return size;
    },
  };
}

/** The browser's one cart queue: every request to /api/cart from this page goes through it. */
export const cartQueue = createSerialQueue();
