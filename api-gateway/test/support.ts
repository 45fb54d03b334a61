import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Router } from 'express';
import { type CaughtMail, startMailCatcher } from '@shop/mail/catcher';
import { eventually } from '@shop/node-kit/testing';
import type { GatewayConfig } from '../src/config';
import { type RunningGateway, start } from '../src/server';

export const fixtures = join(__dirname, 'fixtures');

/** The newest warnings and errors a test gateway logged, as JSON lines (a failing test quotes them). */
const KEPT_LOG_LINES = 5_000;

/**
 * A real gateway on an ephemeral port with its own data folder, the fixture shell and a mail
 * catcher of its own (`mail(to)`: what it sent, newest first). Its warnings and errors are kept in
 * memory, not printed: `logsAbout(correlationId)` gives a failing test the gateway's own account
 * of that request (a refusal's upstream code, for instance).
 */
export async function startTestGateway(overrides: Partial<GatewayConfig> = {}): Promise<
  RunningGateway & {
    dataDir: string;
    logsAbout: (correlationId: string) => string[];
    mail: (to?: string) => CaughtMail[];
  }
> {
  const kept: string[] = [];
  const destination = {
    write(line: string) {
      kept.push(line.trimEnd());
      if (kept.length > KEPT_LOG_LINES) kept.shift();
      return true;
    },
  };
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-'));
  // The shell's real page template, without building the shell.
  const shellDist = join(dataDir, 'shell');
  mkdirSync(shellDist);
  cpSync(join(__dirname, '..', '..', 'shell', 'src', 'index.html'), join(shellDist, 'index.html'));
  const catcher = await startMailCatcher();
  const gateway = await start(
    {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      shellDist,
      trackingLog: join(dataDir, 'tracking.log'),
      smtpUrl: `smtp://127.0.0.1:${catcher.smtpPort}`,
      logLevel: 'warn',
      environment: 'test',
      remoteDevUrls: {},
      shellDevUrl: undefined,
      authSecret: 'test-auth-secret-0123456789abcdef0123456789',
      ...overrides,
    },
    destination,
  );
  return {
    ...gateway,
    dataDir,
    logsAbout: (id: string) => kept.filter((line) => line.includes(id)),
    mail: (to?: string) => catcher.messages(to),
    stop: async () => {
      await gateway.stop();
      await catcher.close();
    },
  };
}

/** The mails of one kind sent to `to`, newest first, once the first has arrived (mail goes out after the answer). */
export function mailsTo(
  gateway: { mail: (to?: string) => CaughtMail[] },
  to: string,
  kind: string,
  count = 1,
): Promise<CaughtMail[]> {
  return eventually(async () => {
    const found = gateway.mail(to).filter((mail) => mail.kind === kind);
    if (found.length < count) throw new Error(`${found.length} ${kind} mail to ${to} so far, ${count} expected`);
    return found;
  });
}

/** The password reset link in a reset mail's text. */
export function resetLinkIn(mail: CaughtMail): URL {
  const link = /https?:\/\/[^\s\])]+\/password\/reset\?token=[^\s\])]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return new URL(link);
}

/** A copy of the fixture remote build, so tests can publish distinct versions. */
export function remoteBuild(version: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'remote-')), 'dist');
  cpSync(join(fixtures, 'remote-dist'), dir, { recursive: true });
  writeFileSync(join(dir, 'build-info.json'), JSON.stringify({ name: 'catalog', version }));
  return dir;
}

/** fetch-like, but over node:http so tests can set the Host header (brand) themselves. */
export function request(url: string, init: RequestInit = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const req = http.request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: init.method ?? 'GET',
        // A body always carries its length: Node sends DELETE bodies unframed otherwise, and the
        // server would read them as the start of the next request on the connection.
        headers: {
          ...(typeof init.body === 'string' ? { 'content-length': String(Buffer.byteLength(init.body)) } : {}),
          ...(init.headers as Record<string, string>),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers = new Headers();
          for (const [key, value] of Object.entries(res.headers)) {
            for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value])
              headers.append(key, item);
          }
          resolve(
            new Response(res.statusCode === 204 || res.statusCode === 304 ? null : Buffer.concat(chunks), {
              status: res.statusCode,
              headers,
            }),
          );
        });
      },
    );
    req.on('error', reject);
    req.end(init.body as string | undefined);
  });
}

