/** What the take and the replay of early input share (ADR 0025). */

/** One thing the page's first script kept (EARLY_INPUT_SCRIPT in @shop/contracts writes them). */
export type EarlyInputEntry =
  /** A button (or a control working as one) pressed: pressed again. */
  | { kind: 'press'; target: HTMLElement }
  /** A checkbox or radio button changed; `before` is its state before the change. */
  | { kind: 'toggle'; target: HTMLInputElement; before: boolean }
  /** Text typed into a field: `value` is what the field held after the last keystroke. */
  | { kind: 'type'; target: HTMLInputElement | HTMLTextAreaElement; value: string }
  /** An option chosen in a list: `value` is the option's. */
  | { kind: 'choose'; target: HTMLSelectElement; value: string }
  /** A form sent (Enter in a field) that has no address of its own to go to: sent again. */
  | { kind: 'send'; target: HTMLFormElement };

/** The page's first script, as the page global offers it (EARLY_INPUT_SCRIPT). */
export interface EarlyInputRecorder {
  /** Hands over what was kept since the last take, oldest first; it keeps listening. */
  take(): EarlyInputEntry[];
  /** Runs `run`, letting through the events it dispatches. */
  pass(run: () => void): void;
  /** Stops listening: the page has all the input from now on. */
  stop(): void;
}

/** How often the page is looked at while a part of it still wakes up. */
export const POLL_MS = 50;
/** The address (path and query) React last drew the page for; see `noteDrawnAddress`. */
let drawn: string | undefined;
let onDrawn: Array<() => void> = [];
const addressNow = () => `${window.location.pathname}${window.location.search}`;

/**
 * Called by the shell each time React has drawn the page for a new address. The router draws a
 * new address as a transition, which `flushSync` does not hurry: a choice that moved to a new
 * address (a size, a filter) is drawn a moment later, and the next choice must start from it.
 */
export function noteDrawnAddress(address: string): void {
  drawn = address;
  const waiters = onDrawn;
  onDrawn = [];
  for (const resolve of waiters) resolve();
}

/** Resolves once React has drawn the address the page is at now (or after `limitMs`). */
export function untilDrawn(limitMs = 3000): Promise<void> {
  const deadline = Date.now() + limitMs;
  return new Promise((resolve) => {
    const check = () => {
      if (drawn === undefined || drawn === addressNow() || Date.now() >= deadline) return resolve();
      onDrawn.push(check);
      setTimeout(check, Math.max(0, deadline - Date.now()));
    };
    check();
  });
}

/** Resolves when the browser next has nothing to do (at most a second later). */
export function whenIdle(win: Window = window): Promise<void> {
  return new Promise((resolve) => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(() => resolve(), { timeout: 1000 });
    else win.setTimeout(resolve, POLL_MS);
  });
}
