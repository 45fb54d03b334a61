import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@shop/node-kit';
import { lazyDatabase, openDatabase } from '@shop/node-kit/db';
import express, { type ErrorRequestHandler } from 'express';
import { captchaRoutes } from './captcha';
import { type VendorsConfig, loadVendorsConfig } from './config';
import { crmRepository } from './crm/crm-repository';
import { crmRoutes } from './crm/crm-routes';
import { migrate } from './crm/migrate';

export interface RunningVendors {
  url: string;
  config: VendorsConfig;
  stop: () => Promise<void>;
}

/** Body-parser refusals (too large, too many fields, bad encoding) as JSON, like every other answer. */
const bodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
  const status = (error as { status?: number }).status;
  if (res.headersSent || typeof status !== 'number' || status < 400 || status >= 500) return next(error);
  res.status(status).json({ error: { code: 'BAD_REQUEST', message: (error as Error).message } });
};

/**
 * Serves the vendor stand-ins at once; the CRM's database is opened (created and migrated on
 * first use) only when a CRM endpoint is first called, so start-up stays instant.
 */
export async function start(overrides: Partial<VendorsConfig> = {}): Promise<RunningVendors> {
  const config = { ...loadVendorsConfig(), ...overrides };
  const logger = createLogger(config.logLevel);
  const database = lazyDatabase(async () => {
    const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 5 });
    const applied = await migrate(db).catch(async (error: unknown) => {
      await db.close();
      throw error;
    });
    if (applied.length) logger.info('Migrated the CRM database', { applied });
    return db;
  });
  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  app.use('/captcha', captchaRoutes(config.captchaSecret));
  app.use(crmRoutes({ repository: crmRepository(database.get), apiKey: config.crmApiKey, logger }));
  app.use((_req, res) => res.status(404).json({ error: { code: 'NOT_FOUND', message: 'Nothing here' } }));
  app.use(bodyErrors);
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(config.port, config.host, () => resolve(listening));
    listening.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${config.host}:${port}`,
    config,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await database.close();
    },
  };
}
