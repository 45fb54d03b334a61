import { Redis } from 'ioredis';
import { createMemoryRateLimiter, createRedisRateLimiter } from './rate-limiter';

describe.each([
  ['memory', () => ({ limiter: createMemoryRateLimiter(), close: () => undefined })],
  [
    'redis',
    () => {
      const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
      return { limiter: createRedisRateLimiter(redis), close: () => redis.disconnect() };
    },
  ],
])('%s rate limiter', (_name, make) => {
  const { limiter, close } = make();
  afterAll(() => close());
  const key = `test:${Date.now()}:${Math.random()}`;

  it('counts hits within a window, and resets', async () => {
    expect(await limiter.hit(key, 60_000)).toBe(1);
    expect(await limiter.hit(key, 60_000)).toBe(2);
    expect(await limiter.count(key)).toBe(2);
    await limiter.reset(key);
    expect(await limiter.count(key)).toBe(0);
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
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await limiter.count(`${key}:short`)).toBe(0);
  });
});
