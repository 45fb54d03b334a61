import { resolve } from 'node:path';
import { deploymentEnvironment, parseEnv, requireStrongSecrets } from '@shop/node-kit';
import { z } from 'zod';

const repoRoot = resolve(__dirname, '..', '..', '..');

const envSchema = z.object({
  VENDORS_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  VENDORS_HOST: z.string().default('127.0.0.1'),
  CAPTCHA_SECRET: z.string().min(16).default('dev-only-captcha-secret'),
  /** The shared secret the gateway sends; the CRM's read endpoints (/cases, /leads) require it. */
  CRM_API_KEY: z.string().min(16).default('dev-only-crm-api-key'),
  /** A PostgreSQL URL; without it the embedded PGlite database in VENDORS_DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//)
    .optional(),
  VENDORS_DATA_DIR: z.string().default(resolve(repoRoot, 'var', 'vendors-db')),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
  APP_ENV: z.string().optional(),
});

export type VendorsConfig = ReturnType<typeof loadVendorsConfig>;

/** Validates the environment; a bad value stops the service naming the variable. */
export function loadVendorsConfig(env: NodeJS.ProcessEnv = process.env) {
  const v = parseEnv(envSchema, env);
  const environment = deploymentEnvironment(v);
  requireStrongSecrets(environment, { CAPTCHA_SECRET: v.CAPTCHA_SECRET, CRM_API_KEY: v.CRM_API_KEY });
  return {
    port: v.VENDORS_PORT,
    host: v.VENDORS_HOST,
    captchaSecret: v.CAPTCHA_SECRET,
    crmApiKey: v.CRM_API_KEY,
    databaseUrl: v.DATABASE_URL,
    dataDir: v.VENDORS_DATA_DIR,
    logLevel: v.LOG_LEVEL,
    environment,
  };
}
