import { eventually } from '@shop/node-kit/testing';
import { Redis } from 'ioredis';
import { type RateLimiter, createMemoryRateLimiter, createRedisRateLimiter } from './rate-limiter';

interface Subject {
  limiter: RateLimiter;
  close: () => void;
  /** Moves the limiter's clock on, where it has one of ours; Redis keeps its own. */
  advance?: (ms: number) => void;
}

describe.each<[string, () => Subject]>([
  [
    'memory',
    () => {
      let clock = Date.now();
      return { limiter: createMemoryRateLimiter(() => clock), close: () => undefined, advance: (ms) => (clock += ms) };
    },
  ],
  [
    'redis',
    () => {
      const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
      return { limiter: createRedisRateLimiter(redis), close: () => redis.disconnect() };
    },
  ],
])('%s rate limiter', (_name, make) => {
  const { limiter, close, advance } = make();
  afterAll(() => close());
  const key = `test:${Date.now()}:${Math.random()}`;

  it('counts hits within a window, and resets', async () => {
    expect(await limiter.hit(key, 60_000)).toBe(1);
    expect(await limiter.hit(key, 60_000)).toBe(2);
    expect(await limiter.count(key)).toBe(2);
    await limiter.reset(key);
    expect(await limiter.count(key)).toBe(0);
  });

  it('gives each of many concurrent hits its own count, so a limit read from it holds under a race', async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => limiter.hit(`${key}:race`, 60_000)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('takes back one hit of a live window, never below zero and never reviving an ended one', async () => {
    await limiter.hit(`${key}:release`, 60_000);
    await limiter.hit(`${key}:release`, 60_000);
    await limiter.release(`${key}:release`);
    expect(await limiter.count(`${key}:release`)).toBe(1);
    expect(await limiter.msUntilReset(`${key}:release`)).toBeGreaterThan(0);
    await limiter.release(`${key}:release`);
    await limiter.release(`${key}:release`);
    expect(await limiter.count(`${key}:release`)).toBe(0);
    await limiter.release(`${key}:never`);
    expect(await limiter.count(`${key}:never`)).toBe(0);
    expect(await limiter.hit(`${key}:never`, 60_000)).toBe(1);
  });

  it('tells how long until a window ends', async () => {
    await limiter.hit(`${key}:ttl`, 60_000);
    const left = await limiter.msUntilReset(`${key}:ttl`);
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(60_000);
    expect(await limiter.msUntilReset(`${key}:none`)).toBe(0);
  });

  it('forgets a window once it has passed', async () => {
    await limiter.hit(`${key}:short`, 50);
    if (advance) {
      expect(await limiter.count(`${key}:short`)).toBe(1);
      advance(49);
      expect(await limiter.count(`${key}:short`)).toBe(1);
      advance(1);
      expect(await limiter.count(`${key}:short`)).toBe(0);
    } else {
      // Redis expires the key on its own clock: wait for that, not for a guessed time.
      await eventually(async () => expect(await limiter.count(`${key}:short`)).toBe(0), { timeoutMs: 2_000 });
    }
  });
});
