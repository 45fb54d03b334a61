import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { eventually } from './eventually';
import type { CaughtMail } from '@shop/mail/catcher';

export const root = join(__dirname, '..', '..', '..');
export const REMOTE_APPS = ['mfe-catalog', 'mfe-cart-checkout', 'mfe-account', 'mfe-content', 'mfe-admin'];

export interface Shop {
  /** The local OAuth2 provider, when started with services: chooses who signs in next. */
  setOAuthUser?: (user: Record<string, string>) => Promise<void>;
  url: (brand?: string, path?: string) => string;
  dataDir: string;
  /** Runs the remote release CLI against this shop's registry. */
  cli: (...args: string[]) => string;
  /** Runs the staff account CLI against this shop's commerce; `input` is its standard input (a password). */
  staff: (args: string[], input?: string) => string;
  /** With services: the mail the shop sent (to `to` only, when given), newest first, as the vendor services' mail catcher has it. */
  mail?: (to?: string) => Promise<CaughtMail[]>;
  stop: () => Promise<void>;
}

/** A mail as the catcher's JSON gives it. */
export type { CaughtMail } from '@shop/mail/catcher';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * The production builds behind the real gateway process, on a free port, with a data folder
 * (published remotes, registry, tracking log) of its own.
 */
/** A random secret the services accept: a draw that spells a placeholder word by chance is made again. */
const secret = (): string => {
  const value = randomBytes(32).toString('base64url');
  return /dev-only|change-?me|example|e2e|test|secret|password|passphrase|placeholder|dummy|sample|default/i.test(value)
    ? secret()
    : value;
};
/** The gateway runs as in production, which refuses any secret written in the repository. */
export const INTERNAL_CAPTCHA = secret();
/** The bearer key of the gateway's back-office routes (POST /api/ops/orders/:orderNumber/fulfil|cancel). */
export const OPS_API_KEY = secret();
const SECRETS = {
  AUTH_SECRET: secret(),
  COMMERCE_CLIENT_SECRET: secret(),
  COMMERCE_TOKEN_SECRET: secret(),
  CAPTCHA_SECRET: secret(),
  CRM_API_KEY: secret(),
  TAX_API_KEY: secret(),
  ADDRESS_API_KEY: secret(),
  PAYMENT_SECRET_KEY: secret(),
  FRAUD_API_KEY: secret(),
  LOYALTY_API_KEY: secret(),
  RETURN_LABEL_API_KEY: secret(),
  IDME_CLIENT_SECRET: secret(),
  OPS_API_KEY,
};

/** How long a service may take to answer its health check: the commerce one seeds on first start. */
const SERVICES_START_MS = 240_000;

/** Runs a Node program until the shop stops, waiting for its health check. */
async function runService(main: string, env: NodeJS.ProcessEnv, health: string): Promise<ChildProcess> {
  const child = spawnLogged(main, env);
  await listening(child, health, SERVICES_START_MS, `${main} did not start`);
  return child;
}

/**
 * Runs a Node program with everything it writes kept in `{DATA_DIR or its data folder}/logs/{name}.log`
 * (what a log scan reads), its error output also shown with the test's.
 */
function spawnLogged(main: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const name = main.split('/').slice(-3, -2)[0] ?? 'service';
  const log = createWriteStream(join(String(env.SHOP_LOG_DIR), `${name}.log`), { flags: 'a' });
  child.stdout?.pipe(log, { end: false });
  child.stderr?.on('data', (chunk: Buffer) => {
    log.write(chunk);
    process.stderr.write(chunk);
  });
  child.once('exit', () => log.end());
  return child;
}

/** Resolves once `health` answers OK; fails at once if the process exits, or after `timeoutMs`. */
async function listening(child: ChildProcess, health: string, timeoutMs: number, failure: string) {
  const state = await eventually(
    async () => {
      if (child.exitCode !== null) return 'exited';
      if (!(await fetch(health)).ok) throw new Error('not yet healthy');
      return 'up';
    },
    { timeoutMs, intervalMs: 50 },
  ).catch(() => 'silent');
  if (state !== 'up') {
    // Not left running behind a failed test file.
    child.kill('SIGKILL');
    throw new Error(failure);
  }
}

/** Commerce's settings: its database in `{dataDir}/commerce-db`, seeded on its first start. */
const commerceEnv = (dataDir: string, port: number, logLevel: string): NodeJS.ProcessEnv => ({
  ...process.env,
  ...SECRETS,
  COMMERCE_PORT: String(port),
  COMMERCE_DATA_DIR: join(dataDir, 'commerce-db'),
  COMMERCE_SEED_PRODUCTS: '400',
  LOG_LEVEL: logLevel,
  SHOP_LOG_DIR: join(dataDir, 'logs'),
});

