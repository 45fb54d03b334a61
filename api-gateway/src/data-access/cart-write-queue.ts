import { createHash, randomUUID } from 'node:crypto';
import type { Logger } from '@shop/node-kit';
import type { Redis } from 'ioredis';

/**
 * Writes to one cart run one at a time (SPEC §4's serial queue, on the server side too): a
 * write reads the cart's version and updates at that version, so two writes that overlap
 * would make one of them retry on ConcurrentModification. Queuing per cart keeps retries near
 * zero under concurrency. Writes to different carts never wait for each other.
 *
 * `run(key, task)` resolves or rejects with the task's own result once every earlier task with
 * the same key has settled. The in-memory queue orders tasks within one gateway process; where
 * `REDIS_URL` is set, a Redis-backed implementation orders them across instances.
 *
 * The queue keeps retries down; it is not what keeps a cart correct. Every cart write is an
 * update at the version it read, so two writes that do overlap (a lease lost to a stalled
 * process, see createRedisCartWriteQueue) still cannot lose an update: one of them retries.
 */
export interface CartWriteQueue {
  run<T>(key: string, task: (turn: CartWriteTurn) => Promise<T>): Promise<T>;
  /** Stops accepting work and releases what it holds (connections, timers). */
  close(): Promise<void>;
}

/** What a task learns about its turn. */
export interface CartWriteTurn {
  /**
   * Aborted when the turn can no longer be held alone (the Redis lease was lost, could not be
   * renewed, or the task ran past its longest turn). A task checks it before each upstream write
   * and stops; what it already wrote stands, guarded by the cart's version.
   */
  signal: AbortSignal;
}

/** Why a write did not get its turn: answered as 503 with Retry-After, the write not attempted. */
export class CartQueueUnavailableError extends Error {
  constructor(
    /** `timeout`: the cart stayed busy past the longest wait; `unavailable`: Redis failed; `closed`: shutting down. */
    readonly reason: 'timeout' | 'unavailable' | 'closed',
    readonly retryAfterSeconds: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CartQueueUnavailableError';
  }
}

/** One process: a promise chain per key, dropped once it has drained. */
export function createMemoryCartWriteQueue(): CartWriteQueue {
  const chain = createLocalChain();
  let closed = false;
  return {
    async run<T>(key: string, task: (turn: CartWriteTurn) => Promise<T>): Promise<T> {
      if (closed) throw closedError();
      const turn = chain.enter(key);
      await turn.ready;
      try {
        return await task({ signal: new AbortController().signal });
      } finally {
        turn.leave();
      }
    },
    async close() {
      closed = true;
    },
  };
}

const closedError = () =>
  new CartQueueUnavailableError('closed', 1, 'The gateway is shutting down; the cart was not changed.');

/**
 * Tasks of one key in this process, one after the other in arrival order: `ready` resolves when
 * every earlier entry has left; `leave` lets the next one go. The chain of a key is dropped once
 * it has drained.
 */
function createLocalChain() {
  const tails = new Map<string, Promise<void>>();
  return {
    enter(key: string) {
      const previous = tails.get(key) ?? Promise.resolve();
      let leave!: () => void;
      const left = new Promise<void>((resolve) => (leave = resolve));
      // The next entry waits for this one and for every one before it, even if this one leaves early.
      const tail = Promise.all([previous, left]).then(() => undefined);
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return { ready: previous, leave };
    },
  };
}

export interface RedisCartWriteQueueOptions {
  logger?: Logger;
  /** How long a turn is held without renewal; the holder renews it every third of that while its task runs. */
  leaseMs?: number;
  /** The longest a write waits for its turn (in this process and in Redis) before CartQueueUnavailableError. */
  maxWaitMs?: number;
  /** The longest turn: past it the lease is no longer renewed and the task's signal is aborted. */
  maxRunMs?: number;
  /** A waiter not heard from for this long (its process died) loses its place; waiters refresh every third of it. */
  waiterTtlMs?: number;
  /** Key and channel prefix; tests use their own. */
  prefix?: string;
}

