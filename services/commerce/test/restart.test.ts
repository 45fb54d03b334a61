import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { start } from '../src/server';
import { CLIENT, client } from './support';

describe('the embedded database', () => {
  it('is created, migrated and seeded on first start, and keeps its data across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'commerce-restart-'));
    const options = {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      seedProducts: 60,
      logLevel: 'silent' as const,
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
    };
    const first = await start(options);
    const api = client(first);
    await api.gql(
      `mutation { customerSignUp(draft: { email: "kept@example.com", password: "Kept-Pass-1" }, storeKey: "everwear") { customer { id } } }`,
    );
    const before = (await api.gql('{ productProjectionSearch { total } }')).productProjectionSearch.total;
    await first.stop();

    const second = await start({ ...options, seedProducts: 999 });
    const again = client(second);
    const found = await again.gql(
      `{ customers(where: "email=\\"kept@example.com\\"") { total } productProjectionSearch { total } }`,
    );
    expect(found.customers.total).toBe(1);
    expect(found.productProjectionSearch.total).toBe(before);
    await second.stop();
  });
});
