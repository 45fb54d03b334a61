// A fresh PostgreSQL database for one bench part, dropped after: the same bench on PGlite and on
// PostgreSQL side by side. PG_ADMIN_URL names the server (trust auth on this machine).
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One statement on the server's maintenance database (CREATE / DROP DATABASE); answers its rows. */
export async function admin(sql) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Whether the PostgreSQL server answers; the bench leaves the PostgreSQL half out when not. */
export const postgresAnswers = () =>
  admin('SELECT 1').then(
    () => true,
    () => false,
  );

/** Runs `work(url)` on a database of its own, dropped afterwards whatever happens. */
export async function withTemporaryDatabase(work) {
  const name = `bench_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  try {
    return await work(ADMIN_URL.replace(/\/[^/]*$/, `/${name}`));
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
