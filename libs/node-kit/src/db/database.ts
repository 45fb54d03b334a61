import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';

export type Row = Record<string, unknown>;

/** The one database interface the services use: PGlite (embedded) and PostgreSQL behave alike. */
export interface Db {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements. */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction; everything inside commits or rolls back together. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while holding the lock called `name`, so that no other process (on PostgreSQL:
   * a session-level advisory lock) or caller (on PGlite) holding the same lock runs at once.
   * `onWait` is called once if the lock is held elsewhere and this caller has to wait.
   */
  withLock<T>(name: string, work: () => Promise<T>, onWait?: () => void): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
  /** PostgreSQL's pool now: connections open, idle, and callers waiting for one (metrics). */
  poolUse?(): { total: number; idle: number; waiting: number };
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; without it the embedded PGlite database in `dataDir` is used. */
  url?: string;
  dataDir: string;
  /** PostgreSQL connections in the pool; at least 2, as a held lock keeps one. */
  poolSize?: number;
}

/** A stable signed 64-bit advisory lock key for a lock name, as PostgreSQL's bigint wants it. */
export const advisoryLockKey = (name: string) =>
  createHash('sha256').update(name).digest().readBigInt64BE(0).toString();

interface Queryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

const noNesting = () => Promise.reject(new Error('Nested transactions are not supported'));
const noLockInTransaction = () =>
  Promise.reject(new Error('Take a lock before opening the transaction, not inside it'));

const inside = (target: Queryable, kind: Db['kind']): Db => ({
  kind,
  query: async <T extends Row>(sql: string, params: unknown[] = []) => (await target.query(sql, params)).rows as T[],
  exec: async (sql: string) => {
    await target.query(sql);
  },
  transaction: noNesting,
  withLock: noLockInTransaction,
  close: () => Promise.resolve(),
});

/**
 * Opens PostgreSQL when a URL is given, else PGlite in `dataDir`. The drivers are loaded here,
 * not at import, so a service that opens its database lazily pays nothing until it does.
 */
export async function openDatabase({ url, dataDir, poolSize = 10 }: DatabaseOptions): Promise<Db> {
  return url ? openPostgres(url, poolSize) : openPglite(dataDir);
}

async function openPglite(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const lite = await PGlite.create(dataDir);
  // PGlite is one session in one process: a lock is a queue of the callers in this process.
  let lockQueue: Promise<unknown> = Promise.resolve();
  return {
    kind: 'pglite',
    query: async <T extends Row>(sql: string, params: unknown[] = []) => (await lite.query<T>(sql, params)).rows,
    exec: async (sql) => {
      await lite.exec(sql);
    },
    transaction: (work) =>
      lite.transaction((tx) =>
        work({
          ...inside({ query: (sql, params) => tx.query<Row>(sql, params) }, 'pglite'),
          exec: async (sql) => {
            await tx.exec(sql);
          },
        }),
      ),
    withLock: (_name, work) => {
      const turn = lockQueue.then(work, work);
      lockQueue = turn.catch(() => undefined);
      return turn;
    },
    close: () => lite.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Db> {
  const { default: pg } = await import('pg');
  if (poolSize < 2) throw new Error('A PostgreSQL pool needs at least 2 connections');
  // Keep bigint counts and numeric sums as JS numbers, for this pool only; all our values fit.
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === 20 || oid === 1700
        ? (value: string) => Number(value)
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
  };
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types });
  // An idle connection that the server ends (a restart, a failover, an administrator, a dropped
  // test database) is an 'error' event on the pool; unheard, it would crash the process. The pool
  // has already discarded that connection and opens a new one on the next query, which is where
  // a real outage shows.
  pool.on('error', () => undefined);
  const transaction: Db['transaction'] = async (work) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(inside(client, 'postgres'));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  const withLock: Db['withLock'] = async (name, work, onWait) => {
    const key = advisoryLockKey(name);
    // A session-level lock lives on one connection: hold that connection until the work is done.
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      const [{ locked }] = (
        await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS locked', [key])
      ).rows;
      if (!locked) {
        onWait?.();
        await client.query('SELECT pg_advisory_lock($1::bigint)', [key]);
      }
      try {
        return await work();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1::bigint)', [key]).catch((error: Error) => {
          broken = error;
        });
      }
    } finally {
      // A connection whose unlock failed may still hold the lock: destroy it, which releases it.
      client.release(broken);
    }
  };
  return {
    ...inside(pool, 'postgres'),
    transaction,
    withLock,
    close: () => pool.end(),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
