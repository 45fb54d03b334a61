import { type MetricsAccess, metricsAccess } from '@shop/node-kit/metrics';
import { resolve } from 'node:path';
import {
  deploymentEnvironment,
  fraudOrgIdSetting,
  idmeClientIdSetting,
  parseEnv,
  publishableKeySetting,
  requireStrongSecrets,
  shutdownSettings,
} from '@shop/node-kit';
import { z } from 'zod';
import { DEFAULT_ALLOWED_ORIGINS, type OriginPattern, parseOriginPatterns } from './http/allowed-origins';

const repoRoot = resolve(__dirname, '..', '..', '..');

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const apiKey = (fallback: string) => z.string().min(16).default(fallback);
const origins = z
  .string()
  .default(DEFAULT_ALLOWED_ORIGINS)
  .superRefine((value, ctx) => {
    try {
      if (parseOriginPatterns(value).length === 0)
        ctx.addIssue({ code: 'custom', message: 'list at least one origin' });
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
    }
  });

const envSchema = z.object({
  VENDORS_PORT: port(4010),
  VENDORS_HOST: z.string().default('127.0.0.1'),
  CAPTCHA_SECRET: z.string().min(16).default('dev-only-captcha-secret'),
  /** The shared secret the gateway sends; the CRM's read endpoints (/cases, /leads) require it. */
  CRM_API_KEY: apiKey('dev-only-crm-api-key'),
  TAX_API_KEY: apiKey('dev-only-tax-api-key'),
  ADDRESS_API_KEY: apiKey('dev-only-address-api-key'),
  /** The payment API's secret key (server to server); also keys the card fingerprints' HMAC. */
  PAYMENT_SECRET_KEY: apiKey('dev-only-payment-secret-key'),
  /** Public: the checkout page puts it in the hosted card field's URL. */
  PAYMENT_PUBLISHABLE_KEY: publishableKeySetting,
  /** The hosted card field's own origin (a second listener on VENDORS_HOST). */
  PAYMENT_HOSTED_PORT: port(4011),
  /** Pages that may frame the card field (its CSP frame-ancestors), as origin patterns. */
  PAYMENT_ALLOWED_ORIGINS: origins,
  FRAUD_API_KEY: apiKey('dev-only-fraud-api-key'),
  /** The fraud collector's own origin (a third listener on VENDORS_HOST). */
  FRAUD_COLLECTOR_PORT: port(4012),
  /** Pages whose scripts may call the collector (CORS) and frame /logo.htm. */
  FRAUD_ALLOWED_ORIGINS: origins,
  /** Public: the merchant's org id the browser collector sends. */
  FRAUD_ORG_ID: fraudOrgIdSetting,
  LOYALTY_API_KEY: apiKey('dev-only-loyalty-api-key'),
  RETURN_LABEL_API_KEY: apiKey('dev-only-return-label-api-key'),
  /** The identity-verification stand-in's own origin (a fourth listener on VENDORS_HOST). */
  IDME_PORT: port(4013),
  /** The mail catcher: an SMTP server that keeps the shop's mail (the gateway's SMTP_URL) ... */
  MAIL_SMTP_PORT: port(4025),
  /** ... and its page, where the mail is read (on VENDORS_HOST too). */
  MAIL_VIEWER_PORT: port(4026),
  IDME_CLIENT_ID: idmeClientIdSetting,
  IDME_CLIENT_SECRET: apiKey('dev-only-idme-client-secret'),
  /** The shop's callback on each brand origin, compared exactly (comma-separated). */
  IDME_REDIRECT_URIS: z
    .string()
    .default(
      ['vanityfair', 'everwear', 'rallyathletic', 'hoopcraft']
        .map((brand) => `http://${brand}.localhost:8080/api/idMe/callback`)
        .join(','),
    )
    .transform((list) =>
      list
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0 && list.every((uri) => /^https?:\/\/[^\s#?]+$/.test(uri)), {
      message: 'list absolute http(s) URLs without query or fragment',
    }),
  /** A PostgreSQL URL; without it the embedded PGlite database in VENDORS_DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//)
    .optional(),
  VENDORS_DATA_DIR: z.string().default(resolve(repoRoot, 'var', 'vendors-db')),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** OpenTelemetry: the OTLP/HTTP collector spans go to (README, Running at scale); unset, nothing is traced. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** The name on the spans instead of shop-vendors. */
  OTEL_SERVICE_NAME: z.string().min(1).max(100).optional(),
  NODE_ENV: z.string().optional(),
  APP_ENV: z.string().optional(),
});

export interface VendorsConfig {
  port: number;
  host: string;
  captchaSecret: string;
  crmApiKey: string;
  taxApiKey: string;
  addressApiKey: string;
  paymentSecretKey: string;
  paymentPublishableKey: string;
  paymentHostedPort: number;
  paymentAllowedOrigins: OriginPattern[];
  fraudApiKey: string;
  fraudCollectorPort: number;
  fraudAllowedOrigins: OriginPattern[];
  fraudOrgId: string;
  loyaltyApiKey: string;
  returnLabelApiKey: string;
  idmePort: number;
  mailSmtpPort: number;
  mailViewerPort: number;
  idmeClientId: string;
  idmeClientSecret: string;
  idmeRedirectUris: string[];
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  environment: string;
  /** How a SIGTERM drains the API (SHUTDOWN_DRAIN_DELAY_MS, SHUTDOWN_GRACE_MS). */
  shutdown: { drainDelayMs: number; graceMs: number };
  /** Who may read /metrics (METRICS_TOKEN). */
  metricsAccess: MetricsAccess;
  /** Where its spans go (OTEL_EXPORTER_OTLP_ENDPOINT; none without) and their service name (OTEL_SERVICE_NAME). */
  tracing: { endpoint: string | undefined; serviceName: string };
}

/** Validates the environment; a bad value stops the service naming the variable. */
export function loadVendorsConfig(env: NodeJS.ProcessEnv = process.env): VendorsConfig {
  const v = parseEnv(envSchema, env);
  const environment = deploymentEnvironment(v);
  requireStrongSecrets(environment, {
    CAPTCHA_SECRET: v.CAPTCHA_SECRET,
    CRM_API_KEY: v.CRM_API_KEY,
    TAX_API_KEY: v.TAX_API_KEY,
    ADDRESS_API_KEY: v.ADDRESS_API_KEY,
    PAYMENT_SECRET_KEY: v.PAYMENT_SECRET_KEY,
    FRAUD_API_KEY: v.FRAUD_API_KEY,
    LOYALTY_API_KEY: v.LOYALTY_API_KEY,
    RETURN_LABEL_API_KEY: v.RETURN_LABEL_API_KEY,
    IDME_CLIENT_SECRET: v.IDME_CLIENT_SECRET,
  });
  return {
    port: v.VENDORS_PORT,
    host: v.VENDORS_HOST,
    captchaSecret: v.CAPTCHA_SECRET,
    crmApiKey: v.CRM_API_KEY,
    taxApiKey: v.TAX_API_KEY,
    addressApiKey: v.ADDRESS_API_KEY,
    paymentSecretKey: v.PAYMENT_SECRET_KEY,
    paymentPublishableKey: v.PAYMENT_PUBLISHABLE_KEY,
    paymentHostedPort: v.PAYMENT_HOSTED_PORT,
    paymentAllowedOrigins: parseOriginPatterns(v.PAYMENT_ALLOWED_ORIGINS),
    fraudApiKey: v.FRAUD_API_KEY,
    fraudCollectorPort: v.FRAUD_COLLECTOR_PORT,
    fraudAllowedOrigins: parseOriginPatterns(v.FRAUD_ALLOWED_ORIGINS),
    fraudOrgId: v.FRAUD_ORG_ID,
    loyaltyApiKey: v.LOYALTY_API_KEY,
    returnLabelApiKey: v.RETURN_LABEL_API_KEY,
    idmePort: v.IDME_PORT,
    mailSmtpPort: v.MAIL_SMTP_PORT,
    mailViewerPort: v.MAIL_VIEWER_PORT,
    idmeClientId: v.IDME_CLIENT_ID,
    idmeClientSecret: v.IDME_CLIENT_SECRET,
    idmeRedirectUris: v.IDME_REDIRECT_URIS,
    databaseUrl: v.DATABASE_URL,
    dataDir: v.VENDORS_DATA_DIR,
    logLevel: v.LOG_LEVEL,
    environment,
    shutdown: shutdownSettings(env, environment),
    metricsAccess: metricsAccess(env, environment),
    tracing: { endpoint: v.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: v.OTEL_SERVICE_NAME ?? 'shop-vendors' },
  };
}
