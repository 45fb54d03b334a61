import { resolve } from 'node:path';
import { brandIdSchema, remoteNameSchema } from '@shop/contracts';
import {
  RELAXED_ENVIRONMENTS,
  deploymentEnvironment,
  fraudOrgIdSetting,
  idmeClientIdSetting,
  parseEnv,
  publishableKeySetting,
  requireStrongSecrets,
  shutdownSettings,
} from '@shop/node-kit';
import { metricsAccess } from '@shop/node-kit/metrics';
import { trustProxySetting } from './trust-proxy';
import { z } from 'zod';

const repoRoot = resolve(__dirname, '..', '..');

const devUrls = z.string().transform((value, ctx) => {
  const out: Partial<Record<z.infer<typeof remoteNameSchema>, string>> = {};
  for (const pair of value.split(',').filter(Boolean)) {
    const [name, url] = pair.split('=');
    const parsedName = remoteNameSchema.safeParse(name);
    if (!parsedName.success || !url || !/^https?:\/\/[^\s]+$/.test(url)) {
      ctx.addIssue({ code: 'custom', message: `expected name=url pairs, got "${pair}"` });
      return z.NEVER;
    }
    out[parsedName.data] = url;
  }
  return out;
});

/** `brand=origin,origin;brand=origin`: each origin http(s) with no path, the first canonical. */
const publicOrigins = z.string().transform((value, ctx) => {
  const out = new Map<string, string[]>();
  for (const entry of value.split(';').filter((part) => part.trim())) {
    const [brand, list = ''] = entry.split('=').map((part) => part.trim());
    const origins = list.split(',').map((origin) => origin.trim().toLowerCase());
    const wrong = origins.find((origin) => {
      try {
        return !/^https?:$/.test(new URL(origin).protocol) || new URL(origin).origin !== origin;
      } catch {
        return true;
      }
    });
    if (!/^[a-z][a-z0-9-]{1,30}$/.test(brand) || wrong !== undefined || out.has(brand)) {
      ctx.addIssue({
        code: 'custom',
        message: `expected brand=https://origin[,https://origin] entries separated by ";", got "${entry}"`,
      });
      return z.NEVER;
    }
    out.set(brand, origins);
  }
  return out;
});

const httpUrl = z.url({ protocol: /^https?$/ });
/** A vendor's server-side key: sent as a bearer, never to the browser. */
const vendorKey = z
  .string()
  .min(16)
  .max(512)
  .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces');

