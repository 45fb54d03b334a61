import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseEnv } from '@shop/node-kit';
import express from 'express';
import { z } from 'zod';
import { captchaRoutes } from './captcha';

const envSchema = z.object({
  VENDORS_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  VENDORS_HOST: z.string().default('127.0.0.1'),
  CAPTCHA_SECRET: z.string().min(16).default('dev-only-captcha-secret'),
});

export async function start(overrides: { port?: number; captchaSecret?: string } = {}) {
  const env = parseEnv(envSchema, process.env);
  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  app.use('/captcha', captchaRoutes(overrides.captchaSecret ?? env.CAPTCHA_SECRET));
  app.use((_req, res) => res.status(404).json({ error: 'not_found' }));
  const server: Server = await new Promise((resolve, reject) => {
    const listening = app.listen(overrides.port ?? env.VENDORS_PORT, env.VENDORS_HOST, () => resolve(listening));
    listening.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${env.VENDORS_HOST}:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
