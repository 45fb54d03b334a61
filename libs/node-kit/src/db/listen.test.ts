import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { eventually } from '../testing/eventually';
import { type Db, openDatabase } from './database';

const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

describe('listening for notifications on PostgreSQL', () => {
  const name = `kit_listen_${randomBytes(6).toString('hex')}`;
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  let writer: Db;
  let reader: Db;
  beforeAll(async () => {
    await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
    [writer, reader] = await Promise.all([openDatabase({ url, dataDir: '' }), openDatabase({ url, dataDir: '' })]);
  });
  afterAll(async () => {
    await Promise.all([writer?.close(), reader?.close()]);
    await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  it('hears a notification once its transaction commits, and none from one rolled back', async () => {
    const heard: string[] = [];
    const listener = await reader.listen('kit_things', { onNotify: (payload) => heard.push(payload) });
    try {
      expect(listener.listening).toBe(true);
      expect(listener.pid).toEqual(expect.any(Number));
      await writer.transaction(async (tx) => {
        await tx.query("SELECT pg_notify('kit_things', 'first')");
        await new Promise((resolve) => setTimeout(resolve, 100));
        // Not before the commit.
        expect(heard).toEqual([]);
      });
      await eventually(() => expect(heard).toEqual(['first']));
      await writer
        .transaction(async (tx) => {
          await tx.query("SELECT pg_notify('kit_things', 'rolled back')");
          throw new Error('undo');
        })
        .catch(() => undefined);
      await writer.query("SELECT pg_notify('kit_other', 'another channel')");
      await writer.query("SELECT pg_notify('kit_things', 'second')");
      await eventually(() => expect(heard).toEqual(['first', 'second']));
    } finally {
      await listener.close();
    }
    expect(listener.listening).toBe(false);
    await writer.query("SELECT pg_notify('kit_things', 'after close')");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual(['first', 'second']);
  });

  it('listens again on a new connection after its connection is cut, and says so', async () => {
    const heard: string[] = [];
    let reconnects = 0;
    const errors: Error[] = [];
    const listener = await reader.listen('kit_things', {
      onNotify: (payload) => heard.push(payload),
      onReconnect: () => (reconnects += 1),
      onError: (error) => errors.push(error),
    });
    try {
      const before = listener.pid;
      await writer.query('SELECT pg_terminate_backend($1)', [before]);
      await eventually(() => {
        expect(reconnects).toBe(1);
        expect(listener.listening).toBe(true);
      });
      expect(listener.pid).not.toBe(before);
      expect(errors.length).toBeGreaterThan(0);
      await writer.query("SELECT pg_notify('kit_things', 'after the cut')");
      await eventually(() => expect(heard).toEqual(['after the cut']));
    } finally {
      await listener.close();
    }
    const [{ n }] = await writer.query<{ n: number }>(
      "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'listen:kit_things'",
    );
    expect(n).toBe(0);
  });

  it('refuses a channel name that is not a plain identifier', async () => {
    await expect(reader.listen('x; DROP TABLE y', { onNotify: () => undefined })).rejects.toThrow(/channel name/);
  });
});

describe('listening on PGlite', () => {
  it('hears notifications of its own process after commit, and nothing once closed', async () => {
    const db = await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'kit-listen-')) });
    try {
      const heard: string[] = [];
      const listener = await db.listen('kit_things', { onNotify: (payload) => heard.push(payload) });
      expect(listener.pid).toBeUndefined();
      await db.transaction(async (tx) => {
        await tx.query("SELECT pg_notify('kit_things', 'one')");
      });
      await eventually(() => expect(heard).toEqual(['one']));
      await listener.close();
      await db.query("SELECT pg_notify('kit_things', 'two')");
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(heard).toEqual(['one']);
    } finally {
      await db.close();
    }
    // Creating a PGlite database takes seconds on a busy machine.
  }, 90_000);
});
