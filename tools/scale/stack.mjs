// The shop as an operator runs it on more than one host, on this machine: nginx (Debian's
// package, installed when missing) in front of two gateways and, for the gateways, two commerce
// services; one vendors service and one page renderer; PostgreSQL (a fresh database per process
// kind, dropped after) and Redis (one logical database, emptied before and after). The scale
// test (run.mjs) puts a load and faults on it; the bench measures bag adds and placements
// through it.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'node:net';
import { REMOTE_APPS, freePort, nxEnv, root } from '../scripts/lib.mjs';
import { productionEnv } from '../scripts/local-secrets.mjs';
import { vendorsEnv } from '../bench/checkout.mjs';
import { ADMIN_URL, admin } from '../bench/postgres.mjs';

export const STACK_BRAND = 'vanityfair';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// --- the machine ------------------------------------------------------------------------------

export function nginxBinary(log) {
  for (const path of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(path)) return path;
  log("installing nginx from Debian's packages");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
  for (const path of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(path)) return path;
  throw new Error('nginx is not installed and could not be installed');
}

async function flushRedis(redisUrl) {
  const { hostname, port, pathname } = new URL(redisUrl);
  const db = pathname.slice(1) || '0';
  // RESP by hand: SELECT db, FLUSHDB; the one Redis call this script makes.
  await new Promise((resolve, reject) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) }, () =>
      socket.write(`*2\r\n$6\r\nSELECT\r\n$${db.length}\r\n${db}\r\n*1\r\n$7\r\nFLUSHDB\r\n`),
    );
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.split('\r\n').filter(Boolean).length >= 2) {
        socket.end();
        if (answer.includes('-ERR')) reject(new Error(`Redis refused: ${answer}`));
        else resolve();
      }
    });
    socket.on('error', reject);
  });
}

// --- processes --------------------------------------------------------------------------------

/** A process the run may kill and start again, with its log appended to one file. */
export class Proc {
  constructor(name, main, env, ready, logFile) {
    Object.assign(this, { name, main, env, ready, logFile, child: undefined, starts: 0 });
  }

  async start() {
    const out = openSync(this.logFile, 'a');
    this.child = spawn(process.execPath, [this.main], { env: this.env, stdio: ['ignore', out, out], cwd: root });
    children.add(this.child);
    closeSync(out);
    this.starts += 1;
    const deadline = Date.now() + 150_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) break;
      if (await answers(this.ready)) return this;
      await sleep(200);
    }
    throw new Error(`${this.name} did not become ready; its log is ${this.logFile}`);
  }

  exited() {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => child.once('exit', resolve));
  }

  async signal(name) {
    const done = this.exited();
    this.child?.kill(name);
    await done;
  }
}

export const answers = (url) =>
  fetch(url, { signal: AbortSignal.timeout(3000) })
    .then((response) => response.status === 200)
    .catch(() => false);

function nginxConfig({ prefix, port, commercePort, gateways, commerces }) {
  // Passive health: an upstream that fails a connection is skipped for 2 s (an answer, even a
  // 5xx about a service behind it, is never held against the gateway). Shoppers' requests
  // go on to the other gateway when one cannot be reached (POSTs too: bag writes and placements
  // carry an Idempotency-Key, so a repeat answers the first result). The gateways' calls to
  // commerce are retried elsewhere only when idempotent; the gateway itself answers the rest.
  const upstream = (name, ports) =>
    `upstream ${name} {\n${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}\n    keepalive 32;\n  }`;
  return `worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  client_max_body_size 2m;
  ${upstream('gateways', gateways)}
  ${upstream('commerce', commerces)}
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://gateways;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout non_idempotent;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 1s;
      proxy_read_timeout 30s;
    }
  }
  server {
    listen 127.0.0.1:${commercePort};
    location / {
      proxy_pass http://commerce;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 1s;
      proxy_read_timeout 30s;
    }
  }
}
`;
}

