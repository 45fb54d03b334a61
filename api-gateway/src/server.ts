import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type BrandCatalog, loadBrandCatalog } from '@shop/brands';
import { type GatewayConfig, loadConfig } from './config';
import { openGatewayStorage, openTrackingSink } from './data-access/gateway-storage';
import { createApp } from './entry-points/http/app';
import { Redis } from 'ioredis';
import { createCsrf } from './sessions/csrf';
import { createMailer, queuedMailer, startMailWorker } from './data-access/mailer';
import { createMemoryQueue, createPgBossQueue, watchQueueDepth } from './data-access/job-queue';
import { startLoyaltyWorker } from './modules/orders/loyalty-job';
import { createCartWriteStats } from './shared/cart-write-stats';
import { countedCache, createMemoryCache, createRedisCache } from './data-access/response-cache';
import { createMemoryRateLimiter, createRedisRateLimiter } from './data-access/rate-limiter';
import { createMemoryCartWriteQueue, createRedisCartWriteQueue } from './data-access/cart-write-queue';
import { createThrottle } from './shared/throttle';
import { createCaptchaClient } from './clients/captcha/captcha-client';
import { createCommerceClient } from './clients/commercetools';
import { createCrmClient } from './clients/crm';
import { createCheckoutVendors } from './clients/checkout-vendors';
import { createFileRevocationStore, createRedisRevocationStore } from './sessions/revocation-store';
import { customerConsentStore } from './modules/privacy/customer-consent-store';
import { flagReader } from './modules/flags/flag-reader';
import { createSessionService } from './sessions/session-service';
import { createSessionCodec } from './sessions/session-token';
import { type StopSignal, createHttpLifecycle, createLogger } from '@shop/node-kit';
import { createServiceMetrics } from '@shop/node-kit/metrics';
import { startTracing, tracedListener } from '@shop/node-kit/tracing';
import { createBrandOrigins } from './shared/brand-origins';
import { createFileContentSource, createHttpContentSource } from './clients/content';
import { type UpstreamName, createUpstreamGuard } from './clients/upstream-guard';

export interface RunningGateway {
  url: string;
  /** The Express app, for tests that inspect its routes. */
  app: ReturnType<typeof createApp>;
  port: number;
  config: GatewayConfig;
  catalog: BrandCatalog;
  /** Stops at once: tests, and the end of a graceful shutdown. */
  stop: () => Promise<void>;
  /**
   * The graceful stop (SIGTERM): /readyz fails, the port closes after the drain delay, requests in
   * flight finish within the grace period, then everything closes. Says how many were cut.
   */
  shutdown: (signal: StopSignal) => Promise<{ cut: number }>;
}

/**
 * Starts the gateway; brand config is validated first and a bad file stops start-up. The log goes
 * to standard output unless `logDestination` takes it (tests keep it to explain a failure).
 */
export async function start(
  overrides: Partial<GatewayConfig> = {},
  logDestination?: Parameters<typeof createLogger>[1],
): Promise<RunningGateway> {
  const config = { ...loadConfig(), ...overrides };
  const logger = createLogger(config.logLevel, logDestination);
  // Spans to OTEL_EXPORTER_OTLP_ENDPOINT, when set; sent and stopped at the end of `stop`.
  const stopTracing = await startTracing(config.tracing);
  const catalog = loadBrandCatalog({ dir: config.brandsDir, environment: config.environment });
  // One breaker per upstream, shared by every request.
  const metrics = createServiceMetrics('gateway', config.metricsAccess);
  const guard = (name: UpstreamName) => createUpstreamGuard(name, logger, config.breaker, metrics);
  const content = config.content.apiUrl
    ? createHttpContentSource({
        url: config.content.apiUrl,
        catalog,
        ttlSeconds: config.content.cacheTtlSeconds,
        logger,
        guard: guard('content'),
      })
    : createFileContentSource(config.brandsDir, catalog);
  const storage = await openGatewayStorage(config, logger);
  const { registry, store, db } = storage;
  const sink = openTrackingSink(config, storage, logger);
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  const commerce = createCommerceClient({ ...config.commerce, logger, guard: guard('commerce') });
  const revocations = redis
    ? createRedisRevocationStore(redis)
    : createFileRevocationStore(join(config.dataDir, 'sessions', 'revocations.jsonl'));
  const sessions = createSessionService(
    createSessionCodec(config.authSecret),
    revocations,
    Date.now,
    customerConsentStore(commerce, logger),
  );
  const captcha = createCaptchaClient({ ...config.captcha, logger, guard: guard('captcha') });
  const crm = createCrmClient({ ...config.crm, logger, guard: guard('crm') });
  const throttle = createThrottle(redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter());
  const cache = countedCache(redis ? createRedisCache(redis) : createMemoryCache(), metrics.cacheLookup);
  const cartQueue = redis ? createRedisCartWriteQueue(redis, { logger }) : createMemoryCartWriteQueue();
  // Until the server listens on port 0 its port is unknown; the local origins name the real one.
  let listeningPort = config.port;
  const origins = createBrandOrigins(catalog, config.defaultBrand, () => listeningPort, config.publicAddress);
  const jobs = config.database
    ? await createPgBossQueue(config.database.url, logger, { ...config.jobs, db })
    : createMemoryQueue(logger, config.jobs);
  const smtp = createMailer({ smtpUrl: config.smtpUrl, catalog, origins, logger });
  const mailer = queuedMailer(jobs, smtp);
  const vendors = createCheckoutVendors(config.vendors, logger, guard);
  await startMailWorker(jobs, smtp);
  await startLoyaltyWorker(jobs, vendors.loyalty);
  const queueDepth = watchQueueDepth(jobs, metrics, logger);
  const flags = flagReader({
    catalog,
    sessions,
    environment: config.environment,
    commerce: createCommerceClient({ ...config.commerce, logger, guard: guard('flags') }),
    logger,
  });
  const lifecycle = createHttpLifecycle({
    checks: [
      { name: 'commerce', check: () => commerce.ping() },
      ...(redis ? [{ name: 'redis', check: () => redis.ping() }] : []),
      ...(db ? [{ name: 'database', check: () => db.query('SELECT 1') }] : []),
    ],
    ...config.shutdown,
  });
  const app = createApp({
    config,
    catalog,
    logger,
    registry,
    store,
    sink,
    sessions,
    revocations,
    csrf: createCsrf(config.authSecret),
    commerce,
    captcha,
    throttle,
    mailer,
    cache,
    content,
    crm,
    origins,
    cartQueue,
    cartStats: createCartWriteStats(),
    vendors,
    jobs,
    flags,
    lifecycle,
    metrics,
  });

  const server: Server = await new Promise((resolve, reject) => {
    const listening = createServer(tracedListener(app)).listen(config.port, config.host ?? '', () =>
      resolve(listening),
    );
    listening.once('error', reject);
  });
  server.keepAliveTimeout = 65_000;
  lifecycle.attach(server);
  const { port } = server.address() as AddressInfo;
  listeningPort = port;
  // Brand managers' overrides: read before the first shopper is answered by them, then refreshed.
  await flags.start();
  const stop = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await flags.stop();
    await sink.close();
    await storage.close();
    await cartQueue.close();
    queueDepth.stop();
    await jobs.close();
    mailer.close();
    redis?.disconnect();
    await stopTracing();
  };
  return {
    app,
    url: `http://localhost:${port}`,
    port,
    config,
    catalog,
    stop,
    shutdown: (signal) => lifecycle.stopOn(signal, stop, logger),
  };
}
