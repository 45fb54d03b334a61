import { EARLY_INPUT_GLOBAL } from '@shop/contracts/browser';
import { isOwnedByReact } from './enter-again';
import { type EarlyInputRecorder, POLL_MS, whenIdle } from './signals';

/** How long input waits for the part of the page it was made in to wake up. */
const WAIT_FOR_PARTS_MS = 15_000;

/**
 * Takes what the page's first script kept while the page woke up (ADR 0025) and has it done
 * again now that the page listens, then stops the script. Called once React has taken the page
 * over; resolves when done. The script keeps listening until every control of the page is
 * React's (a part that hydrates after the root, its own Suspense boundary, would otherwise take
 * a tap as its own state, as the whole page did before; parts that wake up later hold their own
 * input) and until all it kept has been done again, so nothing overtakes what came before it.
 * The code that does input again loads only when there is some.
 */
export function takeEarlyInput(win: Window = window): Promise<void> {
  const recorder = (win as unknown as Partial<Record<string, EarlyInputRecorder>>)[EARLY_INPUT_GLOBAL];
  if (!recorder) return Promise.resolve();
  const deadline = Date.now() + WAIT_FOR_PARTS_MS;
  // React marks a node its own while it renders it, before it commits: the page counts as awake
  // once every control is React's and the browser has had a moment with nothing to do (React's
  // rendering, done in short tasks, is over by then).
  return new Promise<void>((resolve, reject) => {
    const take = () => {
      if (!pageIsAwake(win.document) && Date.now() < deadline) return void setTimeout(take, POLL_MS);
      void whenIdle(win).then(takeNow);
    };
    const takeNow = () => {
      const entries = recorder.take();
      if (entries.length === 0) {
        recorder.stop();
        return resolve();
      }
      // It keeps listening meanwhile: what comes in while the input is done again waits its turn.
      import('./replay')
        .then(({ replay }) => replay(recorder, entries, deadline))
        .then(resolve, (error: unknown) => {
          recorder.stop();
          reject(error);
        });
    };
    take();
  });
}

/** Whether React owns every control of the page, but those of parts that wake up later. */
function pageIsAwake(doc: Document): boolean {
  const root = doc.getElementById('root');
  if (!root) return true;
  for (const control of root.querySelectorAll<HTMLElement>('button, input, select, textarea')) {
    if ((control as HTMLInputElement).type === 'hidden' || control.closest('[data-wakes-later]')) continue;
    if (!isOwnedByReact(control)) return false;
  }
  return true;
}
