import { closeSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';

const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Runs `work` while holding `<path>.lock`, a file created exclusively, so a read-check-write
 * of a shared file is one step across every process on the host. A lock older than `staleMs`
 * belonged to a process that died holding it and is taken over.
 */
export function withFileLock<T>(path: string, work: () => T, { waitMs = 3000, staleMs = 10_000 } = {}): T {
  const lock = `${path}.lock`;
  const deadline = Date.now() + waitMs;
  let fd: number | undefined;
  while (fd === undefined) {
    try {
      fd = openSync(lock, 'wx');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (isStale(lock, staleMs)) {
        removeLock(lock);
        continue;
      }
      if (Date.now() > deadline) throw new Error(`${lock} has been held for over ${waitMs} ms`);
      Atomics.wait(pause, 0, 0, 10);
    }
  }
  try {
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return work();
  } finally {
    removeLock(lock);
  }
}

/** Another process may have removed it first (it found it stale too). */
function removeLock(lock: string): void {
  try {
    unlinkSync(lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function isStale(lock: string, staleMs: number): boolean {
  try {
    return Date.now() - statSync(lock).mtimeMs > staleMs;
  } catch {
    // Released meanwhile: try again at once.
    return false;
  }
}
