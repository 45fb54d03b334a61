import type { Db } from './database';
import { MIGRATIONS } from './migrations';

/** Applies pending migrations, each with its record in one script (one transaction); returns the names applied. */
export async function migrate(db: Db, migrations = MIGRATIONS): Promise<string[]> {
  await db.exec('CREATE TABLE IF NOT EXISTS vendor_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM vendor_migrations')).map((row) => row.name));
  const applied: string[] = [];
  for (const migration of migrations) {
    if (done.has(migration.name)) continue;
    // The name goes into the script as a literal: only plain identifiers are allowed.
    if (!/^[a-z0-9_]+$/.test(migration.name)) throw new Error(`Bad migration name ${migration.name}`);
    await db.exec(`${migration.sql};\nINSERT INTO vendor_migrations (name) VALUES ('${migration.name}');`);
    applied.push(migration.name);
  }
  return applied;
}