/** The vendor services' settings: their database in `{dataDir}/vendors-db`, migrated on its first start. */
const vendorsEnv = (
  dataDir: string,
  ports: { api: number; hosted: number; collector: number; idme: number; smtp: number; mailViewer: number },
  logLevel: string,
  gatewayPort: number,
): NodeJS.ProcessEnv => ({
  ...process.env,
  ...SECRETS,
  VENDORS_PORT: String(ports.api),
  PAYMENT_HOSTED_PORT: String(ports.hosted),
  FRAUD_COLLECTOR_PORT: String(ports.collector),
  IDME_PORT: String(ports.idme),
  MAIL_SMTP_PORT: String(ports.smtp),
  MAIL_VIEWER_PORT: String(ports.mailViewer),
  IDME_REDIRECT_URIS: BRANDS.map((brand) => `http://${brand}.localhost:${gatewayPort}/api/idMe/callback`).join(','),
  VENDORS_DATA_DIR: join(dataDir, 'vendors-db'),
  LOG_LEVEL: logLevel,
  SHOP_LOG_DIR: join(dataDir, 'logs'),
});

const COMMERCE_MAIN = join(root, 'services', 'commerce', 'dist', 'main.js');
const VENDORS_MAIN = join(root, 'services', 'vendors', 'dist', 'main.js');
const DATABASES = ['commerce-db', 'vendors-db'];
/** Where the run's global setup left the databases every shop starts from (see `prepareDatabases`). */
const DATABASES_ENV = 'SHOP_E2E_DATABASES';

/** Starts a service, waits until it is healthy and stops it again (a SIGTERM it answers by closing its database). */
async function runToHealthy(main: string, env: NodeJS.ProcessEnv, health: string): Promise<void> {
  const child = await runService(main, env, health);
  const code = await new Promise<number | null>((resolve) => {
    child.once('exit', (exitCode) => resolve(exitCode));
    child.kill('SIGTERM');
  });
  if (code !== 0) throw new Error(`${main} stopped with exit code ${code}`);
}

/**
 * Once per run (Jest's global setup): commerce migrated and seeded, the vendor services migrated,
 * each in a folder every shop then copies. Seeding costs each shop half a minute of a two-core
 * machine; copying it, a second. The copy is the same database a first start would have made.
 * Answers the folder, also left in SHOP_E2E_DATABASES for the test files.
 */
export async function prepareDatabases(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-e2e-databases-'));
  mkdirSync(join(dir, 'logs'));
  const [commerce, api, hosted, collector, idme, smtp, mailViewer, gateway] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  await Promise.all([
    runToHealthy(COMMERCE_MAIN, commerceEnv(dir, commerce, 'warn'), `http://127.0.0.1:${commerce}/healthz`),
    runToHealthy(
      VENDORS_MAIN,
      vendorsEnv(dir, { api, hosted, collector, idme, smtp, mailViewer }, 'warn', gateway),
      `http://127.0.0.1:${api}/healthz`,
    ),
  ]);
  process.env[DATABASES_ENV] = dir;
  return dir;
}

/** A shop's own copy of the run's prepared databases, when the global setup made them. */
function copyPreparedDatabases(dataDir: string): void {
  const prepared = process.env[DATABASES_ENV];
  if (!prepared) return;
  for (const name of DATABASES) {
    if (existsSync(join(prepared, name))) cpSync(join(prepared, name), join(dataDir, name), { recursive: true });
  }
}

/**
 * Commerce, vendor services (their API, the hosted card field's origin and the fraud collector's,
 * each on a free port) and a local OAuth2 provider, with the gateway settings that reach them.
 * The vendor keys are in SECRETS, which both sides get.
 */
