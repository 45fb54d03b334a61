/**
 * Sessions ended before they expire (sign-out). Stateless cookies stay stateless: only ended
 * session ids are kept, until the moment they would have expired anyway.
 */
export interface RevocationStore {
  revoke(sessionId: string, expiresAtSeconds: number): Promise<void>;
  isRevoked(sessionId: string): Promise<boolean>;
}

export function createMemoryRevocationStore(now: () => number = Date.now): RevocationStore {
  const revoked = new Map<string, number>();
  const sweep = () => {
    const seconds = now() / 1000;
    for (const [id, expiresAt] of revoked) if (expiresAt <= seconds) revoked.delete(id);
  };
  return {
    async revoke(sessionId, expiresAtSeconds) {
      if (revoked.size > 10_000) sweep();
      revoked.set(sessionId, expiresAtSeconds);
    },
    async isRevoked(sessionId) {
      const expiresAt = revoked.get(sessionId);
      return expiresAt !== undefined && expiresAt > now() / 1000;
    },
  };
}

/** Several gateway instances: ended session ids in Redis, each expiring with its session. */
export function createRedisRevocationStore(redis: import('ioredis').Redis): RevocationStore {
  const key = (id: string) => `shop:revoked:${id}`;
  return {
    async revoke(sessionId, expiresAtSeconds) {
      // An expired session needs no entry: the cookie check refuses it already.
      if (expiresAtSeconds <= Date.now() / 1000) return;
      await redis.set(key(sessionId), '1', 'EXAT', Math.ceil(expiresAtSeconds));
    },
    isRevoked: async (sessionId) => (await redis.exists(key(sessionId))) === 1,
  };
}
