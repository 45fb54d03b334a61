import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningCommerce, start } from '../src/server';
import { MIGRATIONS } from '../src/db/migrations';
import { CLIENT, client, temporaryPostgres } from './support';

describe('two commerce instances starting at once on one fresh PostgreSQL database', () => {
  it('both come up; the migrations are applied once and the catalog is seeded once', async () => {
    const { url, drop } = await temporaryPostgres();
    const options = (n: number) => ({
      port: 0,
      host: '127.0.0.1',
      databaseUrl: url,
      dataDir: mkdtempSync(join(tmpdir(), `commerce-concurrent-${n}-`)),
      seedProducts: 80,
      logLevel: 'silent' as const,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
    });
    const instances: RunningCommerce[] = [];
    try {
      const started = await Promise.allSettled([start(options(1)), start(options(2))]);
      for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
      expect(started.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);

      const prepared = instances
        .map((instance) => instance.prepared)
        .sort((a, b) => b.applied.length - a.applied.length);
      expect(prepared.map((p) => p.applied)).toEqual([MIGRATIONS.map((m) => m.name), []]);
      expect(prepared.map((p) => p.seeded)).toEqual([true, false]);
      expect(prepared.map((p) => p.waitedForLock)).toEqual([false, true]);

      const [db] = instances.map((instance) => instance.db);
      expect(await db.query('SELECT name FROM schema_migrations ORDER BY name')).toEqual(
        MIGRATIONS.map((m) => ({ name: m.name })).sort((a, b) => a.name.localeCompare(b.name)),
      );
      expect(await db.query("SELECT count(*) AS seeds FROM catalog_meta WHERE key = 'seed'")).toEqual([{ seeds: 1 }]);
      // Both serve the one catalog, which holds the seeded products once.
      const totals = await Promise.all(
        instances.map(
          async (instance) =>
            (await client(instance).gql('{ productProjectionSearch { total } }')).productProjectionSearch.total,
        ),
      );
      expect(totals).toEqual([80, 80]);
    } finally {
      await Promise.all(instances.map((instance) => instance.stop()));
      await drop();
    }
  });
});
