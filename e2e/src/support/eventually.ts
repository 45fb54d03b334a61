/**
 * Waits for something the browser or a service does on its own time (a session cookie set, a
 * tracking line written, a process listening): retries `probe` until it returns without
 * throwing and returns its value; when time runs out, fails with the probe's last error. It
 * returns as soon as the condition holds, so a test never sleeps a guessed time.
 */
export async function eventually<T>(
  probe: () => T | Promise<T>,
  { timeoutMs = 10_000, intervalMs = 50 } = {},
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
