import { randomUUID } from 'node:crypto';
import { eventually } from '@shop/node-kit/testing';
import { Redis, type RedisOptions } from 'ioredis';
import {
  type CartWriteQueue,
  CartQueueUnavailableError,
  type RedisCartWriteQueueOptions,
  createMemoryCartWriteQueue,
  createRedisCartWriteQueue,
} from './cart-write-queue';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What tasks did, in the order they did it, and how many ran at once at most. */
function recorder() {
  let active = 0;
  const record = {
    maxActive: 0,
    runs: [] as string[],
    task:
      (name: string, ms = 2) =>
      async () => {
        active += 1;
        record.maxActive = Math.max(record.maxActive, active);
        record.runs.push(name);
        await pause(ms);
        active -= 1;
        return name;
      },
  };
  return record;
}

/** Gateways in one test: each queue on its own Redis connection, all sharing a fresh key prefix. */
function redisGateways() {
  const prefix = `test:cartq:${randomUUID()}`;
  const connections: Redis[] = [];
  const queues: CartWriteQueue[] = [];
  return {
    prefix,
    connect(url = REDIS_URL, options: RedisOptions = { maxRetriesPerRequest: 1 }) {
      const redis = new Redis(url, options);
      connections.push(redis);
      return redis;
    },
    gateway(options: RedisCartWriteQueueOptions = {}, redis?: Redis) {
      const queue = createRedisCartWriteQueue(redis ?? this.connect(), { prefix, ...options });
      queues.push(queue);
      return queue;
    },
    async close() {
      await Promise.all(queues.map((queue) => queue.close()));
      for (const redis of connections) redis.disconnect();
    },
  };
}

describe.each<[string, () => { queue: CartWriteQueue; close: () => Promise<void> }]>([
  [
    'memory',
    () => {
      const queue = createMemoryCartWriteQueue();
      return { queue, close: () => queue.close() };
    },
  ],
  [
    'redis',
    () => {
      const gateways = redisGateways();
      return { queue: gateways.gateway(), close: () => gateways.close() };
    },
  ],
])('%s cart write queue', (_name, make) => {
  let subject: ReturnType<typeof make>;
  beforeEach(() => (subject = make()));
  afterEach(() => subject.close());

  it('runs the tasks of one key one at a time, in arrival order', async () => {
    const record = recorder();
    const names = Array.from({ length: 30 }, (_, i) => `write-${i}`);
    const results = await Promise.all(names.map((name, i) => subject.queue.run('cart-1', record.task(name, i % 3))));
    expect(results).toEqual(names);
    expect(record.runs).toEqual(names);
    expect(record.maxActive).toBe(1);
  });

  it('never makes one key wait for another', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The first cart's task waits for the second cart's: serialising the two keys would never finish.
    const first = subject.queue.run('cart-a', async () => {
      await released;
      return 'a';
    });
    const second = subject.queue.run('cart-b', async () => {
      release();
      return 'b';
    });
    await expect(Promise.all([first, second])).resolves.toEqual(['a', 'b']);
  });

  it("answers with the task's own error and goes on with the next task", async () => {
    const failure = new Error('ConcurrentModification');
    const failing = subject.queue.run('cart-2', async () => {
      throw failure;
    });
    const next = subject.queue.run('cart-2', async ({ signal }) => (signal.aborted ? 'aborted' : 'ran'));
    await expect(failing).rejects.toBe(failure);
    await expect(next).resolves.toBe('ran');
  });

  it('refuses work once closed', async () => {
    await subject.queue.close();
    const refused = await subject.queue.run('cart-3', async () => 'ran').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CartQueueUnavailableError);
    expect((refused as CartQueueUnavailableError).reason).toBe('closed');
  });
});

