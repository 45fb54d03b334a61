import { resolve } from 'node:path';
import { deploymentEnvironment, parseEnv, requireStrongSecrets, shutdownSettings } from '@shop/node-kit';
import { metricsAccess } from '@shop/node-kit/metrics';
import { z } from 'zod';

const repoRoot = resolve(__dirname, '..', '..', '..');

const envSchema = z.object({
  COMMERCE_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  COMMERCE_HOST: z.string().default('127.0.0.1'),
  /** Path prefix of the API: auth at {base}/oauth/token, projects at {base}/{projectKey}. */
  COMMERCE_BASE_PATH: z
    .string()
    .regex(/^\/[a-z0-9-/]*[a-z0-9]$/)
    .default('/commerce'),
  /** Public URL of the base, used for absolute image URLs. */
  COMMERCE_PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  COMMERCE_PROJECT_KEY: z
    .string()
    .regex(/^[a-z0-9-]{2,36}$/)
    .default('shop'),
  COMMERCE_CLIENT_ID: z.string().min(8).default('shop-gateway-dev'),
  COMMERCE_CLIENT_SECRET: z.string().min(16).default('dev-only-commerce-client-secret'),
  /** Signs access tokens; set a long random value outside development. */
  COMMERCE_TOKEN_SECRET: z.string().min(32).default('dev-only-commerce-token-secret-change-me'),
  COMMERCE_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(172800).default(172800),
  /** A PostgreSQL URL; without it the embedded PGlite database in COMMERCE_DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//)
    .optional(),
  /**
   * PostgreSQL connections in each instance's pool (PGlite has none). Each instance also keeps one
   * connection of its own listening for the others' catalog changes, so N instances take
   * N x (pool + 1) connections: keep that, with every other client, within the server's
   * max_connections (PostgreSQL's default 100 leaves room for 8 instances at the default 10).
   */
  COMMERCE_DB_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  COMMERCE_DATA_DIR: z.string().default(resolve(repoRoot, 'var', 'commerce-db')),
  /** Products in the seed catalog created on first start. */
  COMMERCE_SEED_PRODUCTS: z.coerce.number().int().min(0).max(200000).default(1500),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** OpenTelemetry: the OTLP/HTTP collector spans go to (README, Running at scale); unset, nothing is traced. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** The name on the spans instead of shop-commerce. */
  OTEL_SERVICE_NAME: z.string().min(1).max(100).optional(),
  NODE_ENV: z.string().optional(),
  APP_ENV: z.string().optional(),
});

export type CommerceConfig = ReturnType<typeof loadCommerceConfig>;

/** Validates the environment; a bad value stops the service naming the variable. */
export function loadCommerceConfig(env: NodeJS.ProcessEnv = process.env) {
  const v = parseEnv(envSchema, env);
  const environment = deploymentEnvironment(v);
  requireStrongSecrets(environment, {
    COMMERCE_CLIENT_SECRET: v.COMMERCE_CLIENT_SECRET,
    COMMERCE_TOKEN_SECRET: v.COMMERCE_TOKEN_SECRET,
  });
  return {
    port: v.COMMERCE_PORT,
    host: v.COMMERCE_HOST,
    basePath: v.COMMERCE_BASE_PATH,
    publicUrl: v.COMMERCE_PUBLIC_URL,
    projectKey: v.COMMERCE_PROJECT_KEY,
    clientId: v.COMMERCE_CLIENT_ID,
    clientSecret: v.COMMERCE_CLIENT_SECRET,
    tokenSecret: v.COMMERCE_TOKEN_SECRET,
    tokenTtlSeconds: v.COMMERCE_TOKEN_TTL_SECONDS,
    databaseUrl: v.DATABASE_URL,
    dataDir: v.COMMERCE_DATA_DIR,
    dbPoolSize: v.COMMERCE_DB_POOL_SIZE,
    seedProducts: v.COMMERCE_SEED_PRODUCTS,
    logLevel: v.LOG_LEVEL,
    environment,
    shutdown: shutdownSettings(env, environment),
    metricsAccess: metricsAccess(env, environment),
    tracing: { endpoint: v.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: v.OTEL_SERVICE_NAME ?? 'shop-commerce' },
  };
}
