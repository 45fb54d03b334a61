import type { Redis } from 'ioredis';

export interface RateLimiter {
  /** Adds one to the key's count in the current window; returns the count after adding. */
  hit(key: string, windowMs: number): Promise<number>;
  count(key: string): Promise<number>;
  /**
   * Takes back one hit of a live window (never below zero, the window's end unchanged): an attempt
   * counted up front that reached no verdict (an upstream outage) gives its place back.
   */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** How long until the key's window ends (0 when it has none): a 429's Retry-After. */
  msUntilReset(key: string): Promise<number>;
}

/** One process: counts in memory, each key expiring with its window. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async hit(key, windowMs) {
      if (windows.size > 100_000) for (const [k, v] of windows) if (v.resetAt <= now()) windows.delete(k);
      const entry = live(key) ?? { count: 0, resetAt: now() + windowMs };
      entry.count += 1;
      windows.set(key, entry);
      return entry.count;
    },
    count: async (key) => live(key)?.count ?? 0,
    async release(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    reset: async (key) => void windows.delete(key),
    msUntilReset: async (key) => Math.max(0, (live(key)?.resetAt ?? now()) - now()),
  };
}

/** DECR of a live key only, and never below zero: a window that ended is not brought back without its expiry. */
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('get', KEYS[1]) or '0')
if count > 0 then return redis.call('decr', KEYS[1]) end
return 0`;

/**
 * Several gateway instances: counts in Redis (INCR with an expiry set on the first hit, in one
 * MULTI, so concurrent hits on any instance each get their own count).
 */
export function createRedisRateLimiter(redis: Redis): RateLimiter {
  const prefix = 'shop:rl:';
  return {
    async hit(key, windowMs) {
      const [[, count]] = (await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec()) as [[unknown, number]];
      return count;
    },
    count: async (key) => Number((await redis.get(prefix + key)) ?? 0),
    release: async (key) => void (await redis.eval(RELEASE_SCRIPT, 1, prefix + key)),
    reset: async (key) => void (await redis.del(prefix + key)),
    msUntilReset: async (key) => Math.max(0, await redis.pttl(prefix + key)),
  };
}
