import type { RemoteName } from '@shop/contracts/browser';
import { loadRemoteModule } from './remote-runtime';

/** The longest an idle-started load waits for the browser to be idle. */
export const IDLE_START_TIMEOUT_MS = 2500;

/**
 * Runs `start` when the browser next has nothing to do (at most IDLE_START_TIMEOUT_MS later);
 * answers a cancel. Where there is no idle callback, after a second.
 */
export function whenIdle(start: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(start, { timeout: IDLE_START_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(start, 1000);
  return () => window.clearTimeout(timer);
}

/** A server-rendered part of the page's frame that has not woken up yet. */
export interface Waking {
  /** The part's module once loaded, or undefined when it failed to load. */
  module: Promise<unknown>;
  /** Loads it now: the shopper has reached for it. */
  hurry: () => void;
}

const waking = new Map<string, Waking & { begin: () => void }>();

/**
 * Parts of the page's frame that arrived rendered and wake up after the page (`remote/expose`
 * ids, ADR 0017 addendum): React hydrates the page without them and leaves their markup as the
 * server sent it; their modules load once `startWaking` has been called and the browser is idle,
 * or at once when `hurry` says the shopper has reached for one. A RemoteOutlet with start="idle"
 * waits for its part here instead of drawing its loading state over the server's markup.
 */
export function wakeLater(ids: readonly string[], idle: (start: () => void) => () => void = whenIdle): void {
  for (const id of ids) {
    if (waking.has(id)) continue;
    const [remote, expose] = id.split('/') as [RemoteName, string];
    let go: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      go = resolve;
    });
    let cancel: (() => void) | undefined;
    waking.set(id, {
      module: started.then(() => loadRemoteModule(remote, expose)).catch(() => undefined),
      begin: () => {
        cancel ??= idle(go);
      },
      hurry: () => {
        cancel?.();
        go();
      },
    });
  }
}

/** Starts the idle wait of every part `wakeLater` holds: once the page itself is hydrating. */
export function startWaking(): void {
  for (const part of waking.values()) part.begin();
}

/** The part `remote/expose` while it waits to wake up, else undefined. */
export const pendingWake = (remote: RemoteName, expose: string): Waking | undefined =>
  waking.get(`${remote}/${expose}`);
