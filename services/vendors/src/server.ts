import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type StopSignal, createHttpLifecycle, createLogger } from '@shop/node-kit';
import { createServiceMetrics } from '@shop/node-kit/metrics';
import { startTracing, traceRequests } from '@shop/node-kit/tracing';
import { type Db, lazyDatabase, openDatabase } from '@shop/node-kit/db';
import express, { type ErrorRequestHandler, type Express } from 'express';
import { addressRoutes } from './address/address-routes';
import { captchaRoutes } from './captcha';
import { type VendorsConfig, loadVendorsConfig } from './config';
import { crmRepository } from './crm/crm-repository';
import { crmRoutes } from './crm/crm-routes';
import { migrate } from './db/migrate';
import { type MailCatcher, startMailCatcher } from '@shop/mail/catcher';
import { idmeApp } from './idme/idme-app';
import { fraudCollectorApp } from './fraud/collector-app';
import { decisionRoutes } from './fraud/decision-routes';
import { fraudRepository } from './fraud/fraud-repository';
import { labelRepository } from './labels/label-repository';
import { labelRoutes } from './labels/label-routes';
import { loyaltyRepository } from './loyalty/loyalty-repository';
import { loyaltyRoutes } from './loyalty/loyalty-routes';
import { paymentHostedApp } from './payment/hosted-app';
import { paymentRepository } from './payment/payment-repository';
import { paymentRoutes } from './payment/payment-routes';
import { taxRoutes } from './tax/tax-routes';
import { type ZipData, loadZipData } from './zip-data';

export interface RunningVendors {
  /** The server-to-server API (captcha, CRM, tax, address, payments, fraud decisions, loyalty). */
  url: string;
  /** The payment stand-in's own origin, serving the hosted card field. */
  paymentHostedUrl: string;
  /** The fraud collector's own origin (SPEC §7). */
  fraudCollectorUrl: string;
  /** The identity-verification stand-in's own origin (ID.me-like OAuth provider). */
  idmeUrl: string;
  /** The mail catcher: where the shop sends mail (SMTP), and the page to read it. */
  mail: { smtpUrl: string; viewerUrl: string };
  config: VendorsConfig;
  /** The stand-ins' database (opened and migrated on first use), for tests and tools that inspect it. */
  database: () => Promise<Db>;
  /**
   * Opens the database and loads the ZIP table now; until both are done /healthz answers 503
   * `starting`, so what waits on it (npm start, the e2e shop, the benches) sends no shopper to a
   * service whose first answers would take seconds (PGlite's start holds the event loop).
   */
  warmUp: () => Promise<void>;
  stop: () => Promise<void>;
  /** The graceful stop (SIGTERM): the API's /readyz fails, its requests in flight finish, then all stops. */
  shutdown: (signal: StopSignal) => Promise<{ cut: number }>;
}

export interface StartOptions {
  /** The clock the payment stand-in reads (token expiry, card expiry); tests move it. */
  now?: () => Date;
  /** Loads the ZIP table (once; the loader caches it); a test holds it to see the service warming. */
  zipData?: () => Promise<ZipData>;
}

/** Body-parser refusals (too large, too many fields, bad encoding) as JSON, like every other answer. */
const bodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const status = (error as { status?: number }).status;
  if (res.headersSent || typeof status !== 'number' || status < 400 || status >= 500) return next(error);
  res.status(status).json({ error: { code: 'BAD_REQUEST', message: (error as Error).message } });
};

async function listen(app: Express, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    // Express 5 hands a listen error (a port in use) to this callback as well as to 'error'.
    const listening = app.listen(port, host, (error?: Error) => (error ? reject(error) : resolve(listening)));
    listening.once('error', reject);
  });
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

/**
 * Serves the vendor stand-ins at once on four listeners: the API (VENDORS_PORT), the hosted
 * card field's origin (PAYMENT_HOSTED_PORT), the fraud collector's (FRAUD_COLLECTOR_PORT) and the
 * identity-verification provider's (IDME_PORT).
 * The shared database is opened (created and migrated on first use) only when an endpoint that
 * stores something is first called, and the ZIP data on the first tax or address call, so
 * start-up stays instant. `start({ port: 0 })` puts the three other listeners on free ports too,
 * unless their ports are given.
 */