/** The development default of OPS_API_KEY, used only where secrets may be weak (development, test). */
const DEV_OPS_API_KEY = 'dev-only-ops-api-key';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().optional(),
  BRAND: brandIdSchema.default('vanityfair'),
  APP_ENV: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,30}$/)
    .optional(),
  NODE_ENV: z.string().optional(),
  BRANDS_DIR: z.string().default(resolve(repoRoot, 'brands')),
  SHELL_DIST: z.string().default(resolve(repoRoot, 'shell', 'dist')),
  DATA_DIR: z.string().default(resolve(repoRoot, 'var')),
  /** A file path, or "-" for standard output. */
  TRACKING_LOG: z.string().optional(),
  /** The tracking log rotates past this size (bytes); with TRACKING_LOG_FILES it bounds the disk used. */
  TRACKING_LOG_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 ** 3)
    .default(10 * 1024 * 1024),
  /** Tracking log files kept in all, the live one included; the oldest is deleted on rotation. */
  TRACKING_LOG_FILES: z.coerce.number().int().min(2).max(100).default(5),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** OpenTelemetry: the OTLP/HTTP collector spans go to (README, Running at scale); unset, nothing is traced. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** The name on the spans instead of shop-gateway. */
  OTEL_SERVICE_NAME: z.string().min(1).max(100).optional(),
  /** Which peers may set X-Forwarded-*: false, a hop count, or addresses/subnets (Express's semantics). */
  TRUST_PROXY: trustProxySetting.default(false),
  /** Development: the shell's dev server, e.g. http://localhost:4200. */
  SHELL_DEV_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The page renderer (shell/dist/server/renderer.js, ADR 0017); unset, every page renders in the browser. */
  RENDERER_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** How long a page waits for the renderer before it is sent to render in the browser instead. */
  RENDERER_TIMEOUT_MS: z.coerce.number().int().min(50).max(10_000).default(1500),
  /** Encrypts session cookies and signs CSRF tokens; at least 32 characters. */
  AUTH_SECRET: z.string().min(32).default('dev-only-auth-secret-change-me-0123456789'),
  COMMERCE_API_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:4000/commerce'),
  /** The OAuth host; commercetools serves it apart from the API. Defaults to the API URL. */
  COMMERCE_AUTH_URL: z.url({ protocol: /^https?$/ }).optional(),
  COMMERCE_PROJECT_KEY: z
    .string()
    .regex(/^[a-z0-9-]{2,36}$/)
    .default('shop'),
  COMMERCE_CLIENT_ID: z.string().min(8).default('shop-gateway-dev'),
  COMMERCE_CLIENT_SECRET: z.string().min(16).default('dev-only-commerce-client-secret'),
  CAPTCHA_VERIFY_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:4010/captcha/siteverify'),
  CAPTCHA_CHALLENGE_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:4010/captcha/challenge'),
  CAPTCHA_SECRET: z.string().min(16).default('dev-only-captcha-secret'),
  /** A captcha answer that always passes, for automated tests; unset it in production. */
  CAPTCHA_INTERNAL_SECRET: z.string().min(24).optional(),
  /** The CRM taking web-to-case and web-to-lead posts: the local stand-in, or e.g. https://webto.salesforce.com. */
  CRM_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:4010'),
  /** Shared secret sent to the CRM; the stand-in's read endpoints require it. */
  CRM_API_KEY: z.string().min(16).default('dev-only-crm-api-key'),
  /**
   * Where transactional mail goes: an SMTP relay (`smtps://user:password@smtp.example:465`), or
   * the vendor services' mail catcher that `npm start` runs.
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).default('smtp://127.0.0.1:4025'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_AUTHORIZATION_URL: z.url({ protocol: /^https?$/ }).default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url({ protocol: /^https?$/ }).default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url({ protocol: /^https?$/ }).default('https://openidconnect.googleapis.com/v1/userinfo'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_AUTHORIZATION_URL: z.url({ protocol: /^https?$/ }).default('https://www.facebook.com/v21.0/dialog/oauth'),
  FACEBOOK_TOKEN_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com/v21.0/oauth/access_token'),
  FACEBOOK_PROFILE_URL: z.url({ protocol: /^https?$/ }).default('https://graph.facebook.com/v21.0/me'),
  /** How long listings stay in the gateway's cache; 0 turns the cache off. */
  CATALOG_CACHE_TTL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Rate limits (and later caches) in Redis, shared by every gateway instance; in memory without it. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//)
    .optional(),
  /**
   * The gateway's own PostgreSQL database (ADR 0029): the remote registry and its audit, the
   * published remote builds and the tracking records, shared by every gateway instance. Without
   * it they are files in DATA_DIR, for one host. May be the commerce service's database: the
   * gateway's tables are named gateway_*.
   */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'a postgres:// URL')
    .optional(),
  /** Retries of a failed job (a mail, points to post) before it goes to its dead-letter list. */
  JOB_RETRIES: z.coerce.number().int().min(0).max(20).default(5),
  /** Seconds before a failed job's first retry; each later retry waits twice as long. */
  JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** PostgreSQL connections per gateway instance; instances x this must fit max_connections. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(5),
  /** Where an instance copies the published remote builds it serves (with DATABASE_URL); a temporary folder by default. */
  REMOTES_CACHE_DIR: z.string().optional(),
  /** Development: remotes served by dev servers, e.g. catalog=http://localhost:4201/mf-manifest.json. */
  REMOTE_DEV_URLS: devUrls.optional(),
  /** A headless CMS serving brand content; the brands/ folder's content is used without it. */
  CONTENT_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Consecutive faults (unreachable, timeout, 5xx) after which an upstream's circuit opens. */
  UPSTREAM_BREAKER_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  /** How long an open circuit fails calls at once before letting one probe through. */
  UPSTREAM_BREAKER_HALF_OPEN_SECONDS: z.coerce.number().min(1).max(300).default(5),
  /** How long content from the CMS is kept before it is fetched again. */
  CONTENT_CACHE_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  // Checkout vendors (docs/adr/0014): each a base URL and its server-side key; a hosted vendor
  // replaces its local stand-in by these variables alone.
  TAX_API_URL: httpUrl.default('http://127.0.0.1:4010/tax/v1'),
  TAX_API_KEY: vendorKey.default('dev-only-tax-api-key'),
  ADDRESS_API_URL: httpUrl.default('http://127.0.0.1:4010/address/v1'),
  ADDRESS_API_KEY: vendorKey.default('dev-only-address-api-key'),
  PAYMENT_API_URL: httpUrl.default('http://127.0.0.1:4010/payments/v1'),
  PAYMENT_SECRET_KEY: vendorKey.default('dev-only-payment-secret-key'),
  /** Public: the hosted card field is opened with it. */
  PAYMENT_PUBLISHABLE_KEY: publishableKeySetting,
  /** The payment vendor's own origin serving the hosted card field (the only frame the CSP allows besides the fraud collector). */
  PAYMENT_HOSTED_URL: httpUrl.default('http://127.0.0.1:4011'),
  FRAUD_API_URL: httpUrl.default('http://127.0.0.1:4010/fraud/v1'),
  FRAUD_API_KEY: vendorKey.default('dev-only-fraud-api-key'),
  /** The fraud collector's host the browser talks to (SPEC §7). */
  FRAUD_COLLECTOR_URL: httpUrl.default('http://127.0.0.1:4012'),
  /** Public: the organisation id the browser collector sends. */
  FRAUD_ORG_ID: fraudOrgIdSetting,
  LOYALTY_API_URL: httpUrl.default('http://127.0.0.1:4010/loyalty/v1'),
  LOYALTY_API_KEY: vendorKey.default('dev-only-loyalty-api-key'),
  RETURN_LABEL_API_URL: httpUrl.default('http://127.0.0.1:4010/labels/v1'),
  RETURN_LABEL_API_KEY: vendorKey.default('dev-only-return-label-api-key'),
  // Identity verification (ID.me-like, OAuth 2.0 code with PKCE): the local stand-in by default;
  // the real provider replaces it by these variables alone.
  IDME_AUTHORIZE_URL: httpUrl.default('http://127.0.0.1:4013/oauth/authorize'),
  IDME_TOKEN_URL: httpUrl.default('http://127.0.0.1:4013/oauth/token'),
  IDME_USERINFO_URL: httpUrl.default('http://127.0.0.1:4013/api/public/v3/attributes.json'),
  IDME_CLIENT_ID: idmeClientIdSetting,
  IDME_CLIENT_SECRET: vendorKey.default('dev-only-idme-client-secret'),
  /**
   * The bearer key of the back-office order routes (/api/ops/orders/...). Outside development and
   * test it has no default: unset, those routes are off (404); set, it must be a strong secret.
   */
  OPS_API_KEY: vendorKey.optional(),
  /**
   * Behind a proxy or load balancer, each brand's public origins, the first canonical, over those
   * of its config: `vanityfair=https://www.vanityfair.example,https://vanityfair.example;hoopcraft=...`.
   */
  PUBLIC_ORIGINS: publicOrigins.optional(),
  /** Behind a proxy on this machine: the port it listens on, for the http://{brand}.localhost names. */
  PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});

