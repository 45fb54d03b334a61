/** The longest a server-rendered page waits for its first paint before its code starts anyway. */
export const FIRST_PAINT_WAIT_MS = 3000;

interface Env {
  doc: Document;
  /** The browser's paint timing (undefined where there is none). */
  observer?: typeof PerformanceObserver;
  timing: Pick<Performance, 'getEntriesByType'>;
  frame: (callback: () => void) => void;
  later: (callback: () => void, ms: number) => void;
}

const browser = (): Env => ({
  doc: document,
  observer: typeof PerformanceObserver === 'undefined' ? undefined : PerformanceObserver,
  timing: performance,
  frame: (callback) => requestAnimationFrame(() => callback()),
  later: (callback, ms) => setTimeout(callback, ms),
});

/**
 * Runs `start` once a server-rendered page shows what it came with: its first contentful paint
 * (as the browser's paint timing reports it, after the frame is presented) and its main picture
 * (the image marked fetchpriority=high) loaded, then one more frame. Until then the page's code
 * does not compete with the picture for the network or with the paint for the main thread; the
 * page's links work without it. After FIRST_PAINT_WAIT_MS it starts whatever happened.
 */
export function afterFirstPaint(start: () => void, env: Env = browser()): void {
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    start();
  };
  env.later(go, FIRST_PAINT_WAIT_MS);

  const painted = new Promise<void>((resolve) => {
    const { observer } = env;
    if (!observer || !observer.supportedEntryTypes?.includes('paint')) {
      // No paint timing: a frame callback runs once the page can render, the timeout after it once it has.
      env.frame(() => env.later(resolve, 0));
      return;
    }
    const isFirstContentfulPaint = (entry: PerformanceEntry) => entry.name === 'first-contentful-paint';
    if (env.timing.getEntriesByType('paint').some(isFirstContentfulPaint)) return resolve();
    const watcher = new observer((list) => {
      if (!list.getEntries().some(isFirstContentfulPaint)) return;
      watcher.disconnect();
      resolve();
    });
    watcher.observe({ type: 'paint', buffered: true });
  });
  const picture = env.doc.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  const pictureLoaded = new Promise<void>((resolve) => {
    if (!picture || picture.complete) return resolve();
    picture.addEventListener('load', () => resolve(), { once: true });
    picture.addEventListener('error', () => resolve(), { once: true });
  });
  void Promise.all([painted, pictureLoaded]).then(() => env.frame(() => env.later(go, 0)));
}
