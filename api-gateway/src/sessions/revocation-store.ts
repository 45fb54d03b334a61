import { appendFile, mkdir } from 'node:fs/promises';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Redis } from 'ioredis';
import { SESSION_MAX_AGE_SECONDS } from './session-token';

/** What a revocation check needs to know about a session. */
export interface SessionRef {
  jti: string;
  /** The signed-in customer; guests have none. */
  customerId?: string;
  issuedAtMs: number;
}

/**
 * Sessions ended before they expire. Stateless cookies stay stateless: only ended session ids
 * (sign-out) and per-customer cut-off times (a password reset ends every session issued before
 * it) are kept, each until every cookie it concerns would have expired anyway.
 */
export interface RevocationStore {
  revoke(sessionId: string, expiresAtSeconds: number): Promise<void>;
  /** Every session of the customer issued before `beforeMs` stops working. */
  revokeCustomer(customerId: string, beforeMs: number): Promise<void>;
  isRevoked(session: SessionRef): Promise<boolean>;
}

const MAX_AGE_MS = SESSION_MAX_AGE_SECONDS * 1000;

type Entry = { jti: string; exp: number } | { customer: string; before: number };

/** The index both the memory and the file store keep. */
function createIndex(now: () => number) {
  const sessions = new Map<string, number>();
  const customers = new Map<string, number>();
  const live = (entry: Entry) => ('jti' in entry ? entry.exp * 1000 > now() : entry.before + MAX_AGE_MS > now());
  const sweep = () => {
    for (const [id, exp] of sessions) if (exp * 1000 <= now()) sessions.delete(id);
    for (const [id, before] of customers) if (before + MAX_AGE_MS <= now()) customers.delete(id);
  };
  return {
    live,
    add(entry: Entry) {
      if (sessions.size + customers.size > 100_000) sweep();
      if ('jti' in entry) sessions.set(entry.jti, entry.exp);
      else customers.set(entry.customer, Math.max(entry.before, customers.get(entry.customer) ?? 0));
    },
    isRevoked({ jti, customerId, issuedAtMs }: SessionRef) {
      const exp = sessions.get(jti);
      if (exp !== undefined && exp * 1000 > now()) return true;
      const before = customerId === undefined ? undefined : customers.get(customerId);
      return before !== undefined && issuedAtMs < before;
    },
    entries(): Entry[] {
      sweep();
      return [
        ...[...sessions].map(([jti, exp]) => ({ jti, exp })),
        ...[...customers].map(([customer, before]) => ({ customer, before })),
      ];
    },
  };
}

function storeOver(index: ReturnType<typeof createIndex>, persist: (entry: Entry) => Promise<void>): RevocationStore {
  const add = async (entry: Entry) => {
    // An entry about cookies that have all expired needs no keeping: the cookie check refuses them.
    if (!index.live(entry)) return;
    await persist(entry);
    index.add(entry);
  };
  return {
    revoke: (jti, exp) => add({ jti, exp }),
    revokeCustomer: (customer, before) => add({ customer, before }),
    isRevoked: async (session) => index.isRevoked(session),
  };
}

/**
 * One gateway without Redis: an append-only JSON-lines file in the data folder, read back (and
 * compacted to its live entries) on start, so a signed-out cookie stays refused after a restart.
 * Each revocation is on disk before the request that made it is answered.
 */
export function createFileRevocationStore(path: string, now: () => number = Date.now): RevocationStore {
  const index = createIndex(now);
  if (existsSync(path)) {
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      try {
        const entry = JSON.parse(line) as Entry;
        const valid =
          ('jti' in entry && typeof entry.jti === 'string' && typeof entry.exp === 'number') ||
          ('customer' in entry && typeof entry.customer === 'string' && typeof entry.before === 'number');
        if (valid && index.live(entry)) index.add(entry);
      } catch {
        // A torn last line (a crash mid-write) is skipped; every complete line before it counts.
      }
    }
  }
  const compacted = index
    .entries()
    .map((entry) => `${JSON.stringify(entry)}\n`)
    .join('');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.tmp`, compacted, { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
  return storeOver(index, async (entry) => {
    await mkdir(dirname(path), { recursive: true });
    await appendFile(path, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
  });
}

/** Several gateway instances: ended session ids and customer cut-offs in Redis, expiring with the cookies they concern. */
export function createRedisRevocationStore(redis: Redis, now: () => number = Date.now): RevocationStore {
  const sessionKey = (id: string) => `shop:revoked:${id}`;
  const customerKey = (id: string) => `shop:sessions-before:${id}`;
  return {
    async revoke(sessionId, expiresAtSeconds) {
      if (expiresAtSeconds * 1000 <= now()) return;
      await redis.set(sessionKey(sessionId), '1', 'PXAT', Math.ceil(expiresAtSeconds * 1000));
    },
    async revokeCustomer(customerId, beforeMs) {
      // Lua keeps the later cut-off when two resets race, in one round trip.
      await redis.eval(
        "local c = tonumber(redis.call('GET', KEYS[1]) or '0') if tonumber(ARGV[1]) > c then redis.call('SET', KEYS[1], ARGV[1], 'PXAT', ARGV[2]) end",
        1,
        customerKey(customerId),
        String(beforeMs),
        String(beforeMs + MAX_AGE_MS),
      );
    },
    async isRevoked({ jti, customerId, issuedAtMs }) {
      const [revoked, before] = await redis.mget(sessionKey(jti), customerKey(customerId ?? ''));
      return revoked !== null || (customerId !== undefined && before !== null && issuedAtMs < Number(before));
    },
  };
}