export async function start(
  overrides: Partial<VendorsConfig> = {},
  { now = () => new Date(), zipData = loadZipData }: StartOptions = {},
): Promise<RunningVendors> {
  const loaded = loadVendorsConfig();
  const ephemeral =
    overrides.port === 0
      ? { paymentHostedPort: 0, fraudCollectorPort: 0, idmePort: 0, mailSmtpPort: 0, mailViewerPort: 0 }
      : {};
  const config: VendorsConfig = { ...loaded, ...ephemeral, ...overrides };
  const logger = createLogger(config.logLevel);
  // Spans to OTEL_EXPORTER_OTLP_ENDPOINT, when set; sent and stopped at the end of `stop`.
  const stopTracing = await startTracing(config.tracing);
  const database = lazyDatabase(async () => {
    const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 10 });
    const applied = await migrate(db).catch(async (error: unknown) => {
      await db.close();
      throw error;
    });
    if (applied.length) logger.info('Migrated the vendors database', { applied });
    return db;
  });
  const payments = paymentRepository(database.get);
  const fraud = fraudRepository(database.get);

  const lifecycle = createHttpLifecycle({
    checks: [
      { name: 'database', check: async () => (await database.get()).query('select 1') },
      { name: 'zip table', check: () => zipData() },
    ],
    ...config.shutdown,
  });
  const app = express();
  app.disable('x-powered-by');
  // A span per API request, the gateway's call span its parent when it sent a traceparent.
  app.use(traceRequests);
  // A stopping instance closes each connection after its answer, so clients reconnect elsewhere.
  app.use(lifecycle.closeWhenDraining);
  const metrics = createServiceMetrics('vendors', config.metricsAccess);
  app.use(metrics.middleware);
  app.get('/metrics', (req, res) => metrics.handler(req, res));
  let warming = false;
  app.get('/healthz', (_req, res) => {
    if (warming) res.status(503).json({ status: 'starting' });
    else res.json({ status: 'ok' });
  });
  app.get('/readyz', (req, res) => lifecycle.readyz(req, res));
  app.use('/captcha', captchaRoutes(config.captchaSecret));
  app.use('/tax/v1', taxRoutes({ apiKey: config.taxApiKey, logger, zipData }));
  app.use('/address/v1', addressRoutes({ apiKey: config.addressApiKey, logger, zipData }));
  app.use('/payments/v1', paymentRoutes({ secretKey: config.paymentSecretKey, repository: payments, logger, now }));
  app.use(
    '/fraud/v1',
    decisionRoutes({ apiKey: config.fraudApiKey, orgId: config.fraudOrgId, repository: fraud, zipData, logger }),
  );
  app.use(
    '/loyalty/v1',
    loyaltyRoutes({ apiKey: config.loyaltyApiKey, repository: loyaltyRepository(database.get), logger }),
  );
  app.use(
    '/labels/v1',
    labelRoutes({ apiKey: config.returnLabelApiKey, repository: labelRepository(database.get), logger }),
  );
  app.use(crmRoutes({ repository: crmRepository(database.get), apiKey: config.crmApiKey, logger }));
  app.use((_req, res) => res.status(404).json({ error: { code: 'NOT_FOUND', message: 'Nothing here' } }));
  app.use(bodyErrors);

  const hosted = paymentHostedApp({
    publishableKey: config.paymentPublishableKey,
    allowedOrigins: config.paymentAllowedOrigins,
    secretKey: config.paymentSecretKey,
    repository: payments,
    logger,
    now,
  });
  const collector = fraudCollectorApp({
    orgId: config.fraudOrgId,
    allowedOrigins: config.fraudAllowedOrigins,
    deviceSecret: config.fraudApiKey,
    repository: fraud,
    logger,
  });

  const idme = idmeApp({
    clientId: config.idmeClientId,
    clientSecret: config.idmeClientSecret,
    redirectUris: config.idmeRedirectUris,
    logger,
  });

  const servers: Server[] = [];
  let catcher: MailCatcher | undefined;
  try {
    servers.push(await listen(app, config.port, config.host));
    lifecycle.attach(servers[0]);
    servers.push(await listen(hosted, config.paymentHostedPort, config.host));
    servers.push(await listen(collector, config.fraudCollectorPort, config.host));
    servers.push(await listen(idme, config.idmePort, config.host));
    catcher = await startMailCatcher({
      smtpPort: config.mailSmtpPort,
      httpPort: config.mailViewerPort,
      host: config.host,
    });
  } catch (error) {
    await Promise.all(servers.map(close));
    throw error;
  }
  const stop = async () => {
    await Promise.all(servers.map(close));
    await catcher?.close();
    await database.close();
    await stopTracing();
  };
  const [api, card, fraudOrigin, idmeOrigin] = servers.map(
    (server) => `http://${config.host}:${(server.address() as AddressInfo).port}`,
  );
  return {
    url: api,
    paymentHostedUrl: card,
    fraudCollectorUrl: fraudOrigin,
    idmeUrl: idmeOrigin,
    mail: {
      smtpUrl: `smtp://${config.host}:${catcher.smtpPort}`,
      viewerUrl: `http://${config.host}:${catcher.httpPort}`,
    },
    config,
    database: database.get,
    warmUp: async () => {
      warming = true;
      try {
        await Promise.all([database.get(), zipData()]);
      } finally {
        warming = false;
      }
    },
    stop,
    shutdown: (signal) => lifecycle.stopOn(signal, stop, logger),
  };
}
