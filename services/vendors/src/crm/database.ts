import { mkdirSync } from 'node:fs';

export type Row = Record<string, unknown>;

/** What the CRM needs from a database: PGlite (embedded) and PostgreSQL behave alike. */
export interface Db {
  query<T extends Row = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements; PostgreSQL runs them as one implicit transaction. */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'pglite' | 'postgres';
}

/**
 * Opens PostgreSQL when a URL is given, else PGlite in `dataDir`. The drivers are loaded here,
 * not at start-up, so the captcha is up at once and the database costs nothing until used.
 */
export async function openDatabase({ url, dataDir }: { url?: string; dataDir: string }): Promise<Db> {
  if (url) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: url, max: 5 });
    return {
      kind: 'postgres',
      query: async <T extends Row>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
      exec: async (sql) => {
        await pool.query(sql);
      },
      close: () => pool.end(),
    };
  }
  mkdirSync(dataDir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const lite = await PGlite.create(dataDir);
  return {
    kind: 'pglite',
    query: async <T extends Row>(sql: string, params: unknown[] = []) => (await lite.query<T>(sql, params)).rows,
    exec: async (sql) => {
      await lite.exec(sql);
    },
    close: () => lite.close(),
  };
}

/** One database opened on first use and shared; a failed open is retried by the next caller. */
export function lazyDatabase(open: () => Promise<Db>) {
  let opening: Promise<Db> | undefined;
  return {
    get(): Promise<Db> {
      opening ??= open().catch((error: unknown) => {
        opening = undefined;
        throw error;
      });
      return opening;
    },
    async close(): Promise<void> {
      const current = opening;
      opening = undefined;
      if (current) await (await current.catch(() => undefined))?.close();
    },
  };
}
export type LazyDatabase = ReturnType<typeof lazyDatabase>;