/** A browser-like cookie jar speaking the request sequence next-auth/react's client uses. */
export function authClient(baseUrl: string, host?: string) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const send = async (path: string, init: RequestInit = {}) => {
    const response = await request(`${baseUrl}${path.startsWith('/api/') ? path : `/api/auth${path}`}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader(), ...(host ? { host } : {}) },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(line) || value === '') jar.delete(pair.slice(0, at));
      else jar.set(pair.slice(0, at), value);
    }
    return response;
  };
  const csrfToken = async () => ((await (await send('/csrf')).json()) as { csrfToken: string }).csrfToken;
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-auth-return-redirect': '1' },
    body: new URLSearchParams(fields).toString(),
  });
  return {
    jar,
    send,
    csrfToken,
    /** signIn(provider, { callbackUrl }) */
    async signIn(provider: string, callbackUrl: string) {
      const response = await send(`/callback/${provider}`, form({ csrfToken: await csrfToken(), callbackUrl }));
      return { status: response.status, body: (await response.json()) as { url?: string; error?: { code: string } } };
    },
    getSession: async () =>
      (await send('/session')).json() as Promise<null | { user: Record<string, unknown>; expires: string }>,
    async update(data: Record<string, unknown>) {
      const response = await send('/session', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ csrfToken: await csrfToken(), data }),
      });
      return response.json();
    },
    async signOut(callbackUrl: string) {
      const response = await send('/signout', form({ csrfToken: await csrfToken(), callbackUrl }));
      return (await response.json()) as { url: string };
    },
  };
}

/** Gateway settings for a local commerce service (its development client credentials). */
export const commerceAt = (serviceUrl: string): GatewayConfig['commerce'] => ({
  apiUrl: `${serviceUrl}/commerce`,
  authUrl: `${serviceUrl}/commerce`,
  projectKey: 'shop',
  clientId: 'shop-gateway-dev',
  clientSecret: 'dev-only-commerce-client-secret',
});

/** What a test's GraphQL answer holds: the test knows the shape of its own query. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type GraphqlData = any;

/**
 * A GraphQL request straight to a commerce service started for a test (with its development
 * client), for what a test arranges behind the gateway: a price change, an expired code, a
 * customer's carts. Throws on GraphQL errors.
 */
export async function commerceGraphql(
  serviceUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphqlData> {
  const token = (
    (await (
      await fetch(`${serviceUrl}/commerce/oauth/token?grant_type=client_credentials`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('shop-gateway-dev:dev-only-commerce-client-secret').toString('base64')}`,
        },
      })
    ).json()) as { access_token: string }
  ).access_token;
  const response = await fetch(`${serviceUrl}/commerce/shop/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const text = await response.text();
  const body = JSON.parse(text) as { data?: unknown; errors?: unknown[] };
  if (body.errors?.length) throw new Error(JSON.stringify(body.errors));
  // An answer that is not GraphQL's (a refusal before the query ran) says what it was.
  if (!response.ok || body.data === undefined)
    throw new Error(`commerce answered ${response.status}: ${text.slice(0, 300)}`);
  return body.data;
}

/** Gateway settings for the local captcha stand-in, with an always-passing answer for tests. */
export const captchaAt = (serviceUrl: string, secret: string, internalSecret: string): GatewayConfig['captcha'] => ({
  verifyUrl: `${serviceUrl}/captcha/siteverify`,
  challengeUrl: `${serviceUrl}/captcha/challenge`,
  secret,
  internalSecret,
});

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as { port: number };
      server.close(() => resolve(free));
    });
  });
}

/** The setting that names each built service's database folder. */
const DATA_DIR_SETTING = { commerce: 'COMMERCE_DATA_DIR', vendors: 'VENDORS_DATA_DIR' } as const;
/** The settings that decide what a first start puts in a service's database (the rest are not stored). */
const DATABASE_SHAPING = { commerce: ['COMMERCE_SEED_PRODUCTS'], vendors: [] } as const;

/**
 * Runs a built service (services/<name>/dist/main.js) on a free port (or the given one, to restart
 * it where the gateway expects it) until the test file ends. `kill` is a crash: SIGKILL, no cleanup.
 * A database folder that is empty or missing starts as a copy of the run's prepared database
 * (see `fromPreparedDatabase`).
 */
export async function startBuiltService(
  name: 'commerce' | 'vendors',
  env: Record<string, string>,
  portVariable: string,
  atPort?: number,
) {
  await fromPreparedDatabase(name, env, portVariable);
  return launchBuiltService(name, env, portVariable, atPort);
}

/**
 * A first start of a service opens PGlite, migrates and (commerce) seeds: a quarter of a minute of
 * a busy machine, in most files of this suite. Within a run (GATEWAY_TEST_DATABASES, a folder the
 * global setup makes), the first file that asks for a service with given seeding settings has that
 * database made once, by a start and a clean stop of the service; it and every later file start
 * from a copy, the very database a first start makes. Outside a run (one file by hand), nothing changes.
 */
async function fromPreparedDatabase(name: 'commerce' | 'vendors', env: Record<string, string>, portVariable: string) {
  const prepared = process.env.GATEWAY_TEST_DATABASES;
  const dataDir = env[DATA_DIR_SETTING[name]];
  if (!prepared || !dataDir || (existsSync(dataDir) && readdirSync(dataDir).length > 0)) return;
  const shaping = DATABASE_SHAPING[name].map((setting) => `${setting}=${env[setting] ?? ''}`);
  const template = join(prepared, [name, ...shaping].join('_'));
  if (!existsSync(template)) {
    const making = mkdtempSync(`${template}.making-`);
    const service = await launchBuiltService(name, { ...env, [DATA_DIR_SETTING[name]]: making }, portVariable);
    await service.stop();
    if (service.child.exitCode !== 0) throw new Error(`${name} did not stop cleanly after preparing its database`);
    // Another worker may have made the same one meanwhile: theirs stays.
    try {
      renameSync(making, template);
    } catch {
      rmSync(making, { recursive: true, force: true });
    }
  }
  cpSync(template, dataDir, { recursive: true });
}

async function launchBuiltService(
  name: 'commerce' | 'vendors',
  env: Record<string, string>,
  portVariable: string,
  atPort?: number,
) {
  const { spawn } = await import('node:child_process');
  const port = atPort ?? (await freePort());
  const main = join(__dirname, '..', '..', 'services', name, 'dist', 'main.js');
  // The vendors' other origins (card field, fraud collector, identity provider, mail catcher) on
  // free ports unless told: two files' vendors at once (a second Jest worker, another project's
  // tests) must not both want 4011. Test gateways send mail to catchers of their own.
  const sidePorts =
    name === 'vendors'
      ? {
          PAYMENT_HOSTED_PORT: '0',
          FRAUD_COLLECTOR_PORT: '0',
          IDME_PORT: '0',
          MAIL_SMTP_PORT: '0',
          MAIL_VIEWER_PORT: '0',
        }
      : {};
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, ...sidePorts, ...env, [portVariable]: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const state = await eventually(
    async () => {
      if (child.exitCode !== null) return 'exited';
      expect((await fetch(`${url}/healthz`)).ok).toBe(true);
      return 'up';
    },
    // As long as a busy machine may take to open and seed the embedded database.
    { timeoutMs: 120_000, intervalMs: 50 },
  ).catch(() => 'silent');
  if (state !== 'up') {
    // Not left running behind a failed test file.
    child.kill('SIGKILL');
    throw new Error(
      `${name} ${state === 'exited' ? 'exited' : 'did not start'} (build it first: npx nx run @shop/${name === 'commerce' ? 'commerce-service' : 'vendor-services'}:build)`,
    );
  }
  const ended = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  return { url, port, child, stop: () => ended('SIGTERM'), kill: () => ended('SIGKILL') };
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/** Every method + path the mounted /api routers register, in OpenAPI's {param} syntax ("get /api/products/{id}"). */
export function registeredRoutes(mounts: Array<[string, Router]>): string[] {
  const out: string[] = [];
  for (const [prefix, router] of mounts) {
    for (const layer of (router as unknown as { stack: Layer[] }).stack) {
      if (!layer.route) continue;
      for (const path of [layer.route.path].flat()) {
        for (const method of Object.keys(layer.route.methods).filter((m) => m !== '_all')) {
          // A router mounted at its own prefix serves that prefix itself as '/'.
          const full = `/api${prefix === '/' ? '' : prefix}${path === '/' && prefix !== '/' ? '' : path}`;
          out.push(`${method} ${full.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\{\*([A-Za-z]+)\}/g, '{$1}')}`);
        }
      }
    }
  }
  return out;
}
