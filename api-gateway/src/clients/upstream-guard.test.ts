import { CommerceRequestError } from './commercetools/commerce-request-error';
import { UpstreamFault, UpstreamUnavailableError, createUpstreamGuard } from './upstream-guard';

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
/** Moves the wall clock the breaker reads (cockatiel and the guard use Date.now) instead of waiting for it. */
const advanceClock = (ms: number) => {
  const moved = Date.now() + ms;
  jest.spyOn(Date, 'now').mockImplementation(() => moved);
};
afterEach(() => jest.restoreAllMocks());

function counted() {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    fault: async () => {
      calls += 1;
      throw new UpstreamFault('down');
    },
    refusal: async () => {
      calls += 1;
      throw new CommerceRequestError(409, 'DuplicateField', 'taken', {}, undefined);
    },
    ok: async () => {
      calls += 1;
      return 'answer';
    },
  };
}

describe('upstream guard', () => {
  it('turns a fault into UpstreamUnavailableError and, after consecutive faults, fails without calling the upstream', async () => {
    const guard = createUpstreamGuard('commerce', silent, { failures: 3, halfOpenAfterMs: 10_000 });
    const upstream = counted();
    for (let i = 0; i < 3; i += 1)
      await expect(guard.run(upstream.fault)).rejects.toBeInstanceOf(UpstreamUnavailableError);
    expect(guard.state).toBe('open');
    const error = await guard.run(upstream.ok).catch((e: unknown) => e);
    expect(error).toMatchObject({ upstream: 'commerce', message: 'commerce unavailable: circuit open' });
    // Retry-After is the time left until a probe may go through.
    expect((error as UpstreamUnavailableError).retryAfterSeconds).toBeGreaterThanOrEqual(9);
    expect((error as UpstreamUnavailableError).retryAfterSeconds).toBeLessThanOrEqual(10);
    expect(upstream.calls).toBe(3);
  });

  it('passes domain errors through untouched and never counts them as failures', async () => {
    const guard = createUpstreamGuard('commerce', silent, { failures: 2, halfOpenAfterMs: 10_000 });
    const upstream = counted();
    for (let i = 0; i < 5; i += 1)
      await expect(guard.run(upstream.refusal)).rejects.toBeInstanceOf(CommerceRequestError);
    await expect(guard.run(upstream.fault)).rejects.toBeInstanceOf(UpstreamUnavailableError);
    await expect(guard.run(upstream.refusal)).rejects.toBeInstanceOf(CommerceRequestError);
    expect(guard.state).toBe('closed');
    await expect(guard.run(upstream.ok)).resolves.toBe('answer');
  });

  it('lets one probe through once half-open, fails the others at once, and closes when the probe succeeds', async () => {
    const guard = createUpstreamGuard('captcha', silent, { failures: 1, halfOpenAfterMs: 100 });
    const upstream = counted();
    await expect(guard.run(upstream.fault)).rejects.toBeInstanceOf(UpstreamUnavailableError);
    advanceClock(100);
    let release: (value: string) => void = () => undefined;
    const probe = guard.run(() => new Promise<string>((resolve) => (release = resolve)));
    await expect(guard.run(upstream.ok)).rejects.toMatchObject({
      retryAfterSeconds: 1,
      message: 'captcha unavailable: probing',
    });
    release('probed');
    await expect(probe).resolves.toBe('probed');
    expect(guard.state).toBe('closed');
    await expect(guard.run(upstream.ok)).resolves.toBe('answer');
  });

  it('abandons a call at its deadline, aborts its signal, and counts the timeout as a fault', async () => {
    const guard = createUpstreamGuard('crm', silent, { failures: 1, halfOpenAfterMs: 10_000 });
    let aborted = false;
    const hanging = guard.run(() =>
      guard.within(50, (signal) => {
        signal.addEventListener('abort', () => (aborted = true));
        return new Promise<never>(() => undefined);
      }),
    );
    await expect(hanging).rejects.toMatchObject({ upstream: 'crm', message: 'crm unavailable: timed out' });
    expect(aborted).toBe(true);
    expect(guard.state).toBe('open');
  });
});