const DEFAULTS = { leaseMs: 5_000, maxWaitMs: 15_000, maxRunMs: 30_000, waiterTtlMs: 3_000, prefix: 'shop:cartq' };

// Every script takes the cart's keys in this order: its line (waiter ids, first come first),
// its waiters' last signs of life (a sorted set of alive-until times), its lease, its fencing
// counter. The keys of one cart share a hash tag, so one cluster slot. Wake-ups name the waiter
// first in line, so only that one tries again (the others could not take the turn anyway).
const PRELUDE = `local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local function first(keep)
  while true do
    local head = redis.call('LINDEX', KEYS[1], 0)
    if not head or head == keep then return head end
    local alive = redis.call('ZSCORE', KEYS[2], head)
    if alive and tonumber(alive) > now then return head end
    redis.call('LPOP', KEYS[1])
    redis.call('ZREM', KEYS[2], head)
  end
end
local function wakeFirst(channel)
  local head = first(nil)
  if head then redis.call('PUBLISH', channel, head) end
end
`;

/**
 * ARGV: waiter id, lease ms, waiter ttl ms, channel, fence ttl ms. A waiter whose place was not
 * refreshed in time (its process died) is dropped when it reaches the front. Returns {1, fence}
 * when the caller now holds the lease, else {0, 0} with the caller in line.
 */
const ACQUIRE = `${PRELUDE}
local id = ARGV[1]
local head = first(id)
local free = redis.call('EXISTS', KEYS[3]) == 0
if free and (not head or head == id) then
  if head == id then redis.call('LPOP', KEYS[1]) end
  redis.call('ZREM', KEYS[2], id)
  local fence = redis.call('INCR', KEYS[4])
  redis.call('PEXPIRE', KEYS[4], ARGV[5])
  redis.call('SET', KEYS[3], id .. ' ' .. fence, 'PX', ARGV[2])
  return {1, fence}
end
if not redis.call('ZSCORE', KEYS[2], id) then redis.call('RPUSH', KEYS[1], id) end
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[3]), id)
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]) * 2)
redis.call('PEXPIRE', KEYS[2], tonumber(ARGV[3]) * 2)
-- The turn is free but another waiter is first: it may have missed its wake-up.
if free then redis.call('PUBLISH', ARGV[4], head) end
return {0, 0}`;

/** ARGV: lease value, lease ms. 1 when still ours and extended. */
const RENEW = `if redis.call('GET', KEYS[3]) ~= ARGV[1] then return 0 end
redis.call('PEXPIRE', KEYS[3], ARGV[2])
return 1`;

/**
 * ARGV: lease value, channel. Frees the lease if it is still ours; if it is free now (freed, or
 * lapsed while the task ran), wakes the first waiter. 1 when it was still ours.
 */
const RELEASE = `${PRELUDE}
local holder = redis.call('GET', KEYS[3])
if holder == ARGV[1] then redis.call('DEL', KEYS[3]) end
if holder == ARGV[1] or not holder then wakeFirst(ARGV[2]) end
if holder == ARGV[1] then return 1 end
return 0`;

/** ARGV: waiter id, channel. A waiter that gives up leaves the line; if the turn is free, the next one is woken. */
const LEAVE = `${PRELUDE}
redis.call('LREM', KEYS[1], 1, ARGV[1])
redis.call('ZREM', KEYS[2], ARGV[1])
if redis.call('EXISTS', KEYS[3]) == 0 then wakeFirst(ARGV[2]) end
return 1`;