describe('redis cart write queue across gateways', () => {
  let gateways: ReturnType<typeof redisGateways>;
  beforeEach(() => (gateways = redisGateways()));
  afterEach(() => gateways.close());

  it('lets one task of a cart run at a time across gateways, taking turns in arrival order', async () => {
    const queues = [gateways.gateway(), gateways.gateway(), gateways.gateway()];
    const record = recorder();
    // 45 concurrent writers on one cart, 15 through each of three gateways.
    const writes = Array.from({ length: 45 }, (_, i) => ({ gateway: i % 3, name: `g${i % 3}-${Math.floor(i / 3)}` }));
    await Promise.all(writes.map(({ gateway, name }) => queues[gateway].run('cart', record.task(name, 3))));
    expect(record.maxActive).toBe(1);
    expect(record.runs).toHaveLength(45);
    // Each gateway's writes in the order they arrived there...
    for (const gateway of [0, 1, 2]) {
      const own = record.runs.filter((name) => name.startsWith(`g${gateway}-`));
      expect(own).toEqual(Array.from({ length: 15 }, (_, i) => `g${gateway}-${i}`));
    }
    // ...and the gateways taking turns: none goes twice while another waits (no starvation).
    const order = record.runs.map((name) => name.slice(0, 2));
    expect(new Set(order.slice(0, 3)).size).toBe(3);
    expect(order).toEqual(order.map((_, i) => order[i % 3]));
  });

  it('keeps the turn of a task that outlives its lease while it runs (the lease is renewed)', async () => {
    // A lease of a second, outlived three times over: long enough that a loaded machine's pauses
    // (a busy event loop, a garbage collection) never let it lapse while the renewals run.
    const [first, second] = [gateways.gateway({ leaseMs: 1_000 }), gateways.gateway({ leaseMs: 1_000 })];
    const record = recorder();
    let aborted = false;
    const long = first.run('cart', async (turn) => {
      await record.task('long', 3_000)();
      aborted = turn.signal.aborted;
    });
    await eventually(() => expect(record.runs).toEqual(['long']));
    await second.run('cart', record.task('next'));
    await long;
    expect(record.runs).toEqual(['long', 'next']);
    expect(record.maxActive).toBe(1);
    expect(aborted).toBe(false);
  });

  it('frees a cart held by a gateway that crashed once its lease lapses, and stops the stranded task first', async () => {
    const crashing = gateways.connect();
    const [first, second] = [
      gateways.gateway({ leaseMs: 600, waiterTtlMs: 300 }, crashing),
      gateways.gateway({ leaseMs: 600, waiterTtlMs: 300 }),
    ];
    let abortedAt = 0;
    let crashed = false;
    const stranded = first.run(
      'cart',
      (turn) =>
        new Promise<string>((resolve) => {
          // The task never ends on its own; it stops when told its turn is lost.
          turn.signal.addEventListener('abort', () => {
            abortedAt = Date.now();
            resolve(String((turn.signal.reason as Error).message));
          });
          crashing.disconnect();
          crashed = true;
        }),
    );
    await eventually(() => expect(crashed).toBe(true));
    const startedAt = await second.run('cart', async () => Date.now());
    expect(await stranded).toMatch(/lost its turn/);
    expect(abortedAt).toBeGreaterThan(0);
    expect(abortedAt).toBeLessThanOrEqual(startedAt);
  });

  it('drops a waiter whose gateway crashed once it is first in line', async () => {
    const crashing = gateways.connect();
    const holder = gateways.gateway({ waiterTtlMs: 300 });
    const crashed = gateways.gateway({ waiterTtlMs: 300 }, crashing);
    const behind = gateways.gateway({ waiterTtlMs: 300 });
    const record = recorder();
    let release!: () => void;
    const holding = holder.run('cart', () => new Promise<void>((resolve) => (release = resolve)));
    await eventually(() => expect(release).toBeDefined());
    const lost = crashed.run('cart', record.task('crashed')).catch((error: unknown) => error);
    await eventually(async () => expect(await crashing.llen(`${gateways.prefix}:{cart}:line`)).toBe(1));
    const next = behind.run('cart', record.task('behind'));
    await eventually(async () => expect(await crashing.llen(`${gateways.prefix}:{cart}:line`)).toBe(2));
    crashing.disconnect();
    release();
    await holding;
    await next;
    expect(record.runs).toEqual(['behind']);
    expect(await lost).toBeInstanceOf(CartQueueUnavailableError);
  });

  it('gives up after the longest wait with an error for a 503, never running the task, and leaves the line', async () => {
    const [first, second] = [gateways.gateway(), gateways.gateway({ maxWaitMs: 300 })];
    let release!: () => void;
    const holding = first.run('cart', () => new Promise<void>((resolve) => (release = resolve)));
    await eventually(() => expect(release).toBeDefined());
    let ran = false;
    const refused = await second
      .run('cart', async () => {
        ran = true;
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CartQueueUnavailableError);
    expect(refused).toMatchObject({ reason: 'timeout', message: expect.stringMatching(/busy/) });
    expect((refused as CartQueueUnavailableError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    const redis = gateways.connect();
    expect(await redis.lrange(`${gateways.prefix}:{cart}:line`, 0, -1)).toEqual([]);
    release();
    await holding;
    expect(ran).toBe(false);
  });

  it('waits without polling: a waiter is woken by the release, refreshing its place only every third of its ttl', async () => {
    const waiting = gateways.connect();
    const [first, second] = [gateways.gateway(), gateways.gateway({ waiterTtlMs: 3_000 }, waiting)];
    let release!: () => void;
    const holding = first.run('cart', () => new Promise<void>((resolve) => (release = resolve)));
    await eventually(() => expect(release).toBeDefined());
    const calls = jest.spyOn(waiting, 'evalsha');
    const next = second.run('cart', async () => Date.now());
    await pause(1_500);
    const releasedAt = Date.now();
    release();
    const startedAt = await next;
    // Join the line, one refresh (at 1 s), the attempt on wake-up, the release.
    expect(calls.mock.calls.length).toBeLessThanOrEqual(4);
    // Woken by the release, not by the next refresh a second later.
    expect(startedAt - releasedAt).toBeLessThan(500);
    await holding;
  });

  it('fails with an error for a 503 when Redis cannot be reached', async () => {
    const unreachable = gateways.connect('redis://127.0.0.1:1', {
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      disconnectTimeout: 10,
    });
    unreachable.on('error', () => undefined);
    const queue = gateways.gateway({}, unreachable);
    const refused = await queue.run('cart', async () => 'ran').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(CartQueueUnavailableError);
    expect(refused).toMatchObject({ reason: 'unavailable', retryAfterSeconds: 2 });
  });

  it('keeps its keys under its prefix, each expiring', async () => {
    const queue = gateways.gateway();
    const redis = gateways.connect();
    let release!: () => void;
    const holding = queue.run('cart', () => new Promise<void>((resolve) => (release = resolve)));
    await eventually(() => expect(release).toBeDefined());
    const other = gateways.gateway();
    const waiting = other.run('cart', async () => undefined);
    await eventually(async () => expect(await redis.llen(`${gateways.prefix}:{cart}:line`)).toBe(1));
    const keys = await redis.keys(`${gateways.prefix}:*`);
    expect(keys.sort()).toEqual(['alive', 'fence', 'lease', 'line'].map((k) => `${gateways.prefix}:{cart}:${k}`));
    for (const key of keys) expect(await redis.pttl(key)).toBeGreaterThan(0);
    release();
    await Promise.all([holding, waiting]);
  });
});
