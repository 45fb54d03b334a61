import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import supertest from 'supertest';
import { createLogger } from '@shop/node-kit';
import { eventually } from '@shop/node-kit/testing';
import { type GatewayStorage, openGatewayStorage } from '../src/data-access/gateway-storage';
import { createPgBossQueue } from '../src/data-access/job-queue';
import type { RunningGateway } from '../src/server';
import { trackingTokens } from '../src/sessions/tracking-token';
import { commerceAt, remoteBuild, startBuiltService, startTestGateway } from './support';

// Two gateways on one PostgreSQL database and one Redis, as behind a load balancer on two hosts:
// each with a data folder and a remote build cache of its own, which is all a host would have.

const ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/9';
const name = `gateway_test_${randomBytes(6).toString('hex')}`;
const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let commerce: Awaited<ReturnType<typeof startBuiltService>>;
let gateways: Array<RunningGateway & { dataDir: string }> = [];
let cli: GatewayStorage;
const by = { actor: 'cli:test', reason: 'two hosts' };

/** A gateway as on a host of its own: its own (empty) data folder and cache, the shared database and Redis. */
const startHost = () =>
  startTestGateway({
    commerce: commerceAt(commerce.url),
    redisUrl: REDIS_URL,
    database: { url: databaseUrl, poolSize: 3, remotesCacheDir: mkdtempSync(join(tmpdir(), 'remotes-cache-')) },
    trackingLog: undefined,
  });

beforeAll(async () => {
  await admin(`CREATE DATABASE ${name}`);
  commerce = await startBuiltService(
    'commerce',
    { COMMERCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'gw-pg-')), COMMERCE_SEED_PRODUCTS: '20' },
    'COMMERCE_PORT',
  );
  // Both start at once: the migrations run once, under their lock.
  gateways = await Promise.all([startHost(), startHost()]);
  // `npm run remote` from a team's pipeline, on a third machine.
  cli = await openGatewayStorage(
    {
      database: { url: databaseUrl, poolSize: 2, remotesCacheDir: mkdtempSync(join(tmpdir(), 'remotes-cli-')) },
      dataDir: '/nonexistent',
    },
    createLogger('silent'),
  );
}, 120_000);

