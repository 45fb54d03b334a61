import { createHash, randomUUID } from 'node:crypto';
import type { Logger } from '@shop/node-kit';
import type { ServiceMetrics } from '@shop/node-kit/metrics';
import type { Db } from '@shop/node-kit/db';
import type PgBoss from 'pg-boss';

/** The work done after an answer, with retries: `mail` (every transactional mail) and `loyalty` (points to post again). */
export const JOB_QUEUES = ['mail', 'loyalty'] as const;
export type JobQueueName = (typeof JOB_QUEUES)[number];

export interface RetryPolicy {
  /** Attempts after the first before a job goes to the dead-letter list. */
  retries: number;
  /** Seconds before the first retry; each later one waits twice as long. */
  delaySeconds: number;
}

export const DEFAULT_RETRY: RetryPolicy = { retries: 5, delaySeconds: 10 };

export interface QueueDepth {
  queue: JobQueueName;
  /** Waiting to run, or to run again. */
  waiting: number;
  /** Out of retries: on the dead-letter list for a person to look at. */
  dead: number;
}

/** A job out of retries, on its queue's dead-letter list. */
export interface DeadJob {
  id: string;
  queue: JobQueueName;
  /** When it went to the list (ISO 8601). */
  deadSince: string;
  data: Record<string, unknown>;
}

/**
 * Jobs that outlive the request and the instance that queued them: each runs until its handler
 * succeeds, with backed-off retries, and a job out of retries is kept on its queue's dead-letter
 * list. A job sent with a `key` is queued once: the same key again (a retried request, a replayed
 * placement) adds nothing.
 */
export interface JobQueue {
  send(queue: JobQueueName, data: Record<string, unknown>, key?: string): Promise<void>;
  /** Runs `handler` for the queue's jobs on this instance; a throw is a failed attempt. */
  work(queue: JobQueueName, handler: (data: Record<string, unknown>) => Promise<void>): Promise<void>;
  depth(): Promise<QueueDepth[]>;
  /** The oldest `limit` jobs on the queue's dead-letter list. */
  deadJobs(queue: JobQueueName, limit: number): Promise<DeadJob[]>;
  /**
   * Puts a dead job back on its queue, for its attempts to start again (once the vendor or relay
   * that failed is back); false when the list has no such job. Two calls for one job queue it once.
   */
  sendAgain(queue: JobQueueName, id: string): Promise<boolean>;
  /** Stops taking jobs and waits (bounded) for those running. */
  close(): Promise<void>;
  readonly kind: 'postgres' | 'memory';
}

const deadLetterOf = (queue: JobQueueName) => `${queue}-dead`;

