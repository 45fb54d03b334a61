import { eventually } from './eventually';

describe('eventually', () => {
  it('returns what the probe returns once it stops throwing', async () => {
    let tries = 0;
    const value = await eventually(() => {
      tries += 1;
      if (tries < 3) throw new Error('not yet');
      return 'ready';
    });
    expect(value).toBe('ready');
    expect(tries).toBe(3);
  });

  it('fails with the probe’s last error when the condition never holds', async () => {
    let tries = 0;
    const failure = await eventually(
      () => {
        tries += 1;
        throw new Error(`not ready after ${tries} tries`);
      },
      { timeoutMs: 60, intervalMs: 10 },
    ).catch((error: unknown) => error);
    // The error is the last probe's own, not a generic timeout.
    expect(failure).toEqual(new Error(`not ready after ${tries} tries`));
    expect(tries).toBeGreaterThan(1);
  });

  it('tries once without waiting when the condition already holds', async () => {
    const started = Date.now();
    await expect(eventually(async () => 42, { intervalMs: 1_000 })).resolves.toBe(42);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
