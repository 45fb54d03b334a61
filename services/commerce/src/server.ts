import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type StopSignal, createHttpLifecycle, createLogger } from '@shop/node-kit';
import { type MetricsAccess, createServiceMetrics } from '@shop/node-kit/metrics';
import { startTracing, tracedListener } from '@shop/node-kit/tracing';
import { createTokenService } from './auth/token-service';
import { type CommerceConfig, loadCommerceConfig } from './config';
import { type Db, openDatabase } from './db/database';
import { migrateAndSeed } from './db/migrate';
import { createCommerceApp } from './http/app';
import { type CommerceServices, createServices } from './services';

export interface RunningCommerce {
  url: string;
  baseUrl: string;
  port: number;
  config: CommerceConfig;
  timings: { openMs: number; prepareMs: number; loadMs: number };
  /** What this instance did to the database on start: migrations applied, whether it seeded. */
  prepared: { applied: string[]; seeded: boolean; waitedForLock: boolean };
  /** The service's database, for tests that need to reach behind the API. */
  db: Db;
  /** Its use cases (the catalog, the changes it hears from other instances), for tests likewise. */
  services: CommerceServices;
  /** Stops at once: tests, and the end of a graceful shutdown. */
  stop: () => Promise<void>;
  /** The graceful stop (SIGTERM): /readyz fails, requests in flight finish, then it stops. */
  shutdown: (signal: StopSignal) => Promise<{ cut: number }>;
}

/** The service's metrics, with its PostgreSQL pool's use (PGlite has no pool). */
function serviceMetrics(db: Db, access: MetricsAccess) {
  const metrics = createServiceMetrics('commerce', access);
  const { poolUse } = db;
  if (poolUse)
    metrics.gauge(
      'db_pool_connections',
      'PostgreSQL pool connections: total, idle, and callers waiting',
      ['state'],
      () => Object.entries(poolUse()).map(([state, value]) => ({ labels: { state }, value })),
    );
  return metrics;
}

/** Opens (and on first start migrates and seeds) the database, then serves the API. */
export async function start(
  overrides: Partial<CommerceConfig> & { now?: () => number } = {},
): Promise<RunningCommerce> {
  const { now, ...configOverrides } = overrides;
  const config = { ...loadCommerceConfig(), ...configOverrides };
  const logger = createLogger(config.logLevel);
  // Spans to OTEL_EXPORTER_OTLP_ENDPOINT, when set; sent and stopped at the end of `stop`.
  const stopTracing = await startTracing(config.tracing);
  const t0 = performance.now();
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize });
  const t1 = performance.now();
  const prepared = await migrateAndSeed(db, config.seedProducts);
  const { seed } = prepared;
  const t2 = performance.now();
  const services = await createServices(db, config, now, (level, message, fields) => logger[level](message, fields));
  services.catalog.startStockRefresh();
  const t3 = performance.now();
  if (prepared.waited) logger.info('Waited for another instance to migrate and seed the database');
  if (prepared.applied.length) logger.info('Migrated the database', { applied: prepared.applied });
  if (seed.seeded) logger.info('Seeded the catalog', { products: seed.products, ms: Math.round(t2 - t1) });
  const lifecycle = createHttpLifecycle({
    checks: [{ name: 'database', check: () => db.query('select 1') }],
    ...config.shutdown,
  });
  const app = createCommerceApp(
    config,
    services,
    createTokenService(config.tokenSecret, config.tokenTtlSeconds),
    logger,
    lifecycle,
    serviceMetrics(db, config.metricsAccess),
  );
  const server: Server = await new Promise((resolve, reject) => {
    const listening = createServer(tracedListener(app)).listen(config.port, config.host, () => resolve(listening));
    listening.once('error', reject);
  });
  // Longer than any proxy's idle timeout, so keep-alive connections are not cut mid-request.
  server.keepAliveTimeout = 65_000;
  lifecycle.attach(server);
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  if (!overrides.publicUrl && !config.publicUrl) services.imageBase = `${url}${config.basePath}`;
  const stop = async () => {
    services.catalog.stopStockRefresh();
    await services.changes.stop();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await db.close();
    await stopTracing();
  };
  return {
    url,
    baseUrl: `${url}${config.basePath}`,
    port,
    config,
    timings: { openMs: t1 - t0, prepareMs: t2 - t1, loadMs: t3 - t2 },
    prepared: { applied: prepared.applied, seeded: seed.seeded, waitedForLock: prepared.waited },
    db,
    services,
    stop,
    shutdown: (signal) => lifecycle.stopOn(signal, stop, logger),
  };
}