export type GatewayConfig = ReturnType<typeof loadConfig>;

/** Validates the environment at boot; a bad value stops the process naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const value = parseEnv(envSchema, env);
  const environment = deploymentEnvironment(value);
  // Outside development and test, a secret anyone can read in the repository must never run.
  requireStrongSecrets(environment, {
    AUTH_SECRET: value.AUTH_SECRET,
    COMMERCE_CLIENT_SECRET: value.COMMERCE_CLIENT_SECRET,
    CAPTCHA_SECRET: value.CAPTCHA_SECRET,
    CRM_API_KEY: value.CRM_API_KEY,
    ...(value.CAPTCHA_INTERNAL_SECRET ? { CAPTCHA_INTERNAL_SECRET: value.CAPTCHA_INTERNAL_SECRET } : {}),
    TAX_API_KEY: value.TAX_API_KEY,
    ADDRESS_API_KEY: value.ADDRESS_API_KEY,
    PAYMENT_SECRET_KEY: value.PAYMENT_SECRET_KEY,
    FRAUD_API_KEY: value.FRAUD_API_KEY,
    LOYALTY_API_KEY: value.LOYALTY_API_KEY,
    RETURN_LABEL_API_KEY: value.RETURN_LABEL_API_KEY,
    IDME_CLIENT_SECRET: value.IDME_CLIENT_SECRET,
    ...(value.OPS_API_KEY ? { OPS_API_KEY: value.OPS_API_KEY } : {}),
  });
  const relaxed = RELAXED_ENVIRONMENTS.includes(environment);
  return {
    port: value.PORT,
    host: value.HOST,
    defaultBrand: value.BRAND,
    environment,
    brandsDir: value.BRANDS_DIR,
    shellDist: value.SHELL_DIST,
    dataDir: value.DATA_DIR,
    /** Unset with DATABASE_URL: the records go to the gateway's database. */
    trackingLog: value.TRACKING_LOG ?? (value.DATABASE_URL ? undefined : resolve(value.DATA_DIR, 'tracking.log')),
    trackingLogMaxBytes: value.TRACKING_LOG_MAX_BYTES,
    trackingLogFiles: value.TRACKING_LOG_FILES,
    logLevel: value.LOG_LEVEL,
    trustProxy: value.TRUST_PROXY,
    shellDevUrl: value.SHELL_DEV_URL,
    renderer: value.RENDERER_URL ? { url: value.RENDERER_URL, timeoutMs: value.RENDERER_TIMEOUT_MS } : undefined,
    remoteDevUrls: value.REMOTE_DEV_URLS ?? {},
    authSecret: value.AUTH_SECRET,
    redisUrl: value.REDIS_URL,
    jobs: { retry: { retries: value.JOB_RETRIES, delaySeconds: value.JOB_RETRY_DELAY_SECONDS } },
    database: value.DATABASE_URL
      ? { url: value.DATABASE_URL, poolSize: value.DATABASE_POOL_SIZE, remotesCacheDir: value.REMOTES_CACHE_DIR }
      : undefined,
    catalogCacheTtlSeconds: value.CATALOG_CACHE_TTL_SECONDS,
    content: { apiUrl: value.CONTENT_API_URL, cacheTtlSeconds: value.CONTENT_CACHE_TTL_SECONDS },
    breaker: {
      failures: value.UPSTREAM_BREAKER_FAILURES,
      halfOpenAfterMs: value.UPSTREAM_BREAKER_HALF_OPEN_SECONDS * 1000,
    },
    google:
      value.GOOGLE_CLIENT_ID && value.GOOGLE_CLIENT_SECRET
        ? {
            clientId: value.GOOGLE_CLIENT_ID,
            clientSecret: value.GOOGLE_CLIENT_SECRET,
            authorizationUrl: value.GOOGLE_AUTHORIZATION_URL,
            tokenUrl: value.GOOGLE_TOKEN_URL,
            profileUrl: value.GOOGLE_USERINFO_URL,
          }
        : undefined,
    facebook:
      value.FACEBOOK_CLIENT_ID && value.FACEBOOK_CLIENT_SECRET
        ? {
            clientId: value.FACEBOOK_CLIENT_ID,
            clientSecret: value.FACEBOOK_CLIENT_SECRET,
            authorizationUrl: value.FACEBOOK_AUTHORIZATION_URL,
            tokenUrl: value.FACEBOOK_TOKEN_URL,
            profileUrl: value.FACEBOOK_PROFILE_URL,
          }
        : undefined,
    smtpUrl: value.SMTP_URL,
    publicAddress: { origins: value.PUBLIC_ORIGINS, port: value.PUBLIC_PORT },
    // SHUTDOWN_DRAIN_DELAY_MS, SHUTDOWN_GRACE_MS: how a SIGTERM drains (README, Running at scale).
    shutdown: shutdownSettings(env, environment),
    // METRICS_TOKEN: who may read /metrics (README, Running at scale).
    metricsAccess: metricsAccess(env, environment),
    tracing: { endpoint: value.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: value.OTEL_SERVICE_NAME ?? 'shop-gateway' },
    commerce: {
      apiUrl: value.COMMERCE_API_URL,
      authUrl: value.COMMERCE_AUTH_URL ?? value.COMMERCE_API_URL,
      projectKey: value.COMMERCE_PROJECT_KEY,
      clientId: value.COMMERCE_CLIENT_ID,
      clientSecret: value.COMMERCE_CLIENT_SECRET,
    },
    crm: { url: value.CRM_URL, apiKey: value.CRM_API_KEY },
    vendors: {
      tax: { url: value.TAX_API_URL, apiKey: value.TAX_API_KEY },
      address: { url: value.ADDRESS_API_URL, apiKey: value.ADDRESS_API_KEY },
      payment: {
        url: value.PAYMENT_API_URL,
        apiKey: value.PAYMENT_SECRET_KEY,
        publishableKey: value.PAYMENT_PUBLISHABLE_KEY,
        hostedUrl: value.PAYMENT_HOSTED_URL,
      },
      fraud: {
        url: value.FRAUD_API_URL,
        apiKey: value.FRAUD_API_KEY,
        collectorUrl: value.FRAUD_COLLECTOR_URL,
        orgId: value.FRAUD_ORG_ID,
      },
      loyalty: { url: value.LOYALTY_API_URL, apiKey: value.LOYALTY_API_KEY },
      labels: { url: value.RETURN_LABEL_API_URL, apiKey: value.RETURN_LABEL_API_KEY },
    },
    idme: {
      authorizeUrl: value.IDME_AUTHORIZE_URL,
      tokenUrl: value.IDME_TOKEN_URL,
      userinfoUrl: value.IDME_USERINFO_URL,
      clientId: value.IDME_CLIENT_ID,
      clientSecret: value.IDME_CLIENT_SECRET,
    },
    /** Undefined: the back-office order routes are off. */
    opsApiKey: value.OPS_API_KEY ?? (relaxed ? DEV_OPS_API_KEY : undefined),
    captcha: {
      verifyUrl: value.CAPTCHA_VERIFY_URL,
      challengeUrl: value.CAPTCHA_CHALLENGE_URL,
      secret: value.CAPTCHA_SECRET,
      internalSecret: value.CAPTCHA_INTERNAL_SECRET,
    },
  };
}
