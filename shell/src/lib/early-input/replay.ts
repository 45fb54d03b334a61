import { flushSync } from 'react-dom';
import { chooseAgain, isOwnedByReact, toggleFrom, typeInto } from './enter-again';
import { type EarlyInputEntry, type EarlyInputRecorder, POLL_MS, untilDrawn, whenIdle } from './signals';

/**
 * Does again, in order, what the page's first script kept (ADR 0025) and what it keeps meanwhile,
 * then stops it. As far as React owns the elements: a part of the page still waking up holds its
 * input and everything after it, so nothing is done out of order, and is looked at again every
 * POLL_MS until `deadline` (then the rest is given up). An
 * element React drew again in the meantime (a part rendered afresh in the browser) hands its
 * input to the element that took its place, when exactly one did; else the input goes with it.
 */
export async function replay(
  recorder: EarlyInputRecorder,
  entries: EarlyInputEntry[],
  deadline: number,
): Promise<void> {
  const waiting = [...entries];
  let justOwned = false;
  for (;;) {
    // What came in meanwhile, after what came before it; once nothing is left, the page listens.
    waiting.push(...recorder.take());
    if (waiting.length === 0) return recorder.stop();
    const [entry] = waiting;
    const target = entry.target.isConnected ? entry.target : counterpart(entry.target);
    if (!target) {
      waiting.shift();
      continue;
    }
    if (!isOwnedByReact(target)) {
      if (Date.now() >= deadline) return recorder.stop();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      // Marked while React renders it: one more look, after it has committed.
      justOwned = true;
      continue;
    }
    if (justOwned) {
      justOwned = false;
      await whenIdle();
      continue;
    }
    waiting.shift();
    // Text typed again later into the same field (or into the one that took its place) says it all.
    const resolved = (later: EarlyInputEntry) => (later.target.isConnected ? later.target : counterpart(later.target));
    if (entry.kind === 'type' && waiting.some((later) => later.kind === 'type' && resolved(later) === target)) continue;
    // Each as its own event, its updates drawn before the next: a second tap sees the first's
    // result, also when the first moved the page to a new address.
    recorder.pass(() => flushSync(() => enterAgain({ ...entry, target } as EarlyInputEntry)));
    await untilDrawn();
  }
}

/** The one element of the page now in the place of `gone`: same kind, same name (and value, for a box). */
function counterpart(gone: HTMLElement): HTMLElement | undefined {
  const same = (candidate: HTMLElement) => {
    if (candidate.tagName !== gone.tagName) return false;
    const name = gone.getAttribute('name');
    if (name) {
      if (candidate.getAttribute('name') !== name) return false;
      if (gone instanceof HTMLInputElement && candidate instanceof HTMLInputElement)
        return (
          candidate.type === gone.type && (!/^(checkbox|radio)$/.test(gone.type) || candidate.value === gone.value)
        );
      return true;
    }
    const label = (element: HTMLElement) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';
    return gone.tagName === 'BUTTON' && label(candidate) === label(gone) && label(gone) !== '';
  };
  const found = [...document.querySelectorAll<HTMLElement>(gone.tagName)].filter(same);
  return found.length === 1 ? found[0] : undefined;
}

function enterAgain(entry: EarlyInputEntry): void {
  switch (entry.kind) {
    case 'press':
      if (!(entry.target as HTMLButtonElement).disabled) entry.target.click();
      return;
    case 'toggle':
      if (!entry.target.disabled) toggleFrom(entry.target, entry.before);
      return;
    case 'type':
      typeInto(entry.target, entry.value);
      return;
    case 'choose':
      chooseAgain(entry.target, entry.value);
      return;
    case 'send':
      entry.target.requestSubmit();
      return;
  }
}
