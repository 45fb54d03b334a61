import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { MIGRATIONS } from '../src/db/migrations';
import { type RunningVendors, start } from '../src/server';
import { CRM_KEY, ORG_ID, getJson, postForm } from './support';

const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('two CRM stand-ins opening one fresh PostgreSQL database at once', () => {
  it('both answer; the vendor migrations are applied once', async () => {
    const name = `vendors_test_${randomBytes(6).toString('hex')}`;
    await admin(`CREATE DATABASE ${name}`);
    const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
    const instances: RunningVendors[] = [];
    try {
      for (const n of [1, 2]) {
        instances.push(
          await start({
            port: 0,
            host: '127.0.0.1',
            databaseUrl,
            dataDir: mkdtempSync(join(tmpdir(), `vendors-concurrent-${n}-`)),
            crmApiKey: CRM_KEY,
            logLevel: 'silent',
          }),
        );
      }
      // Each instance opens (and migrates) its database on its first CRM call: make both at once.
      const form = {
        orgid: ORG_ID,
        email: 'both@example.com',
        subject: 'At once',
        description: 'Two instances, one database.',
      };
      const answers = await Promise.all(
        instances.map((instance) => postForm(`${instance.url}/servlet/servlet.WebToCase`, form)),
      );
      expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
      expect(new Set(answers.map((answer) => answer.body.caseNumber)).size).toBe(2);

      const { body } = await getJson(`${instances[0].url}/cases`);
      expect(body.cases).toHaveLength(2);
      const dbClient = new pg.Client({ connectionString: databaseUrl });
      await dbClient.connect();
      const recorded = (await dbClient.query('SELECT name FROM vendor_migrations ORDER BY name')).rows;
      await dbClient.end();
      const names = MIGRATIONS.map((m) => m.name).sort();
      expect(recorded).toEqual(names.map((name) => ({ name })));
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
