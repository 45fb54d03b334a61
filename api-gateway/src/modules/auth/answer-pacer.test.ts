import { createAnswerPacer } from './answer-pacer';

describe('answer pacer', () => {
  const pacerWithClock = (initialMs: number) => {
    const waits: number[] = [];
    const pacer = createAnswerPacer({ initialMs, weight: 0.5, sleep: async (ms) => void waits.push(ms) });
    return { pacer, waits };
  };

  it('waits about as long as a wrong password has been taking, with jitter', async () => {
    const { pacer, waits } = pacerWithClock(500);
    await pacer.wait();
    expect(waits[0]).toBeGreaterThanOrEqual(425);
    expect(waits[0]).toBeLessThanOrEqual(575);
    pacer.observe(900);
    pacer.observe(900);
    await pacer.wait();
    // 500 -> 700 -> 800 with weight 0.5.
    expect(waits[1]).toBeGreaterThanOrEqual(680);
    expect(waits[1]).toBeLessThanOrEqual(920);
  });

  it('does not learn a stalled upstream’s delay beyond five seconds', async () => {
    const { pacer, waits } = pacerWithClock(500);
    for (let i = 0; i < 20; i += 1) pacer.observe(60_000);
    await pacer.wait();
    expect(waits[0]).toBeLessThanOrEqual(5_000 * 1.15);
  });
});