const FENCE_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Several gateway instances: writes to one cart take turns through Redis, in arrival order.
 *
 * - Each process first chains a key's tasks itself, so it has at most one waiter per key in
 *   Redis. The waiter joins the cart's line (a list) and takes the lease (a key with an expiry)
 *   when it is first in line and the lease is free. The lease names the holder and a number
 *   that grows with every turn of the cart (a fencing token: a renewal or release acts only on
 *   the turn it was given, never on a later one).
 * - Waiting does not poll: a release publishes, on one channel, the id of the waiter now first
 *   in line, and that waiter tries again at once. A waiter also refreshes its place every third
 *   of `waiterTtlMs`: the fallback for a wake-up lost in a reconnect, and how a crashed holder's
 *   lapsed lease or a crashed waiter's place is noticed (a place not refreshed within
 *   `waiterTtlMs` is dropped when it reaches the front, so a dead waiter delays the line by
 *   `waiterTtlMs` at most).
 *   A write that waits past `maxWaitMs` leaves the line and fails with CartQueueUnavailableError.
 * - The holder renews its lease every third of `leaseMs` while its task runs, so a long task
 *   keeps its turn and a crashed instance holds a cart for at most `leaseMs`.
 *
 * The trade-off: a lease cannot stop a task that is already running. If the holder cannot renew
 * (Redis unreachable, the lease found taken after a stall longer than `leaseMs`), or its task
 * outlives `maxRunMs`, the task's signal is aborted before the lease can lapse, and a task stops
 * at its next check; an upstream call already sent still lands. Then, and only then, two writes
 * to one cart can overlap, and the cart's version (every commercetools update names the version
 * it read) makes the later one fail and retry: the version is the fence the commerce platform
 * enforces, so no update is lost. The task's own result is still returned, since what it wrote
 * stands. Failing the other way (never letting the next writer start without an explicit
 * release) would let one crashed instance block a cart for good.
 */
