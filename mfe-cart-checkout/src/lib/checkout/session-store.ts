/**
 * sessionStorage, read and written as JSON, that never throws: storage can be full, switched off
 * or blocked (private windows, sandboxed frames), and checkout must work without it, only
 * forgetting more on a reload.
 */
const fallback = new Map<string, string>();

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readSession<T>(key: string): T | undefined {
  let text: string | null | undefined;
  try {
    text = storage()?.getItem(key);
  } catch {
    text = undefined;
  }
  text ??= fallback.get(key);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

export function writeSession(key: string, value: unknown): void {
  const text = JSON.stringify(value);
  try {
    const store = storage();
    if (store) {
      store.setItem(key, text);
      fallback.delete(key);
      return;
    }
  } catch {
    // Full or blocked: keep it for this page at least.
  }
  fallback.set(key, text);
}

export function removeSession(key: string): void {
  fallback.delete(key);
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to remove where nothing could be written.
  }
}
