import type { Db } from './database';

/** One schema change. Never edit one that has shipped: add the next. */
export interface Migration {
  name: string;
  sql: string;
}

/** A service's migrations and the table that records which were applied. */
export interface MigrationPlan {
  table: string;
  migrations: readonly Migration[];
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** The lock that migrations and the seed of one plan take, so only one instance runs them. */
export const migrationLockName = (plan: MigrationPlan) => `shop:migrations:${plan.table}`;

/**
 * Applies the plan's pending migrations, each with its record in one transaction, and returns
 * the names applied. Callers hold the migration lock (see prepareDatabase).
 */
export async function applyMigrations(db: Db, { table, migrations }: MigrationPlan): Promise<string[]> {
  // The table name goes into SQL text: only a plain identifier is allowed.
  if (!IDENTIFIER.test(table)) throw new Error(`Bad migrations table name ${table}`);
  const names = migrations.map((migration) => migration.name);
  const repeated = names.find((name, at) => names.indexOf(name) !== at);
  if (repeated) throw new Error(`Migration ${repeated} is listed twice`);
  await db.exec(
    `CREATE TABLE IF NOT EXISTS ${table} (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const done = new Set((await db.query<{ name: string }>(`SELECT name FROM ${table}`)).map((row) => row.name));
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.name)) continue;
    await db.transaction(async (tx) => {
      await tx.exec(migration.sql);
      await tx.query(`INSERT INTO ${table} (name) VALUES ($1)`, [migration.name]);
    });
    applied.push(migration.name);
  }
  return applied;
}

export interface Prepared<S> {
  applied: string[];
  /** What the seed returned; undefined without a seed. */
  seed: S;
  /** Whether another instance held the lock and this one waited for it. */
  waited: boolean;
}

/**
 * Migrates and then seeds under one lock: two instances starting at once on one PostgreSQL
 * database take turns, so each migration is applied once and the seed (which must check whether
 * it has run, as it sees the first instance's work) runs once.
 */
export function prepareDatabase(db: Db, plan: MigrationPlan): Promise<Prepared<undefined>>;
export function prepareDatabase<S>(db: Db, plan: MigrationPlan, seed: (db: Db) => Promise<S>): Promise<Prepared<S>>;
export async function prepareDatabase<S>(
  db: Db,
  plan: MigrationPlan,
  seed?: (db: Db) => Promise<S>,
): Promise<Prepared<S | undefined>> {
  let waited = false;
  return db.withLock(
    migrationLockName(plan),
    async () => {
      const applied = await applyMigrations(db, plan);
      return { applied, seed: seed ? await seed(db) : undefined, waited };
    },
    () => {
      waited = true;
    },
  );
}