afterAll(async () => {
  await cli?.close();
  for (const gateway of gateways) await gateway.stop();
  await commerce?.stop();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

const remotesOf = async (gateway: RunningGateway) =>
  (await supertest(gateway.url).get('/api/remotes').set('host', `localhost:${gateway.port}`).expect(200)).body
    .remotes as Record<string, { version: string }>;

describe('gateways on one PostgreSQL database', () => {
  it('serve a build published and released elsewhere: its files from every instance, live within seconds', async () => {
    const [a, b] = gateways;
    const { version, created } = await cli.store.publish(remoteBuild('3.1.0'));
    expect(created).toBe(true);
    // The same content again is the same version: nothing new stored.
    expect(await cli.store.publish(remoteBuild('3.1.0'))).toEqual({ remote: 'catalog', version, created: false });
    await cli.registry.release('*', 'catalog', version, by);
    for (const gateway of [a, b]) {
      await eventually(async () => expect((await remotesOf(gateway)).catalog?.version).toBe(version));
      const entry = await supertest(gateway.url)
        .get(`/remotes/catalog/${version}/remoteEntry.js`)
        .set('host', `localhost:${gateway.port}`)
        .expect(200);
      expect(entry.text).toBe(readFileSync(join(remoteBuild('3.1.0'), 'remoteEntry.js'), 'utf8'));
      expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('agree on the registry: a change read at an older version is refused on any instance, and the audit is one', async () => {
    const { version: next } = await cli.store.publish(remoteBuild('3.2.0'));
    const read = cli.registry.version();
    // Two writers decide on the same read at once: exactly one lands.
    const outcomes = await Promise.allSettled([
      cli.registry.startCanary('hoopcraft', 'catalog', next, 10, { ...by, expectedVersion: read }),
      cli.registry.release('everwear', 'catalog', next, { ...by, expectedVersion: read }),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((outcome) => outcome.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 'REGISTRY_CONFLICT' });
    expect(cli.registry.version()).toBe(read + 1);
    // A second storage (another host) sees the change and the audit as recorded.
    const other = await openGatewayStorage(
      {
        database: { url: databaseUrl, poolSize: 2, remotesCacheDir: mkdtempSync(join(tmpdir(), 'remotes-b-')) },
        dataDir: '/nonexistent',
      },
      createLogger('silent'),
    );
    try {
      expect(other.registry.version()).toBe(read + 1);
      expect(other.registry.audit(['*', 'hoopcraft', 'everwear'])).toEqual(
        cli.registry.audit(['*', 'hoopcraft', 'everwear']),
      );
      expect(other.store.versions('catalog').map((entry) => entry.version)).toContain(next);
    } finally {
      await other.close();
    }
  });

  it('keep tracking records in the database', async () => {
    const [a] = gateways;
    const session = trackingTokens(a.config.authSecret).issue();
    const eventId = crypto.randomUUID();
    await supertest(a.url)
      .post('/api/tracking')
      .set('host', 'hoopcraft.localhost')
      .set('sec-fetch-site', 'same-origin')
      .set('cookie', `sessionToken=${session}`)
      .send({
        event: 'ADD_TO_CART',
        eventId,
        eventUrl: 'http://localhost/p/bras/lace/VF1',
        sessionToken: session,
        sku: 'VF1-34B',
        quantity: 2,
      })
      .expect(202);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await eventually(async () => {
        const { rows } = await client.query(
          "SELECT entry FROM gateway_tracking_events WHERE entry->'record'->>'eventId' = $1",
          [eventId],
        );
        expect(rows).toHaveLength(1);
      });
    } finally {
      await client.end();
    }
  });

  it('write nothing in their data folders', async () => {
    // Sign-in's revocations live in Redis; the registry, builds and tracking in the database.
    for (const gateway of gateways) {
      await supertest(gateway.url).get('/').set('host', 'hoopcraft.localhost');
      const written = readdirSync(gateway.dataDir).filter((entry) => entry !== 'shell');
      expect(written).toEqual([]);
    }
  });
});

describe('the job queue on PostgreSQL (pg-boss)', () => {
  it('runs a keyed job once across instances, retries a failing one, keeps it as dead and sends it again once', async () => {
    const logger = createLogger('silent');
    const retry = { retries: 1, delaySeconds: 1 };
    // A database of its own: the gateways above run mail workers of their own on theirs.
    await admin(`CREATE DATABASE ${name}_jobs`);
    const jobsUrl = `${databaseUrl}_jobs`;
    // Two instances' queues on one database: either may take a job, neither takes it twice.
    const [one, two] = await Promise.all([
      createPgBossQueue(jobsUrl, logger, { retry, pollSeconds: 0.5, db: cli.db }),
      createPgBossQueue(jobsUrl, logger, { retry, pollSeconds: 0.5, db: cli.db }),
    ]);
    try {
      const mails: unknown[] = [];
      const posted: unknown[] = [];
      let attempts = 0;
      let vendorBack = false;
      for (const queue of [one, two]) {
        await queue.work('mail', async (data) => void mails.push(data));
        await queue.work('loyalty', async (data) => {
          attempts += 1;
          if (!vendorBack) throw new Error('vendor away');
          posted.push(data);
        });
      }
      await one.send('mail', { n: 1 }, 'VF0000000009:order-placed');
      await two.send('mail', { n: 2 }, 'VF0000000009:order-placed');
      await one.send('loyalty', { orderNumber: 'VF0000000009' }, 'VF0000000009:placed');
      await eventually(() => expect(mails).toEqual([{ n: 1 }]), { timeoutMs: 10_000 });
      await eventually(
        async () => expect(await two.depth()).toContainEqual({ queue: 'loyalty', waiting: 0, dead: 1 }),
        { timeoutMs: 15_000 },
      );
      expect(attempts).toBe(2);
      expect(mails).toHaveLength(1);

      // An operator lists it on either instance and, the vendor back, sends it again from both at once: it runs once.
      const [dead] = await one.deadJobs('loyalty', 10);
      expect(dead).toMatchObject({ queue: 'loyalty', data: { orderNumber: 'VF0000000009' } });
      expect(await two.deadJobs('loyalty', 10)).toEqual([dead]);
      expect(await one.deadJobs('mail', 10)).toEqual([]);
      vendorBack = true;
      await Promise.all([one.sendAgain('loyalty', dead.id), two.sendAgain('loyalty', dead.id)]);
      await eventually(() => expect(posted).toEqual([{ orderNumber: 'VF0000000009' }]), { timeoutMs: 10_000 });
      expect(await one.deadJobs('loyalty', 10)).toEqual([]);
      expect(await two.sendAgain('loyalty', dead.id)).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(posted).toHaveLength(1);
    } finally {
      await Promise.all([one.close(), two.close()]);
      await admin(`DROP DATABASE IF EXISTS ${name}_jobs WITH (FORCE)`);
    }
  }, 60_000);
});

afterAll(() => {
  for (const gateway of gateways) rmSync(gateway.dataDir, { recursive: true, force: true });
});