export function createRedisCartWriteQueue(redis: Redis, options: RedisCartWriteQueueOptions = {}): CartWriteQueue {
  const { leaseMs, maxWaitMs, maxRunMs, waiterTtlMs, prefix } = { ...DEFAULTS, ...options };
  const logger = options.logger;
  const channel = `${prefix}:wake`;
  const instance = randomUUID();
  let sequence = 0;
  let closed = false;
  const chain = createLocalChain();
  /** This process's Redis waiters (one per key at most) by waiter id, which is what a wake-up names. */
  const waiters = new Map<string, () => void>();
  const subscriber = redis.duplicate();
  subscriber.on('error', (error: Error) =>
    logger?.warn('Cart queue wake-up connection failed', { error: error.message }),
  );
  subscriber.on('message', (_channel: string, waiter: string) => waiters.get(waiter)?.());
  // Only for waking waiters early: until it is subscribed (and while it reconnects) they fall back on their refresh.
  subscriber
    .subscribe(channel)
    .catch((error: Error) => logger?.warn('Cart queue could not subscribe to wake-ups', { error: error.message }));

  const keysOf = (key: string) => {
    // The tag keeps a cart's keys in one cluster slot; encoding keeps braces in the key out of it.
    const base = `${prefix}:{${encodeURIComponent(key)}}`;
    return [`${base}:line`, `${base}:alive`, `${base}:lease`, `${base}:fence`];
  };
  const script = async (source: string, key: string, args: Array<string | number>) => {
    const sha = shaOf(source);
    const keys = keysOf(key);
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!String((error as Error).message).startsWith('NOSCRIPT')) throw error;
      return redis.eval(source, keys.length, ...keys, ...args);
    }
  };
  const unavailable = (error: unknown) =>
    new CartQueueUnavailableError(
      'unavailable',
      2,
      'The cart cannot be changed right now; nothing was changed. Please try again in a moment.',
      { cause: error },
    );
  const busy = () =>
    new CartQueueUnavailableError(
      'timeout',
      Math.max(1, Math.ceil(leaseMs / 1000)),
      'The cart is busy with other changes; nothing was changed. Please try again.',
    );

  /** Waits in the cart's line until this process holds its lease; the lease value, or an error. */
  async function acquire(key: string, deadline: number): Promise<string> {
    const id = `${instance}:${(sequence += 1)}`;
    const attempt = async () => {
      const [granted, fence] = (await script(ACQUIRE, key, [id, leaseMs, waiterTtlMs, channel, FENCE_TTL_MS])) as [
        number,
        number,
      ];
      return granted === 1 ? `${id} ${fence}` : undefined;
    };
    const leave = () =>
      script(LEAVE, key, [id, channel]).catch((error: Error) =>
        logger?.warn('Cart queue waiter could not leave the line', { error: error.message }),
      );
    let woken = false;
    let wake: () => void = () => undefined;
    waiters.set(id, () => {
      woken = true;
      wake();
    });
    try {
      for (;;) {
        if (closed) {
          await leave();
          throw closedError();
        }
        woken = false;
        let lease: string | undefined;
        try {
          lease = await attempt();
        } catch (error) {
          await leave();
          throw unavailable(error);
        }
        if (lease) return lease;
        const left = deadline - Date.now();
        if (left <= 0) {
          await leave();
          throw busy();
        }
        // A wake-up that arrived while the attempt was on its way is not lost.
        if (woken) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, waiterTtlMs / 3));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = () => undefined;
      }
    } finally {
      waiters.delete(id);
    }
  }

  /** Runs the task holding the lease: renewed while it runs, released (if still ours) when it ends. */
  async function hold<T>(key: string, lease: string, task: (turn: CartWriteTurn) => Promise<T>): Promise<T> {
    const control = new AbortController();
    const lose = (why: string) => {
      if (control.signal.aborted) return;
      logger?.warn('Cart write lost its turn', { reason: why });
      control.abort(Object.assign(new Error(`The cart write lost its turn: ${why}.`), { name: 'CartTurnLost' }));
    };
    // Stop before the lease can lapse: two thirds of the way through the time since the last renewal.
    let lapse = setTimeout(() => lose('its lease could not be renewed'), (leaseMs * 2) / 3);
    const renewals = setInterval(async () => {
      const sent = Date.now();
      try {
        if ((await script(RENEW, key, [lease, leaseMs])) !== 1) return lose('its lease was taken over');
        if (control.signal.aborted) return;
        clearTimeout(lapse);
        lapse = setTimeout(() => lose('its lease could not be renewed'), sent + (leaseMs * 2) / 3 - Date.now());
        lapse.unref();
      } catch (error) {
        logger?.warn('Cart queue could not renew a lease', { error: (error as Error).message });
      }
    }, leaseMs / 3);
    const longest = setTimeout(() => lose(`it ran longer than ${maxRunMs} ms`), maxRunMs);
    for (const timer of [lapse, renewals, longest]) timer.unref();
    control.signal.addEventListener('abort', () => clearInterval(renewals));
    try {
      return await task({ signal: control.signal });
    } finally {
      clearInterval(renewals);
      clearTimeout(lapse);
      clearTimeout(longest);
      await script(RELEASE, key, [lease, channel]).catch((error: Error) =>
        // The lease then lapses on its own after leaseMs.
        logger?.warn('Cart queue could not release a lease', { error: error.message }),
      );
    }
  }

  return {
    async run<T>(key: string, task: (turn: CartWriteTurn) => Promise<T>): Promise<T> {
      if (closed) throw closedError();
      const deadline = Date.now() + maxWaitMs;
      const turn = chain.enter(key);
      try {
        let timer: NodeJS.Timeout | undefined;
        const ready = await Promise.race([
          turn.ready.then(() => true),
          new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), maxWaitMs))),
        ]);
        clearTimeout(timer);
        if (!ready) throw busy();
        const lease = await acquire(key, deadline);
        return await hold(key, lease, task);
      } finally {
        turn.leave();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const wake of waiters.values()) wake();
      subscriber.disconnect();
    },
  };
}

const shas = new Map<string, string>();
const shaOf = (source: string) => {
  let sha = shas.get(source);
  if (!sha) shas.set(source, (sha = createHash('sha1').update(source).digest('hex')));
  return sha;
};