/** A UUID made from a key, so a job's id says which request queued it and a repeat collides. */
export function jobIdOf(queue: JobQueueName, key: string): string {
  const hex = createHash('sha256').update(`${queue}\n${key}`).digest('hex');
  // Laid out as a version 8 (custom) UUID.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * pg-boss on the gateway's PostgreSQL database (ADR 0029): jobs are rows, taken with
 * `SKIP LOCKED` by whichever instance polls first, so an instance that dies mid-job leaves it to
 * expire and run again elsewhere. Its tables live in the `pgboss` schema.
 */
export async function createPgBossQueue(
  url: string,
  logger: Logger,
  {
    retry = DEFAULT_RETRY,
    pollSeconds = 1,
    db,
  }: { retry?: RetryPolicy; pollSeconds?: number; db?: Pick<Db, 'withLock'> } = {},
): Promise<JobQueue> {
  const { default: Boss } = await import('pg-boss');
  const boss: PgBoss = new Boss({ connectionString: url, max: 3, schedule: false });
  boss.on('error', (error) => logger.error('Job queue error', { error: String(error) }));
  // Instances starting together would deadlock in pg-boss's own set-up: one at a time.
  const setUp = async () => {
    await boss.start();
    for (const queue of JOB_QUEUES) {
      if (!(await boss.getQueue(deadLetterOf(queue)))) await boss.createQueue(deadLetterOf(queue));
      const options = {
        retryLimit: retry.retries,
        retryDelay: retry.delaySeconds,
        retryBackoff: true,
        expireInSeconds: 120,
        deadLetter: deadLetterOf(queue),
      };
      if (await boss.getQueue(queue)) await boss.updateQueue(queue, { name: queue, ...options });
      else await boss.createQueue(queue, { name: queue, ...options });
    }
  };
  if (db) await db.withLock('shop:gateway-job-queue-setup', setUp);
  else await setUp();
  return {
    kind: 'postgres',
    async send(queue, data, key) {
      await boss.send(queue, data, { id: key ? jobIdOf(queue, key) : randomUUID() });
    },
    async work(queue, handler) {
      await boss.work<Record<string, unknown>>(queue, { pollingIntervalSeconds: pollSeconds }, async (jobs) => {
        for (const job of jobs) await handler(job.data);
      });
    },
    depth: () =>
      Promise.all(
        JOB_QUEUES.map(async (queue) => ({
          queue,
          waiting: await boss.getQueueSize(queue),
          dead: await boss.getQueueSize(deadLetterOf(queue)),
        })),
      ),
    async deadJobs(queue, limit) {
      const { rows } = await boss
        .getDb()
        .executeSql(
          `SELECT id::text AS id, data, created_on FROM pgboss.job WHERE name = $1 AND state = 'created' ORDER BY created_on, id LIMIT $2`,
          [deadLetterOf(queue), limit],
        );
      return rows.map((row: { id: string; data: Record<string, unknown> | null; created_on: Date }) => ({
        id: row.id,
        queue,
        deadSince: new Date(row.created_on).toISOString(),
        data: row.data ?? {},
      }));
    },
    async sendAgain(queue, id) {
      const job = await boss.getJobById<Record<string, unknown>>(deadLetterOf(queue), id);
      if (!job || job.state !== 'created') return false;
      // An id made from the dead job's: a second call (another operator, another instance) adds nothing.
      await boss.send(queue, job.data ?? {}, { id: jobIdOf(queue, `again:${id}`) });
      await boss.deleteJob(deadLetterOf(queue), id);
      return true;
    },
    close: () => boss.stop({ graceful: true, timeout: 10_000, wait: true }),
  };
}

interface MemoryJob {
  id: string;
  queue: JobQueueName;
  data: Record<string, unknown>;
  attempts: number;
  deadSince?: string;
}

/**
 * The embedded default's queue (`npm start`, no DATABASE_URL): the same retries and dead-letter
 * lists, in this process's memory; jobs still waiting when it stops are lost with it.
 */
export function createMemoryQueue(logger: Logger, { retry = DEFAULT_RETRY }: { retry?: RetryPolicy } = {}): JobQueue {
  const handlers = new Map<JobQueueName, (data: Record<string, unknown>) => Promise<void>>();
  const waiting: MemoryJob[] = [];
  const dead = new Map<JobQueueName, MemoryJob[]>();
  const seen = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let closed = false;

  const enqueue = (job: MemoryJob) => {
    waiting.push(job);
    queueMicrotask(() => run(job));
  };

  const run = (job: MemoryJob) => {
    const handler = handlers.get(job.queue);
    if (!handler || closed) return;
    const index = waiting.indexOf(job);
    if (index >= 0) waiting.splice(index, 1);
    const attempt = handler(job.data).then(
      () => undefined,
      (error: unknown) => {
        job.attempts += 1;
        if (job.attempts > retry.retries) {
          job.deadSince = new Date().toISOString();
          dead.set(job.queue, [...(dead.get(job.queue) ?? []), job]);
          logger.error('Job out of retries', { queue: job.queue, error: String(error) });
          return;
        }
        waiting.push(job);
        const timer = setTimeout(
          () => {
            timers.delete(timer);
            run(job);
          },
          retry.delaySeconds * 1000 * 2 ** (job.attempts - 1),
        );
        timer.unref();
        timers.add(timer);
      },
    );
    running.add(attempt);
    void attempt.finally(() => running.delete(attempt));
  };

  return {
    kind: 'memory',
    async send(queue, data, key) {
      if (key) {
        const id = jobIdOf(queue, key);
        if (seen.has(id)) return;
        seen.add(id);
      }
      enqueue({ id: randomUUID(), queue, data, attempts: 0 });
    },
    async work(queue, handler) {
      handlers.set(queue, handler);
      for (const job of waiting.filter((entry) => entry.queue === queue)) run(job);
    },
    depth: async () =>
      JOB_QUEUES.map((queue) => ({
        queue,
        waiting: waiting.filter((job) => job.queue === queue).length,
        dead: dead.get(queue)?.length ?? 0,
      })),
    deadJobs: async (queue, limit) =>
      (dead.get(queue) ?? [])
        .slice(0, limit)
        .map(({ id, data, deadSince }) => ({ id, queue, data, deadSince: deadSince ?? '' })),
    async sendAgain(queue, id) {
      const list = dead.get(queue) ?? [];
      const job = list.find((entry) => entry.id === id);
      if (!job) return false;
      dead.set(
        queue,
        list.filter((entry) => entry !== job),
      );
      enqueue({ id: randomUUID(), queue, data: job.data, attempts: 0 });
      return true;
    },
    async close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.allSettled([...running]);
    },
  };
}

/**
 * `job_queue_jobs{queue, state}` on /metrics: jobs waiting (or waiting to retry) and jobs out of
 * retries on the dead-letter list, read every `everyMs` (a scrape never waits on the database).
 */
export function watchQueueDepth(queue: JobQueue, metrics: ServiceMetrics, logger: Logger, everyMs = 5000) {
  let last: QueueDepth[] = [];
  const read = () =>
    queue.depth().then(
      (depth) => {
        last = depth;
      },
      (error: unknown) => logger.warn('Job queue depth unread', { error: String(error) }),
    );
  void read();
  const timer = setInterval(read, everyMs);
  timer.unref();
  metrics.gauge(
    'job_queue_jobs',
    'Jobs by queue and state: waiting (to run or retry), dead (out of retries)',
    ['queue', 'state'],
    () =>
      last.flatMap(({ queue: name, waiting, dead }) => [
        { labels: { queue: name, state: 'waiting' }, value: waiting },
        { labels: { queue: name, state: 'dead' }, value: dead },
      ]),
  );
  return { stop: () => clearInterval(timer) };
}
