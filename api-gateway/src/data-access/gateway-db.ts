import { type Db, type Migration, openDatabase, prepareDatabase } from '@shop/node-kit/db';

/**
 * The gateway's own tables on PostgreSQL (DATABASE_URL): what every gateway instance must see
 * alike and used to be files in DATA_DIR (ADR 0029). Prefixed `gateway_`, so the gateway may share
 * a database with the commerce service without a clash. Never edit a shipped migration.
 */
export const GATEWAY_MIGRATIONS: readonly Migration[] = [
  {
    name: '001-remote-registry',
    sql: `
      CREATE TABLE gateway_remote_registry (
        id smallint PRIMARY KEY CHECK (id = 1),
        version integer NOT NULL,
        scopes jsonb NOT NULL
      );
      INSERT INTO gateway_remote_registry (id, version, scopes) VALUES (1, 0, '{}'::jsonb);
      -- One row per change, keyed by the registry version it produced; never updated or deleted.
      CREATE TABLE gateway_remote_registry_audit (
        registry_version integer PRIMARY KEY,
        record jsonb NOT NULL
      );`,
  },
  {
    name: '002-remote-builds',
    sql: `
      -- Published remote builds: immutable, named by content hash; seq orders them as published.
      CREATE TABLE gateway_remote_versions (
        seq bigserial UNIQUE,
        remote text NOT NULL,
        version text NOT NULL,
        published_at timestamptz NOT NULL,
        PRIMARY KEY (remote, version)
      );
      CREATE TABLE gateway_remote_files (
        remote text NOT NULL,
        version text NOT NULL,
        path text NOT NULL,
        body bytea NOT NULL,
        PRIMARY KEY (remote, version, path)
      );`,
  },
  {
    name: '003-tracking-events',
    sql: `
      CREATE TABLE gateway_tracking_events (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        entry jsonb NOT NULL
      );
      CREATE INDEX gateway_tracking_events_at ON gateway_tracking_events (at);`,
  },
];

/** Opens the gateway's PostgreSQL database and brings its tables up to date (under a lock: instances start together). */
export async function openGatewayDb(url: string, poolSize: number): Promise<Db> {
  const db = await openDatabase({ url, dataDir: '', poolSize });
  try {
    await prepareDatabase(db, { table: 'gateway_migrations', migrations: GATEWAY_MIGRATIONS });
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