// Whatever happens, nothing a run started outlives it.
const children = new Set();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/**
 * Starts the stack: the databases, Redis emptied, commerce x2 (the first seeds), the vendors, the
 * renderer, the remote builds published into the gateways' database, then gateway x2, all behind
 * nginx. `log` says what it does. Answers its ports and processes and `stop()`, which stops
 * everything and drops the databases; the logs stay in `work` unless `stop({ keepLogs: false })`.
 */
export async function startStack({ log, redisUrl, publishableKey, prefix: namePrefix = 'scale' }) {
  const nginx = nginxBinary(log);
  for (const file of [
    'services/commerce/dist/main.js',
    'services/vendors/dist/main.js',
    'api-gateway/dist/main.js',
    'shell/dist/server/renderer.js',
  ])
    if (!existsSync(join(root, file))) throw new Error(`${file} is missing: build first (npm run build)`);
  const work = mkdtempSync(join(tmpdir(), `shop-${namePrefix}-`));
  // nginx's workers run as an unprivileged user and keep buffers under the prefix.
  chmodSync(work, 0o755);
  const id = randomBytes(4).toString('hex');
  const databases = Object.fromEntries(
    ['commerce', 'gateway', 'vendors'].map((kind) => [kind, `${namePrefix}_${id}_${kind}`]),
  );
  const urlOf = (name) => ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const procs = [];
  let nginxChild;
  const stop = async ({ keepLogs = true } = {}) => {
    await Promise.all(procs.map((proc) => proc.signal('SIGTERM').catch(() => undefined)));
    if (nginxChild && nginxChild.exitCode === null) {
      const done = new Promise((resolve) => nginxChild.once('exit', resolve));
      nginxChild.kill('SIGQUIT');
      await Promise.race([done, sleep(3000)]);
      nginxChild.kill('SIGKILL');
    }
    for (const name of Object.values(databases))
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await flushRedis(redisUrl).catch(() => undefined);
    if (!keepLogs) rmSync(work, { recursive: true, force: true });
  };
  try {
    for (const name of Object.values(databases)) await admin(`CREATE DATABASE ${name}`);
    await flushRedis(redisUrl);
    const ports = {};
    for (const name of [
      'shop',
      'commerceLb',
      'commerceA',
      'commerceB',
      'vendors',
      'hosted',
      'collector',
      'smtp',
      'renderer',
      'gatewayA',
      'gatewayB',
    ])
      ports[name] = await freePort();
    const production = productionEnv(work, {});
    const captchaAnswer = randomBytes(24).toString('hex');
    const base = { ...process.env, ...nxEnv, ...production, LOG_LEVEL: 'warn' };
    const vendors = `http://127.0.0.1:${ports.vendors}`;
    const hostedUrl = `http://127.0.0.1:${ports.hosted}`;
    const cacheDir = join(work, 'remotes-cache');

    const commerce = (name, port) =>
      new Proc(
        `commerce ${name}`,
        join(root, 'services', 'commerce', 'dist', 'main.js'),
        {
          ...base,
          COMMERCE_PORT: String(port),
          DATABASE_URL: urlOf(databases.commerce),
          COMMERCE_SEED_PRODUCTS: '120',
          COMMERCE_DATA_DIR: join(work, `commerce-${name}`),
          COMMERCE_PUBLIC_URL: `http://127.0.0.1:${ports.commerceLb}/commerce`,
          SHUTDOWN_DRAIN_DELAY_MS: '1000',
        },
        `http://127.0.0.1:${port}/readyz`,
        join(work, `commerce-${name}.log`),
      );
    const gatewayEnv = {
      ...base,
      DATABASE_URL: urlOf(databases.gateway),
      DATABASE_POOL_SIZE: '4',
      REDIS_URL: redisUrl,
      DATA_DIR: join(work, 'gateway-data'),
      REMOTES_CACHE_DIR: cacheDir,
      COMMERCE_API_URL: `http://127.0.0.1:${ports.commerceLb}/commerce`,
      ...vendorsEnv({ vendors, hostedUrl, collectorUrl: `http://127.0.0.1:${ports.collector}`, publishableKey }),
      CAPTCHA_VERIFY_URL: `${vendors}/captcha/siteverify`,
      CAPTCHA_CHALLENGE_URL: `${vendors}/captcha/challenge`,
      CRM_URL: vendors,
      SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
      RENDERER_URL: `http://127.0.0.1:${ports.renderer}`,
      PUBLIC_PORT: String(ports.shop),
      // The load's own X-Forwarded-For (a shopper's address, as a CDN would send it), then nginx.
      TRUST_PROXY: '2',
      CAPTCHA_INTERNAL_SECRET: captchaAnswer,
      SHUTDOWN_DRAIN_DELAY_MS: '1500',
    };
    const gateway = (name, port) =>
      new Proc(
        `gateway ${name}`,
        join(root, 'api-gateway', 'dist', 'main.js'),
        { ...gatewayEnv, PORT: String(port) },
        `http://127.0.0.1:${port}/readyz`,
        join(work, `gateway-${name}.log`),
      );

    const commerceA = commerce('a', ports.commerceA);
    const commerceB = commerce('b', ports.commerceB);
    const gatewayA = gateway('a', ports.gatewayA);
    const gatewayB = gateway('b', ports.gatewayB);
    const vendorsProc = new Proc(
      'vendors',
      join(root, 'services', 'vendors', 'dist', 'main.js'),
      {
        ...base,
        VENDORS_PORT: String(ports.vendors),
        PAYMENT_HOSTED_PORT: String(ports.hosted),
        FRAUD_COLLECTOR_PORT: String(ports.collector),
        MAIL_SMTP_PORT: String(ports.smtp),
        MAIL_VIEWER_PORT: '0',
        PAYMENT_PUBLISHABLE_KEY: publishableKey,
        DATABASE_URL: urlOf(databases.vendors),
        VENDORS_DATA_DIR: join(work, 'vendors-db'),
      },
      `${vendors}/healthz`,
      join(work, 'vendors.log'),
    );
    const renderer = new Proc(
      'renderer',
      join(root, 'shell', 'dist', 'server', 'renderer.js'),
      { ...process.env, ...nxEnv, RENDERER_PORT: String(ports.renderer), REMOTES_DIR: cacheDir },
      `http://127.0.0.1:${ports.renderer}/healthz`,
      join(work, 'renderer.log'),
    );
    procs.push(commerceA, commerceB, vendorsProc, renderer, gatewayA, gatewayB);

    // nginx first: commerce's own public URL and the gateways' calls go through it.
    const prefix = join(work, 'nginx');
    mkdirSync(prefix, { recursive: true });
    writeFileSync(
      join(prefix, 'nginx.conf'),
      nginxConfig({
        prefix,
        port: ports.shop,
        commercePort: ports.commerceLb,
        gateways: [ports.gatewayA, ports.gatewayB],
        commerces: [ports.commerceA, ports.commerceB],
      }),
    );
    nginxChild = spawn(nginx, ['-p', prefix, '-c', join(prefix, 'nginx.conf')], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.add(nginxChild);

    log('starting: commerce x2 on PostgreSQL (the first seeds), vendors, renderer');
    await commerceA.start();
    await Promise.all([commerceB.start(), vendorsProc.start(), renderer.start()]);
    log('publishing the remote builds into the gateways database');
    execFileSync(
      process.execPath,
      [join(root, 'api-gateway', 'dist', 'remote-cli.js'), 'publish', ...REMOTE_APPS, '--release'],
      {
        cwd: root,
        env: { ...gatewayEnv, PORT: '0' },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    log('starting: gateway x2 behind nginx');
    await Promise.all([gatewayA.start(), gatewayB.start()]);
    return {
      work,
      ports,
      hostedUrl,
      captchaAnswer,
      databaseUrl: (kind) => urlOf(databases[kind]),
      procs: { commerceA, commerceB, gatewayA, gatewayB, vendors: vendorsProc, renderer },
      logs: {
        'gateway a': gatewayA.logFile,
        'gateway b': gatewayB.logFile,
        commerce: commerceA.logFile,
      },
      all: procs,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
