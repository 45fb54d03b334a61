import { Redis } from 'ioredis';
import { createMemoryRevocationStore, createRedisRevocationStore } from './revocation-store';

describe.each([
  ['memory', () => ({ store: createMemoryRevocationStore(), close: () => undefined })],
  [
    'redis',
    () => {
      const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
      return { store: createRedisRevocationStore(redis), close: () => redis.disconnect() };
    },
  ],
])('%s revocation store', (_name, make) => {
  const { store, close } = make();
  afterAll(() => close());

  it('remembers an ended session until it would have expired', async () => {
    const id = `session-${Math.random()}`;
    expect(await store.isRevoked(id)).toBe(false);
    await store.revoke(id, Date.now() / 1000 + 60);
    expect(await store.isRevoked(id)).toBe(true);
    const expired = `session-${Math.random()}`;
    await store.revoke(expired, Date.now() / 1000 - 10);
    expect(await store.isRevoked(expired)).toBe(false);
  });
});