async function startServices(dataDir: string, logLevel: string, gatewayPort: number) {
  const children: ChildProcess[] = [];
  const provider = fork(join(root, 'tools', 'testing', 'oauth-provider.mjs'), [], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  children.push(provider);
  const reply = () =>
    new Promise<Record<string, string>>((resolve) =>
      provider.once('message', (m) => resolve(m as Record<string, string>)),
    );
  const providerUrl = (await reply()).url;
  const [commercePort, vendorsPort, hostedPort, collectorPort, idmePort, smtpPort, mailViewerPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  copyPreparedDatabases(dataDir);
  children.push(
    await runService(
      COMMERCE_MAIN,
      commerceEnv(dataDir, commercePort, logLevel),
      `http://127.0.0.1:${commercePort}/healthz`,
    ),
    await runService(
      VENDORS_MAIN,
      vendorsEnv(
        dataDir,
        {
          api: vendorsPort,
          hosted: hostedPort,
          collector: collectorPort,
          idme: idmePort,
          smtp: smtpPort,
          mailViewer: mailViewerPort,
        },
        logLevel,
        gatewayPort,
      ),
      `http://127.0.0.1:${vendorsPort}/healthz`,
    ),
  );
  const oauth = (name: string) => ({
    [`${name}_CLIENT_ID`]: `${name.toLowerCase()}-e2e`,
    [`${name}_CLIENT_SECRET`]: `${name.toLowerCase()}-e2e-secret`,
    [`${name}_AUTHORIZATION_URL`]: `${providerUrl}/authorize`,
    [`${name}_TOKEN_URL`]: `${providerUrl}/token`,
    [name === 'GOOGLE' ? 'GOOGLE_USERINFO_URL' : 'FACEBOOK_PROFILE_URL']: `${providerUrl}/userinfo`,
  });
  return {
    children,
    mailViewer: `http://127.0.0.1:${mailViewerPort}`,
    env: {
      COMMERCE_API_URL: `http://127.0.0.1:${commercePort}/commerce`,
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${vendorsPort}/captcha/siteverify`,
      CAPTCHA_CHALLENGE_URL: `http://127.0.0.1:${vendorsPort}/captcha/challenge`,
      CAPTCHA_INTERNAL_SECRET: INTERNAL_CAPTCHA,
      CRM_URL: `http://127.0.0.1:${vendorsPort}`,
      TAX_API_URL: `http://127.0.0.1:${vendorsPort}/tax/v1`,
      ADDRESS_API_URL: `http://127.0.0.1:${vendorsPort}/address/v1`,
      PAYMENT_API_URL: `http://127.0.0.1:${vendorsPort}/payments/v1`,
      PAYMENT_HOSTED_URL: `http://127.0.0.1:${hostedPort}`,
      FRAUD_API_URL: `http://127.0.0.1:${vendorsPort}/fraud/v1`,
      FRAUD_COLLECTOR_URL: `http://127.0.0.1:${collectorPort}`,
      LOYALTY_API_URL: `http://127.0.0.1:${vendorsPort}/loyalty/v1`,
      RETURN_LABEL_API_URL: `http://127.0.0.1:${vendorsPort}/labels/v1`,
      IDME_AUTHORIZE_URL: `http://127.0.0.1:${idmePort}/oauth/authorize`,
      IDME_TOKEN_URL: `http://127.0.0.1:${idmePort}/oauth/token`,
      IDME_USERINFO_URL: `http://127.0.0.1:${idmePort}/api/public/v3/attributes.json`,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ...oauth('GOOGLE'),
      ...oauth('FACEBOOK'),
    },
    setOAuthUser: async (user: Record<string, string>) => {
      const done = reply();
      provider.send({ user });
      await done;
    },
  };
}

export interface ShopOptions {
  services?: boolean;
  environment?: string;
  /** LOG_LEVEL of the gateway and the services (warn by default); their logs are in `{dataDir}/logs`. */
  logLevel?: 'debug' | 'info' | 'warn' | 'error';
  /** Settings of the page renderer, e.g. RENDER_BUDGET_MS. */
  rendererEnv?: Record<string, string>;
}

/** `environment` is the gateway's APP_ENV: production by default; development pages such as /dev/cases need another. */
export async function startShop(options: ShopOptions = {}): Promise<Shop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  mkdirSync(join(dataDir, 'logs'));
  const logLevel = options.logLevel ?? 'warn';
  // Known before the services start: the identity provider stand-in registers the brands' callbacks on it.
  const port = await freePort();
  const services = options.services ? await startServices(dataDir, logLevel, port) : undefined;
  const env = {
    ...process.env,
    ...SECRETS,
    DATA_DIR: dataDir,
    LOG_LEVEL: logLevel,
    SHOP_LOG_DIR: join(dataDir, 'logs'),
    APP_ENV: options.environment ?? 'production',
    // Without services there is no mail server: a mail fails at once and is logged (never a local shop's catcher).
    SMTP_URL: 'smtp://127.0.0.1:9',
    ...services?.env,
  };
  const cli = (...args: string[]) => {
    const run = spawnSync(process.execPath, [join(root, 'api-gateway', 'dist', 'remote-cli.js'), ...args], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`remote ${args.join(' ')} failed: ${run.stderr}${run.stdout}`);
    return run.stdout;
  };
  cli('publish', ...REMOTE_APPS.map((app) => join(root, app)));
  const staff = (args: string[], input = '') => {
    const run = spawnSync(process.execPath, [join(root, 'api-gateway', 'dist', 'staff-cli.js'), ...args], {
      cwd: root,
      env,
      input,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`staff ${args.join(' ')} failed: ${run.stderr}${run.stdout}`);
    return run.stdout;
  };

  // The page renderer (ADR 0017) gets none of the shop's secrets, as under `npm start`.
  const rendererPort = await freePort();
  const renderer = await runService(
    join(root, 'shell', 'dist', 'server', 'renderer.js'),
    {
      ...process.env,
      RENDERER_PORT: String(rendererPort),
      DATA_DIR: dataDir,
      SHOP_LOG_DIR: join(dataDir, 'logs'),
      ...options.rendererEnv,
    },
    `http://127.0.0.1:${rendererPort}/healthz`,
  );
  const gateway = spawnLogged(join(root, 'api-gateway', 'dist', 'main.js'), {
    ...env,
    PORT: String(port),
    TRACKING_LOG: join(dataDir, 'tracking.log'),
    RENDERER_URL: `http://127.0.0.1:${rendererPort}`,
  });
  const base = `http://localhost:${port}`;
  await listening(gateway, `${base}/healthz`, 20_000, 'The gateway did not start');
  return {
    url: (brand, path = '/') => `http://${brand ? `${brand}.` : ''}localhost:${port}${path}`,
    dataDir,
    cli,
    staff,
    setOAuthUser: services?.setOAuthUser,
    mail: services
      ? async (to) =>
          (await fetch(`${services.mailViewer}/api/messages${to ? `?to=${encodeURIComponent(to)}` : ''}`)).json()
      : undefined,
    stop: async () => {
      for (const child of [gateway, renderer, ...(services?.children ?? [])]) {
        if (child.exitCode !== null || child.signalCode !== null) continue;
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
    },
  };
}

/** Starts a shop and a browser before a test file and stops both after it. */
export function withShopAndBrowser(options: ShopOptions = {}): {
  shop: Shop;
  browser: Browser;
} {
  const handles = {} as { shop: Shop; browser: Browser };
  // A first start opens and seeds the commerce database: minutes, on a busy two-core machine.
  beforeAll(
    async () => {
      handles.shop = await startShop(options);
      handles.browser = withoutSignupPrompt(await launchBrowser(), handles.shop);
    },
    options.services ? SERVICES_START_MS + 60_000 : 90_000,
  );
  afterAll(async () => {
    await handles.browser?.close();
    await handles.shop?.stop();
  });
  return handles;
}

const BRANDS = ['vanityfair', 'everwear', 'rallyathletic', 'hoopcraft'];
const originalNewContext = new WeakMap<Browser, Browser['newContext']>();

/**
 * Shoppers who saw the e-mail signup modal get a cookie that keeps it away; tests start as such
 * shoppers so the modal (after 5 s on a first visit) never covers what they click.
 * `firstVisitContext` gives a context without it.
 */
function withoutSignupPrompt(browser: Browser, shop: Shop): Browser {
  const newContext = browser.newContext.bind(browser);
  originalNewContext.set(browser, newContext);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    if (options?.javaScriptEnabled !== false) context.on('page', waitForInteractivePages);
    const urls = [shop.url(), ...BRANDS.map((brand) => shop.url(brand))];
    await context.addCookies(urls.map((url) => ({ name: 'shop_email_signup', value: 'shown', url })));
    return context;
  };
  browser.newPage = async (options) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    // As with Playwright's own newPage, closing the page closes its context, and the caller waits
    // for both (a context closing in the background could race the browser's own close).
    const closePage = page.close.bind(page);
    page.close = async (closeOptions) => {
      await closePage(closeOptions);
      await context.close();
    };
    return page;
  };
  return browser;
}

/** A browser context as a first-time visitor has it: no cookies at all. */
export async function firstVisitContext(browser: Browser, options?: Parameters<Browser['newContext']>[0]) {
  const context = await (originalNewContext.get(browser) ?? browser.newContext.bind(browser))(options);
  if (options?.javaScriptEnabled !== false) context.on('page', waitForInteractivePages);
  return context;
}

/**
 * A server-rendered page shows before its buttons work (ADR 0017); a shopper's first tap comes
 * later than a test's. `goto` and `reload` return once the shell marks the page interactive
 * (`<html data-interactive>`), on any page the shell serves; `goto` with `waitUntil: 'commit'`
 * returns at once.
 */
function waitForInteractivePages(page: Page) {
  const interactive = () =>
    page
      .waitForFunction(
        () => document.documentElement.dataset.interactive === 'true' || !document.getElementById('__SHOP_CONFIG__'),
        undefined,
        { timeout: 20_000 },
      )
      .catch(() => undefined);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    // A test that asks for the first byte only acts on the page while it wakes up (ADR 0025).
    if (options?.waitUntil !== 'commit') await interactive();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    await interactive();
    return response;
  };
}
