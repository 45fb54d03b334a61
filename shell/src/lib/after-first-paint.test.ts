import { FIRST_PAINT_WAIT_MS, afterFirstPaint } from './after-first-paint';

/** A browser whose paint timing, frames and timers the test drives. */
function fakeBrowser({ paintTiming = true, painted = false } = {}) {
  const frames: Array<() => void> = [];
  const timers: Array<{ at: number; run: () => void }> = [];
  let now = 0;
  let report: ((list: { getEntries: () => PerformanceEntry[] }) => void) | undefined;
  const fcp = { name: 'first-contentful-paint' } as PerformanceEntry;
  class Observer {
    static supportedEntryTypes = paintTiming ? ['paint', 'largest-contentful-paint'] : [];
    constructor(callback: typeof report) {
      report = callback;
    }
    observe() {}
    disconnect() {
      report = undefined;
    }
  }
  const env = {
    doc: document,
    observer: Observer as unknown as typeof PerformanceObserver,
    timing: { getEntriesByType: () => (painted ? [fcp] : []) },
    frame: (callback: () => void) => frames.push(callback),
    later: (callback: () => void, ms: number) => timers.push({ at: now + ms, run: callback }),
  };
  const settle = async () => {
    for (let round = 0; round < 5; round += 1) {
      await Promise.resolve();
      frames.splice(0).forEach((run) => run());
      const due = timers.filter((timer) => timer.at <= now);
      due.forEach((timer) => timers.splice(timers.indexOf(timer), 1));
      due.forEach((timer) => timer.run());
    }
  };
  return {
    env,
    settle,
    paint: () => report?.({ getEntries: () => [fcp] }),
    advance: async (ms: number) => {
      now += ms;
      await settle();
    },
  };
}

describe('a server-rendered page’s code', () => {
  beforeEach(() => {
    document.body.innerHTML = '<main><h1>Bras</h1><img fetchpriority="high" src="/media/bra.svg" alt=""></main>';
  });

  it('starts once the page has painted and its main picture has loaded, a frame later', async () => {
    const browser = fakeBrowser();
    const start = jest.fn();
    afterFirstPaint(start, browser.env);
    await browser.settle();
    browser.paint();
    await browser.settle();
    expect(start).not.toHaveBeenCalled();
    document.querySelector('img')?.dispatchEvent(new Event('load'));
    await browser.settle();
    expect(start).toHaveBeenCalledTimes(1);
    await browser.advance(FIRST_PAINT_WAIT_MS);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts after a frame when the page painted already and has no main picture', async () => {
    document.body.innerHTML = '<main><h1>Our stores</h1></main>';
    const browser = fakeBrowser({ painted: true });
    const start = jest.fn();
    afterFirstPaint(start, browser.env);
    await browser.settle();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts when the picture fails, and without paint timing after a painted frame', async () => {
    const browser = fakeBrowser({ paintTiming: false });
    const start = jest.fn();
    afterFirstPaint(start, browser.env);
    document.querySelector('img')?.dispatchEvent(new Event('error'));
    await browser.settle();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts anyway when no paint is reported in time', async () => {
    const browser = fakeBrowser();
    const start = jest.fn();
    afterFirstPaint(start, browser.env);
    await browser.advance(FIRST_PAINT_WAIT_MS - 1);
    expect(start).not.toHaveBeenCalled();
    await browser.advance(1);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
