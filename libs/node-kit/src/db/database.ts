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
  /**
   * Listens on a notification channel (PostgreSQL LISTEN) and calls `onNotify` with each
   * payload another session's `NOTIFY` (or `pg_notify`) sends once its transaction commits.
   * PostgreSQL: a dedicated connection outside the pool, opened again after it is lost (then
   * `onReconnect`, as notifications sent meanwhile are gone). PGlite: its own listen, which only
   * hears this process, since an embedded database has no other sessions.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Listener>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
  /** PostgreSQL's pool now: connections open, idle, and callers waiting for one (metrics). */
  poolUse?(): { total: number; idle: number; waiting: number };
}

export interface ListenHandlers {
  onNotify: (payload: string) => void;
  /** Listening again after the connection was lost: notifications sent in between were missed. */
  onReconnect?: () => void;
  /** The listening connection failed (it is being opened again): for the log. */
  onError?: (error: Error) => void;
}

export interface Listener {
  /** The server process of the listening connection (PostgreSQL), or undefined while it is down. */
  readonly pid: number | undefined;
  /** Whether the channel is being listened on now. */
  readonly listening: boolean;
  /** Stops listening and closes its connection; no handler is called after. */
  close(): Promise<void>;
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
  listen: () => Promise.reject(new Error('Listen on the database, not inside a transaction')),
  close: () => Promise.resolve(),
});

/** A channel name goes into LISTEN's SQL text: only a plain identifier is allowed. */
const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;
const checkChannel = (channel: string) => {
  if (!CHANNEL.test(channel)) throw new Error(`Bad notification channel name ${channel}`);
};

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
    listen: async (channel, { onNotify }) => {
      checkChannel(channel);
      let open = true;
      const unlisten = await lite.listen(channel, (payload) => {
        if (open) onNotify(payload);
      });
      return {
        pid: undefined,
        get listening() {
          return open;
        },
        close: async () => {
          if (!open) return;
          open = false;
          if (!lite.closed) await unlisten();
        },
      };
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
  const listeners = new Set<Listener>();
  const listen: Db['listen'] = async (channel, handlers) => {
    checkChannel(channel);
    const listener = await listenOn(pg, url, channel, handlers);
    listeners.add(listener);
    return {
      get pid() {
        return listener.pid;
      },
      get listening() {
        return listener.listening;
      },
      close: async () => {
        listeners.delete(listener);
        await listener.close();
      },
    };
  };
  return {
    ...inside(pool, 'postgres'),
    transaction,
    withLock,
    listen,
    close: async () => {
      await Promise.all([...listeners].map((listener) => listener.close()));
      listeners.clear();
      await pool.end();
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Waits before opening a lost listening connection again: 100 ms, doubling up to 2 s. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 2000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other work): the first
 * connect must succeed; after that a lost connection (a server restart, a failover,
 * pg_terminate_backend) is opened again until it is, and each time `onReconnect` follows.
 */
async function listenOn(
  pg: typeof import('pg').default,
  url: string,
  channel: string,
  { onNotify, onReconnect, onError }: ListenHandlers,
): Promise<Listener> {
  let closed = false;
  let current: import('pg').Client | undefined;
  let pid: number | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = RECONNECT_MIN_MS;

  const connect = async () => {
    // TCP keepalive, so that a connection cut without a word (a NAT, a failover) is noticed too.
    const client = new pg.Client({
      connectionString: url,
      application_name: `listen:${channel}`,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    // Heard from LISTEN on (even in the packet that answers LISTEN) until this connection is given up.
    let given = false;
    client.on('notification', (message) => {
      if (!closed && !given && message.channel === channel) onNotify(message.payload ?? '');
    });
    const lost = (error?: Error) => {
      if (client !== current) return;
      given = true;
      current = undefined;
      pid = undefined;
      client.end().catch(() => undefined);
      if (closed) return;
      onError?.(error ?? new Error(`The connection listening on ${channel} ended`));
      schedule();
    };
    // Either event may come first, or both; `lost` runs once per client.
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      const [{ backend }] = (await client.query<{ backend: number }>('SELECT pg_backend_pid() AS backend')).rows;
      await client.query(`LISTEN ${channel}`);
      if (closed) {
        given = true;
        await client.end().catch(() => undefined);
        return;
      }
      current = client;
      pid = backend;
    } catch (error) {
      given = true;
      client.removeAllListeners('end');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      throw error;
    }
  };

  const schedule = () => {
    retry = setTimeout(async () => {
      retry = undefined;
      try {
        await connect();
        delay = RECONNECT_MIN_MS;
        if (!closed) onReconnect?.();
      } catch (error) {
        if (closed) return;
        onError?.(error as Error);
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
        schedule();
      }
    }, delay);
    retry.unref();
  };

  await connect();
  return {
    get pid() {
      return pid;
    },
    get listening() {
      return current !== undefined;
    },
    close: async () => {
      closed = true;
      clearTimeout(retry);
      const client = current;
      current = undefined;
      pid = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
