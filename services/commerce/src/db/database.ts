import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

/** The one database interface the service uses: PGlite (embedded) and PostgreSQL behave alike. */
export interface Db {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction; everything inside commits or rolls back together. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

interface Queryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: Row[] }>;
}

const wrap = (target: Queryable, kind: Db['kind'], transaction: Db['transaction'], close: Db['close']): Db => ({
  kind,
  query: async <T extends Row>(sql: string, params: unknown[] = []) => (await target.query(sql, params)).rows as T[],
  exec: async (sql: string) => {
    await target.query(sql);
  },
  transaction,
  close,
});

export async function openDatabase({ url, dataDir }: { url?: string; dataDir: string }): Promise<Db> {
  if (url) return openPostgres(url);
  mkdirSync(dataDir, { recursive: true });
  const lite = await PGlite.create(dataDir);
  const liteDb: Db = {
    kind: 'pglite',
    query: async <T extends Row>(sql: string, params: unknown[] = []) => (await lite.query<T>(sql, params)).rows,
    exec: async (sql) => {
      await lite.exec(sql);
    },
    transaction: (work) =>
      lite.transaction((tx) =>
        work({
          kind: 'pglite',
          query: async <T extends Row>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows,
          exec: async (sql) => {
            await tx.exec(sql);
          },
          transaction: () => Promise.reject(new Error('Nested transactions are not supported')),
          close: () => Promise.resolve(),
        }),
      ),
    close: () => lite.close(),
  };
  return liteDb;
}

function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // Keep bigint counts and numeric sums as JS numbers; all our values fit.
  pg.types.setTypeParser(20, (value) => Number(value));
  pg.types.setTypeParser(1700, (value) => Number(value));
  const transaction: Db['transaction'] = async (work) => {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const tx = wrap(client, 'postgres', () => Promise.reject(new Error('Nested transactions are not supported')), () => Promise.resolve());
      const result = await work(tx);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
  return wrap(pool, 'postgres', transaction, () => pool.end());
}
