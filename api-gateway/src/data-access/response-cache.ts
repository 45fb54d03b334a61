import type { Redis } from 'ioredis';

export interface ResponseCache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  /** Forgets these entries at once (a back-office change that must not wait for their expiry). */
  delete(keys: string[]): Promise<void>;
}

/** A bounded in-memory cache with per-entry expiry (least recently used entries go first). */
export function createMemoryCache(maxEntries = 2000, now: () => number = Date.now): ResponseCache {
  const entries = new Map<string, { value: unknown; expiresAt: number }>();
  return {
    async get<T>(key: string) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= now()) return undefined;
      entries.set(key, entry);
      return entry.value as T;
    },
    async set(key, value, ttlSeconds) {
      entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000 });
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    async delete(keys) {
      for (const key of keys) entries.delete(key);
    },
  };
}

/** Shared by every gateway instance through Redis. */
export function createRedisCache(redis: Redis): ResponseCache {
  return {
    async get<T>(key: string) {
      const text = await redis.get(`shop:cache:${key}`);
      return text ? (JSON.parse(text) as T) : undefined;
    },
    async set(key, value, ttlSeconds) {
      await redis.set(`shop:cache:${key}`, JSON.stringify(value), 'EX', ttlSeconds);
    },
    async delete(keys) {
      if (keys.length > 0) await redis.del(...keys.map((key) => `shop:cache:${key}`));
    },
  };
}

/**
 * The cache with each lookup counted as a hit or a miss, by the kind of key (its first segment:
 * `listing:...` counts as `listing`), for the service's metrics.
 */
export function countedCache(cache: ResponseCache, count: (cache: string, hit: boolean) => void): ResponseCache {
  return {
    ...cache,
    async get<T>(key: string) {
      const value = await cache.get<T>(key);
      count(/^[a-z-]{1,32}/i.exec(key)?.[0] ?? 'other', value !== undefined);
      return value;
    },
  };
}
