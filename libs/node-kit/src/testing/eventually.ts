export interface EventuallyOptions {
  /** Give up after this long, failing with the probe's last error. */
  timeoutMs?: number;
  /** Pause between tries. */
  intervalMs?: number;
}

/**
 * Waits for something that happens on its own (a log line written through a stream, a child
 * process listening, a key expiring in Redis): retries `probe` until it returns without
 * throwing, and returns what it returned. An assertion inside the probe is the condition; the
 * last failure is the error when time runs out. Returns as soon as the condition holds, so a
 * test waits no longer than it must, and fails with what it expected rather than a timeout.
 */
export async function eventually<T>(
  probe: () => T | Promise<T>,
  { timeoutMs = 5_000, intervalMs = 20 }: EventuallyOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await probe();
    } catch (error) {
      if (Date.now() >= deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
