import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Db, openDatabase } from './database';
import { type MigrationPlan, applyMigrations, prepareDatabase } from './migrations';

const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const plan: MigrationPlan = {
  table: 'kit_test_migrations',
  migrations: [
    {
      name: '001_things',
      sql: 'CREATE TABLE things (id int PRIMARY KEY, label text NOT NULL); CREATE SEQUENCE thing_seq;',
    },
    {
      name: '002_seed_marker',
      sql: 'CREATE TABLE seed_runs (run int PRIMARY KEY, at timestamptz NOT NULL DEFAULT now());',
    },
  ],
};

/** A seed that checks whether it has run, then takes its time, as a large catalog seed does. */
const seedOnce = async (db: Db) => {
  const [done] = await db.query('SELECT run FROM seed_runs');
  if (done) return { seeded: false };
  await db.query('SELECT pg_sleep(0.2)');
  await db.transaction(async (tx) => {
    for (let id = 1; id <= 20; id += 1)
      await tx.query('INSERT INTO things (id, label) VALUES ($1, $2)', [id, `thing ${id}`]);
    await tx.query('INSERT INTO seed_runs (run) VALUES (1)');
  });
  return { seeded: true };
};

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

describe('the migration runner on PostgreSQL', () => {
  const name = `kit_test_${randomBytes(6).toString('hex')}`;
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  beforeAll(() => withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`)));
  afterAll(() => withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));

  it('lets two instances starting at once on one fresh database migrate once and seed once', async () => {
    const [first, second] = await Promise.all([openDatabase({ url, dataDir: '' }), openDatabase({ url, dataDir: '' })]);
    try {
      const results = await Promise.all([
        prepareDatabase(first, plan, seedOnce),
        prepareDatabase(second, plan, seedOnce),
      ]);
      // One instance did everything; the other waited for the lock and found it done.
      expect(results.map((r) => r.applied).sort((a, b) => b.length - a.length)).toEqual([
        ['001_things', '002_seed_marker'],
        [],
      ]);
      expect(results.map((r) => r.seed.seeded).sort()).toEqual([false, true]);
      expect(results.filter((r) => r.waited)).toHaveLength(1);
      expect(await first.query('SELECT name FROM kit_test_migrations ORDER BY name')).toEqual([
        { name: '001_things' },
        { name: '002_seed_marker' },
      ]);
      expect(await second.query('SELECT count(*) AS n FROM things')).toEqual([{ n: 20 }]);
      expect(await second.query('SELECT count(*) AS n FROM seed_runs')).toEqual([{ n: 1 }]);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('releases the lock when a migration fails, rolling that migration back', async () => {
    const db = await openDatabase({ url, dataDir: '' });
    const broken: MigrationPlan = {
      table: 'kit_broken_migrations',
      migrations: [{ name: '001_broken', sql: 'CREATE TABLE half (id int); SELECT no_such_function();' }],
    };
    try {
      await expect(prepareDatabase(db, broken)).rejects.toThrow(/no_such_function/);
      expect(await db.query("SELECT to_regclass('half') AS half")).toEqual([{ half: null }]);
      expect(await db.query('SELECT name FROM kit_broken_migrations')).toEqual([]);
      // The lock is free again: the next run neither waits nor hangs.
      const fixed = await prepareDatabase(db, {
        ...broken,
        migrations: [{ name: '001_broken', sql: 'CREATE TABLE half (id int)' }],
      });
      expect(fixed).toMatchObject({ applied: ['001_broken'], waited: false });
    } finally {
      await db.close();
    }
  });
});

describe('the migration runner on PGlite', () => {
  it('migrates and seeds once; the reopened folder needs nothing more, and bad plans are refused', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'kit-pglite-')), 'db');
    const db = await openDatabase({ dataDir });
    // Two callers in one process take turns as two processes do on PostgreSQL.
    const results = await Promise.all([prepareDatabase(db, plan, seedOnce), prepareDatabase(db, plan, seedOnce)]);
    expect(results.map((r) => r.applied)).toEqual([['001_things', '002_seed_marker'], []]);
    expect(results.map((r) => r.seed.seeded)).toEqual([true, false]);
    await db.close();

    const reopened = await openDatabase({ dataDir });
    try {
      expect(await applyMigrations(reopened, plan)).toEqual([]);
      expect(await reopened.query('SELECT count(*)::int AS n FROM things')).toEqual([{ n: 20 }]);
      await expect(applyMigrations(reopened, { ...plan, table: 'x; DROP TABLE y' })).rejects.toThrow(
        'Bad migrations table name',
      );
      await expect(
        applyMigrations(reopened, { ...plan, migrations: [plan.migrations[0], plan.migrations[0]] }),
      ).rejects.toThrow('listed twice');
    } finally {
      await reopened.close();
    }
    // PGlite compiles its WebAssembly at each open, twice here: on a busy two-core machine that
    // alone has taken more than the suite's 30 s.
  }, 120_000);
});
