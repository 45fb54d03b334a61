import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPOSITORY_SECRETS } from '@shop/node-kit';
import { eventually } from '@shop/node-kit/testing';
import { createSessionCodec } from '../src/sessions/session-token';
import { authClient, freePort, request } from './support';

/**
 * The stack as `npm start` runs it: the built gateway, commerce and vendor services with
 * NODE_ENV=production and the secrets `npm start` generates into the data folder.
 */
const root = join(__dirname, '..', '..');
const dist = (app: string) => join(root, app, 'dist', 'main.js');

/** Runs tools/scripts/local-secrets.mjs's productionEnv exactly as start.mjs does. */
function productionEnv(dataDir: string): Record<string, string> {
  const script = `import { productionEnv } from ${JSON.stringify(join(root, 'tools', 'scripts', 'local-secrets.mjs'))};
process.stdout.write(JSON.stringify(productionEnv(process.argv[1], {})));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, dataDir], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as Record<string, string>;
}

/** Every secret-like value the repository holds: the development defaults and the tests' fixed ones. */
const FIXED_SECRETS = [
  ...REPOSITORY_SECRETS,
  'test-auth-secret-0123456789abcdef0123456789',
  'another-secret-0123456789abcdef0123456789',
];

async function waitFor(url: string, child: ChildProcess) {
  const state = await eventually(
    async () => {
      if (child.exitCode !== null) return 'exited';
      expect((await fetch(url)).ok).toBe(true);
      return 'up';
    },
    { timeoutMs: 120_000, intervalMs: 50 },
  ).catch(() => 'silent');
  if (state !== 'up') throw new Error(`${url} did not come up`);
}

/** Starts a built app and, when it exits on its own, returns its exit code and what it printed. */
function runToExit(main: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [main], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('npm start (production)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'npm-start-'));
  const children: ChildProcess[] = [];
  let env: NodeJS.ProcessEnv;
  let gatewayUrl = '';

  beforeAll(async () => {
    const secrets = productionEnv(dataDir);
    const shellDist = join(dataDir, 'shell');
    mkdirSync(shellDist);
    cpSync(join(root, 'shell', 'src', 'index.html'), join(shellDist, 'index.html'));
    const [gatewayPort, commercePort, vendorsPort] = [await freePort(), await freePort(), await freePort()];
    env = {
      PATH: process.env.PATH,
      ...secrets,
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SHELL_DIST: shellDist,
      PORT: String(gatewayPort),
      COMMERCE_PORT: String(commercePort),
      COMMERCE_DATA_DIR: join(dataDir, 'commerce-db'),
      COMMERCE_SEED_PRODUCTS: '20',
      COMMERCE_API_URL: `http://127.0.0.1:${commercePort}/commerce`,
      VENDORS_PORT: String(vendorsPort),
      VENDORS_DATA_DIR: join(dataDir, 'vendors-db'),
      // The vendors' other origins on free ports, so another test's vendors cannot hold them.
      PAYMENT_HOSTED_PORT: '0',
      FRAUD_COLLECTOR_PORT: '0',
      IDME_PORT: '0',
      MAIL_SMTP_PORT: '0',
      MAIL_VIEWER_PORT: '0',
      CAPTCHA_VERIFY_URL: `http://127.0.0.1:${vendorsPort}/captcha/siteverify`,
      CAPTCHA_CHALLENGE_URL: `http://127.0.0.1:${vendorsPort}/captcha/challenge`,
      CRM_URL: `http://127.0.0.1:${vendorsPort}`,
    };
    for (const app of ['services/commerce', 'services/vendors', 'api-gateway']) {
      children.push(spawn(process.execPath, [dist(app)], { env, stdio: ['ignore', 'ignore', 'inherit'] }));
    }
    gatewayUrl = `http://localhost:${gatewayPort}`;
    await Promise.all([
      waitFor(`http://127.0.0.1:${commercePort}/healthz`, children[0]),
      waitFor(`http://127.0.0.1:${vendorsPort}/healthz`, children[1]),
      waitFor(`${gatewayUrl}/healthz`, children[2]),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(
      children.map((child) =>
        child.exitCode === null
          ? new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM')))
          : undefined,
      ),
    );
  });

  it('generates strong secrets once into the data folder, readable by its owner only', () => {
    const file = join(dataDir, 'secrets.env');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line));
    expect(lines.map((line) => line.split('=')[0]).sort()).toEqual([
      'ADDRESS_API_KEY',
      'AUTH_SECRET',
      'CAPTCHA_SECRET',
      'COMMERCE_CLIENT_SECRET',
      'COMMERCE_TOKEN_SECRET',
      'CRM_API_KEY',
      'FRAUD_API_KEY',
      'IDME_CLIENT_SECRET',
      'LOYALTY_API_KEY',
      'OPS_API_KEY',
      'PAYMENT_SECRET_KEY',
      'RETURN_LABEL_API_KEY',
      'TAX_API_KEY',
    ]);
    for (const line of lines) expect(line.split('=')[1]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A second start reuses them, so sessions survive restarts.
    expect(productionEnv(dataDir)).toEqual(
      Object.fromEntries(
        Object.entries(env).filter(([key]) =>
          ['NODE_ENV', 'APP_ENV', ...lines.map((l) => l.split('=')[0])].includes(key),
        ),
      ),
    );
  });

  it('refuses a signed-in session sealed with any secret written in the repository', async () => {
    const name = 'authjs.session-token';
    for (const secret of FIXED_SECRETS) {
      const forged = await createSessionCodec(secret).encode(
        { id: 'victim', userId: 'victim', email: 'shopper@vanityfair.example', isLoggedIn: true },
        { salt: name, brand: 'vanityfair' },
      );
      const response = await fetch(`${gatewayUrl}/api/auth/session`, {
        headers: { cookie: `${name}=${forged.token}` },
      });
      expect(await response.json()).toBeNull();
    }
    // The session mechanism itself works: a real guest sign-in is accepted.
    const client = authClient(gatewayUrl);
    await client.signIn('guest', '/');
    expect((await client.getSession())?.user.isLoggedIn).toBe(false);
  });

  it('serves the production origins only: an unknown Host is refused, health checks still answer', async () => {
    const port = new URL(gatewayUrl).port;
    const forHost = (host: string, path = '/api/brand') =>
      request(`http://127.0.0.1:${port}${path}`, { headers: { host } });
    expect((await forHost(`hoopcraft.localhost:${port}`)).status).toBe(200);
    const unknown = await forHost('evil.example.com');
    expect(unknown.status).toBe(421);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('UNKNOWN_HOST');
    expect((await forHost('evil.example.com', '/healthz')).status).toBe(200);
    // Metrics are for a scraper holding METRICS_TOKEN; without one set, production serves none.
    for (const service of [
      `http://127.0.0.1:${port}`,
      `http://127.0.0.1:${env.COMMERCE_PORT}`,
      `http://127.0.0.1:${env.VENDORS_PORT}`,
    ])
      expect((await request(`${service}/metrics`)).status).toBe(404);
  });

  it('says each service is ready on /readyz, and on SIGTERM fails it first, drains and exits 0', async () => {
    const { port } = new URL(gatewayUrl);
    const readyz = async (url: string) => {
      const answer = await fetch(url);
      return [answer.status, ((await answer.json()) as { status: string }).status];
    };
    const [commerceUrl, vendorsUrl] = [env.COMMERCE_PORT, env.VENDORS_PORT].map((p) => `http://127.0.0.1:${p}`);
    expect(await readyz(`${commerceUrl}/readyz`)).toEqual([200, 'ready']);
    expect(await readyz(`${vendorsUrl}/readyz`)).toEqual([200, 'ready']);
    // A load balancer addresses the instance, not a brand: no Host of the shop's.
    expect(await readyz(`http://127.0.0.1:${port}/readyz`)).toEqual([200, 'ready']);
    const gateway = children[2];
    const exited = new Promise<number | null>((resolve) => gateway.once('exit', resolve));
    gateway.kill('SIGTERM');
    // Production drains for 2 s with /readyz failing before the port closes.
    await eventually(async () => expect(await readyz(`http://127.0.0.1:${port}/readyz`)).toEqual([503, 'draining']), {
      timeoutMs: 1_500,
      intervalMs: 20,
    });
    expect(await exited).toBe(0);
    for (const service of [children[0], children[1]]) {
      const done = new Promise<number | null>((resolve) => service.once('exit', resolve));
      service.kill('SIGTERM');
      expect(await done).toBe(0);
    }
  }, 30_000);

  it.each([
    ['api-gateway', 'AUTH_SECRET', 'dev-only-auth-secret-change-me-0123456789'],
    ['api-gateway', 'COMMERCE_CLIENT_SECRET', 'dev-only-commerce-client-secret'],
    ['api-gateway', 'CRM_API_KEY', 'too-short-key-0123'],
    ['services/commerce', 'COMMERCE_TOKEN_SECRET', 'dev-only-commerce-token-secret-change-me'],
    ['services/commerce', 'COMMERCE_CLIENT_SECRET', 'test-client-secret-0123456789'],
    ['services/vendors', 'CRM_API_KEY', 'dev-only-crm-api-key'],
    ['services/vendors', 'CAPTCHA_SECRET', 'captcha-secret-for-tests'],
    ['services/vendors', 'PAYMENT_SECRET_KEY', 'dev-only-payment-secret-key'],
  ])('%s refuses to start in production with %s from the repository', async (app, variable, value) => {
    const { code, stderr } = await runToExit(dist(app), {
      ...env,
      PORT: '0',
      COMMERCE_PORT: '0',
      VENDORS_PORT: '0',
      [variable]: value,
    });
    expect(code).not.toBe(0);
    expect(stderr).toContain(`Invalid environment variable ${variable}`);
  });
});
