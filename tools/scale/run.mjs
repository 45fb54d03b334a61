// npm run test:scale: the shop as an operator runs it on more than one host, on this machine.
// nginx (Debian's package, installed when missing) in front of two gateways and, for the
// gateways, two commerce services; one vendors service and one page renderer; PostgreSQL (a
// fresh database per process kind, dropped after) and Redis (one logical database, emptied
// before and after). A bounded mixed load (browse, bag, checkout) runs for SCALE_SECONDS; one
// gateway and one commerce are killed (SIGKILL) a third of the way in and restarted, the other
// gateway is stopped (SIGTERM) two thirds in and restarted. Then it checks that nothing was lost
// or done twice and prints what each step cost. It stops by itself; it fails (exit 1) when a
// check fails.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'node:net';
import pg from 'pg';
import { REMOTE_APPS, freePort, nxEnv, root } from '../scripts/lib.mjs';
import { productionEnv } from '../scripts/local-secrets.mjs';
import { browser, guestSession } from '../bench/cart.mjs';
import { ADDRESS as BENCH_ADDRESS, ownCardNumber } from '../bench/checkout.mjs';
import { ADMIN_URL, admin } from '../bench/postgres.mjs';

const SECONDS = Number(process.env.SCALE_SECONDS ?? 60);
const SHOPPERS = Number(process.env.SCALE_SHOPPERS ?? 8);
const REDIS_URL = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const BRAND = 'vanityfair';
const PUBLISHABLE_KEY = 'pk_scale_shop';
const ADDRESS = { ...BENCH_ADDRESS, firstName: 'Scale' };
/** A kill's errors must stop within this long (a balancer's passive check and a restart). */
const SETTLE_MS = 5000;

const log = (line) => process.stdout.write(`[scale] ${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

// --- the machine ------------------------------------------------------------------------------

function nginxBinary() {
  for (const path of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(path)) return path;
  log("installing nginx from Debian's packages");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'nginx'], { stdio: 'inherit', env });
  for (const path of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(path)) return path;
  throw new Error('nginx is not installed and could not be installed');
}

async function flushRedis() {
  const { hostname, port, pathname } = new URL(REDIS_URL);
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
class Proc {
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

const answers = (url) =>
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

// --- shoppers ---------------------------------------------------------------------------------

/** Every request the load made: when, which step, its status (null: no answer) and time. */
const requests = [];

function shopperAt(agent, port, ip) {
  const inner = browser(agent);
  const host = `${BRAND}.localhost:${port}`;
  return {
    async send(_port, method, path, options = {}, step = 'other') {
      const at = Date.now();
      const answer = await inner.send(port, method, path, {
        ...options,
        headers: { host, 'x-forwarded-for': ip, ...(options.headers ?? {}) },
      });
      requests.push({
        at,
        step,
        status: answer.status,
        ms: answer.ms,
        ...(failed(answer) ? { said: `${method} ${path}: ${answer.text.slice(0, 160)}` } : {}),
      });
      return answer;
    },
  };
}

const failed = (answer) => answer.status === null || answer.status >= 500;

/** A write retried as a browser does, with the same Idempotency-Key, until it is answered (bounded). */
async function answered(send) {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await send();
    if (!failed(answer) || attempt >= 8) return answer;
    await sleep(250 * (attempt + 1));
  }
}

class Shopper {
  constructor(agent, port, index, world) {
    Object.assign(this, { agent, port, index, world });
    this.ip = `10.77.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    this.placed = [];
    this.unanswered = { adds: 0, placements: 0 };
    /** Cards entered again after a fault cut a placement short. */
    this.reentered = 0;
    /** Whether the checkout has asked this shopper (this address) for captcha answers. */
    this.captcha = false;
  }

  async begin() {
    this.http = shopperAt(this.agent, this.port, this.ip);
    this.expected = new Map();
    for (let attempt = 0; ; attempt += 1) {
      try {
        this.csrf = await guestSession(
          { send: (p, m, path, o) => this.http.send(p, m, path, o, 'session') },
          this.port,
        );
        return;
      } catch (error) {
        if (attempt >= 8) throw error;
        await sleep(300 * (attempt + 1));
      }
    }
  }

  write(method, path, json, step, key) {
    return this.http.send(
      this.port,
      method,
      path,
      { json, headers: { 'x-csrf-token': this.csrf, ...(key ? { 'idempotency-key': key } : {}) } },
      step,
    );
  }

  async browse() {
    const { categories, products } = this.world;
    const roll = Math.random();
    if (roll < 0.4) await this.http.send(this.port, 'GET', '/api/products?limit=24', {}, 'browse');
    else if (roll < 0.7)
      await this.http.send(
        this.port,
        'GET',
        `/api/products/${encodeURIComponent(products[Math.floor(Math.random() * products.length)])}`,
        {},
        'browse',
      );
    else
      await this.http.send(
        this.port,
        'GET',
        categories[Math.floor(Math.random() * categories.length)],
        {
          headers: { accept: 'text/html' },
        },
        'page',
      );
  }

  async add() {
    const [...already] = this.expected.values();
    if (already.reduce((a, b) => a + b, 0) >= 8) return this.checkout();
    const sku = this.world.skus[Math.floor(Math.random() * this.world.skus.length)];
    const key = randomUUID();
    const answer = await answered(() =>
      this.write(
        'POST',
        '/api/cart/lineItem',
        { sku, quantity: 1, inventoryListKey: this.world.inventoryListKey },
        'bag',
        key,
      ),
    );
    if (answer.status === 200) this.expected.set(sku, (this.expected.get(sku) ?? 0) + 1);
    else if (failed(answer)) this.unanswered.adds += 1;
    else throw new Error(`an add to bag answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  }

  async checkout() {
    if (this.expected.size === 0) return this.add();
    const step = async (method, path, json) => {
      const answer = await answered(() => this.write(method, path, json, 'checkout-step'));
      if (answer.status !== 200)
        throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      return answer.json;
    };
    await step('POST', '/api/cart/customerEmail', { email: `scale-${randomUUID()}@example.com` });
    // A placement cut short by a fault may have used the card (its hold is then let go): the
    // checkout asks for it again (CHECKOUT_INCOMPLETE, payment), and the shopper enters it again.
    for (let attempt = 0; ; attempt += 1) {
      const addressed = await step('POST', '/api/cart', { shippingAddress: ADDRESS, billingAddress: 'sameAsShipping' });
      const token = await this.cardToken(addressed.checkout.vendors.cardFieldUrl);
      await step('POST', '/api/cart', { payment: { token } });
      const { cart, checkout } = await step('POST', '/api/cart/taxes', {});
      if (checkout.missing.length) throw new Error(`the checkout still lacks ${checkout.missing.join(', ')}`);
      const key = randomUUID();
      const placed = await answered(() =>
        this.write(
          'POST',
          '/api/orders',
          {
            cartId: cart.id,
            expectedTotal: checkout.totals.total.centAmount,
            // After a decline from this address the checkout asks for a captcha answer with every
            // attempt; the page's invisible captcha passes a person, this answer passes the test.
            ...(this.captcha ? { captchaToken: this.world.captchaAnswer } : {}),
          },
          'place-order',
          key,
        ),
      );
      if (placed.status === 201 || placed.status === 200) {
        this.placed.push({ orderNumber: placed.json.orderNumber, cartId: cart.id, lines: new Map(this.expected) });
        break;
      }
      if (failed(placed)) {
        this.unanswered.placements += 1;
        break;
      }
      const refusal = placed.json?.error;
      if (attempt < 3 && refusal?.code === 'CHECKOUT_INCOMPLETE' && refusal.missing?.includes('payment')) {
        this.reentered += 1;
        continue;
      }
      if (attempt < 3 && refusal?.code === 'CAPTCHA_FAILED' && !this.captcha) {
        this.captcha = true;
        continue;
      }
      throw new Error(`a placement answered ${placed.status}: ${placed.text.slice(0, 300)}`);
    }
    // A new visitor: a bag of their own from here on.
    await this.begin();
  }

  /** A card token from the hosted field, as its frame gets one; the card never reaches the gateway. */
  async cardToken(cardFieldUrl) {
    const clientSecret = new URL(cardFieldUrl).searchParams.get('clientSecret');
    const answer = await answered(async () => {
      const at = Date.now();
      const started = performance.now();
      const response = await fetch(`${this.world.hostedUrl}/hosted/v1/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          pk: PUBLISHABLE_KEY,
          clientSecret,
          number: ownCardNumber(),
          expMonth: 12,
          expYear: new Date().getFullYear() + 2,
          cvc: '123',
        }),
      }).catch(() => undefined);
      const result = { status: response?.status ?? null, json: await response?.json().catch(() => undefined) };
      requests.push({ at, step: 'card-token', status: result.status, ms: performance.now() - started });
      return result;
    });
    if (answer.status !== 200) throw new Error(`the card field answered ${answer.status}`);
    return answer.json.token;
  }

  async run(deadline) {
    await this.begin();
    while (Date.now() < deadline) {
      const roll = Math.random();
      if (roll < 0.6) await this.browse();
      else if (roll < 0.9) await this.add();
      else await this.checkout();
      await sleep(40 + Math.random() * 60);
    }
  }

  /** The bag as the shop has it now, against the adds that were answered. */
  async check() {
    const answer = await answered(() => this.http.send(this.port, 'GET', '/api/cart', {}, 'verify'));
    if (answer.status !== 200) return [`shopper ${this.index}: the bag could not be read (${answer.status})`];
    const actual = new Map();
    for (const line of answer.json.lines ?? []) actual.set(line.sku, (actual.get(line.sku) ?? 0) + line.quantity);
    const wrong = [];
    for (const sku of new Set([...actual.keys(), ...this.expected.keys()]))
      if ((actual.get(sku) ?? 0) !== (this.expected.get(sku) ?? 0))
        wrong.push(
          `shopper ${this.index}: ${sku} answered ${this.expected.get(sku) ?? 0} adds, the bag has ${actual.get(sku) ?? 0}`,
        );
    return wrong;
  }
}

// --- the run ----------------------------------------------------------------------------------

async function main() {
  const startedAt = Date.now();
  const nginx = nginxBinary();
  for (const file of [
    'services/commerce/dist/main.js',
    'services/vendors/dist/main.js',
    'api-gateway/dist/main.js',
    'shell/dist/server/renderer.js',
  ])
    if (!existsSync(join(root, file))) throw new Error(`${file} is missing: build first (npm run build)`);

  const work = mkdtempSync(join(tmpdir(), 'shop-scale-'));
  // nginx's workers run as an unprivileged user and keep buffers under the prefix.
  chmodSync(work, 0o755);
  const id = randomBytes(4).toString('hex');
  const databases = Object.fromEntries(['commerce', 'gateway', 'vendors'].map((kind) => [kind, `scale_${id}_${kind}`]));
  const urlOf = (name) => ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const procs = [];
  let nginxChild;
  const agent = new http.Agent({ keepAlive: true, maxSockets: SHOPPERS * 4 });
  const checks = [];
  let finished = false;
  try {
    for (const name of Object.values(databases)) await admin(`CREATE DATABASE ${name}`);
    await flushRedis();
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
      REDIS_URL,
      DATA_DIR: join(work, 'gateway-data'),
      REMOTES_CACHE_DIR: cacheDir,
      COMMERCE_API_URL: `http://127.0.0.1:${ports.commerceLb}/commerce`,
      TAX_API_URL: `${vendors}/tax/v1`,
      ADDRESS_API_URL: `${vendors}/address/v1`,
      PAYMENT_API_URL: `${vendors}/payments/v1`,
      PAYMENT_HOSTED_URL: hostedUrl,
      PAYMENT_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      FRAUD_API_URL: `${vendors}/fraud/v1`,
      FRAUD_COLLECTOR_URL: `http://127.0.0.1:${ports.collector}`,
      LOYALTY_API_URL: `${vendors}/loyalty/v1`,
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
        PAYMENT_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
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
    const setUpSeconds = (Date.now() - startedAt) / 1000;

    // What the shoppers will ask for, read through the balancer.
    const scout = shopperAt(agent, ports.shop, '10.77.255.1');
    const brand = (await scout.send(ports.shop, 'GET', '/api/brand')).json?.brand;
    if (!brand) throw new Error('GET /api/brand through nginx gave no brand');
    const listing = (await scout.send(ports.shop, 'GET', '/api/products?limit=48')).json;
    const products = (listing?.results ?? []).map((product) => product.masterStyle);
    const skus = [];
    for (const style of products.slice(0, 12)) {
      const detail = (await scout.send(ports.shop, 'GET', `/api/products/${encodeURIComponent(style)}`)).json;
      for (const variant of detail?.variants ?? []) if (variant.available >= 60) skus.push(variant.sku);
    }
    const categories = [];
    const walk = (node) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object')
        for (const [key, value] of Object.entries(node)) {
          if (key === 'path' && typeof value === 'string' && /^[a-z0-9/-]+$/.test(value))
            categories.push(`/c/${value}`);
          else walk(value);
        }
    };
    walk((await scout.send(ports.shop, 'GET', '/api/categories')).json);
    if (skus.length < 4 || products.length < 4)
      throw new Error(`too little to shop: ${skus.length} skus, ${products.length} products`);
    if (categories.length === 0) throw new Error('GET /api/categories through nginx gave no category pages');
    const world = {
      skus: skus.slice(0, 16),
      products,
      categories: categories.slice(0, 8),
      inventoryListKey: `${brand.id}-online`,
      hostedUrl,
      captchaAnswer,
    };
    requests.length = 0;

    // The load, and the faults during it.
    const loadStart = Date.now();
    const deadline = loadStart + SECONDS * 1000;
    const shoppers = Array.from({ length: SHOPPERS }, (_, index) => new Shopper(agent, ports.shop, index, world));
    const faults = [];
    const chaos = (async () => {
      await sleep((SECONDS * 1000) / 3);
      log('SIGKILL gateway a and commerce a');
      faults.push({ at: Date.now(), what: 'SIGKILL gateway a, commerce a' });
      await Promise.all([gatewayA.signal('SIGKILL'), commerceA.signal('SIGKILL')]);
      await sleep(1000);
      await Promise.all([commerceA.start(), gatewayA.start()]);
      log('gateway a and commerce a are back');
      await sleep(Math.max(0, loadStart + (2 * SECONDS * 1000) / 3 - Date.now()));
      log('SIGTERM gateway b');
      faults.push({ at: Date.now(), what: 'SIGTERM gateway b' });
      await gatewayB.signal('SIGTERM');
      await gatewayB.start();
      log('gateway b is back');
    })();
    const outcomes = await Promise.allSettled(shoppers.map((shopper) => shopper.run(deadline)));
    await chaos;
    const loadSeconds = (Date.now() - loadStart) / 1000;
    const loadRequests = requests.slice();

    // The checks.
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') checks.push(`a shopper stopped: ${outcome.reason?.message ?? outcome.reason}`);
    for (const shopper of shoppers) checks.push(...(await shopper.check()));
    const placed = shoppers.flatMap((shopper) => shopper.placed);
    const unanswered = shoppers.reduce(
      (sum, s) => ({ adds: sum.adds + s.unanswered.adds, placements: sum.placements + s.unanswered.placements }),
      { adds: 0, placements: 0 },
    );
    if (unanswered.adds || unanswered.placements)
      checks.push(`${unanswered.adds} adds and ${unanswered.placements} placements were never answered`);
    const db = new pg.Client({ connectionString: urlOf(databases.commerce) });
    await db.connect();
    try {
      const orders = await db.query('SELECT order_number, cart_id::text AS cart_id, data FROM orders');
      const byNumber = new Map(orders.rows.map((row) => [row.order_number, row]));
      for (const order of placed) {
        const row = byNumber.get(order.orderNumber);
        if (!row) checks.push(`order ${order.orderNumber} was answered but is not in the database`);
        else if (row.cart_id !== order.cartId) checks.push(`order ${order.orderNumber} is of another bag`);
        else {
          const lines = new Map();
          for (const line of row.data.lineItems ?? [])
            lines.set(line.variant?.sku, (lines.get(line.variant?.sku) ?? 0) + line.quantity);
          for (const [sku, quantity] of order.lines)
            if (lines.get(sku) !== quantity)
              checks.push(`order ${order.orderNumber}: ${sku} x${lines.get(sku) ?? 0}, the bag had ${quantity}`);
        }
      }
      if (orders.rows.length !== placed.length)
        checks.push(`${orders.rows.length} orders in the database, ${placed.length} placements answered`);
    } finally {
      await db.end();
    }
    const errors = loadRequests.filter(failed);
    const share = errors.length / Math.max(1, loadRequests.length);
    if (share >= 0.01)
      checks.push(
        `${errors.length} of ${loadRequests.length} requests failed (${(share * 100).toFixed(2)} %, limit 1 %)`,
      );
    for (const [index, fault] of faults.entries()) {
      const until = faults[index + 1]?.at ?? Infinity;
      const late = errors.filter((request) => request.at > fault.at + SETTLE_MS && request.at < until);
      if (late.length)
        checks.push(`${late.length} requests failed more than ${SETTLE_MS / 1000} s after ${fault.what}`);
    }
    for (const proc of procs) if (!(await answers(proc.ready))) checks.push(`${proc.name} is not ready after the run`);
    const restarted = [gatewayA, commerceA, gatewayB].filter((proc) => proc.starts < 2);
    if (restarted.length) checks.push(`not restarted: ${restarted.map((proc) => proc.name).join(', ')}`);

    // The figures.
    const steps = new Map();
    for (const request of loadRequests) {
      const entry = steps.get(request.step) ?? { ms: [], errors: 0 };
      if (failed(request)) entry.errors += 1;
      else entry.ms.push(request.ms);
      steps.set(request.step, entry);
    }
    log(
      `set-up ${setUpSeconds.toFixed(0)} s; load ${loadSeconds.toFixed(0)} s, ${SHOPPERS} shoppers: ${loadRequests.length} requests (${(loadRequests.length / loadSeconds).toFixed(1)}/s), ${errors.length} failed (${(share * 100).toFixed(2)} %)`,
    );
    for (const [step, { ms, errors: count }] of [...steps].sort()) {
      ms.sort((a, b) => a - b);
      log(
        `  ${step.padEnd(14)} ${String(ms.length + count).padStart(6)} requests  p50 ${quantile(ms, 0.5).toFixed(0).padStart(5)} ms  p95 ${quantile(ms, 0.95).toFixed(0).padStart(5)} ms  failed ${count}`,
      );
    }
    for (const request of errors.slice(0, 5))
      log(
        `  failed at +${((request.at - loadStart) / 1000).toFixed(1)} s: ${request.status ?? 'no answer'} ${request.said ?? ''}`,
      );
    for (const fault of faults) {
      const around = errors.filter((request) => request.at >= fault.at && request.at < fault.at + SETTLE_MS).length;
      log(`  ${fault.what}: ${around} failed in the ${SETTLE_MS / 1000} s after`);
    }
    finished = true;
    log(
      `bags: ${shoppers.length} read back; orders: ${placed.length} answered, each exactly once in the database; adds answered: ${loadRequests.filter((r) => r.step === 'bag' && !failed(r)).length}; cards entered again after a cut placement: ${shoppers.reduce((sum, s) => sum + s.reentered, 0)}`,
    );
  } finally {
    agent.destroy();
    await Promise.all(procs.map((proc) => proc.signal('SIGTERM').catch(() => undefined)));
    if (nginxChild && nginxChild.exitCode === null) {
      const done = new Promise((resolve) => nginxChild.once('exit', resolve));
      nginxChild.kill('SIGQUIT');
      await Promise.race([done, sleep(3000)]);
      nginxChild.kill('SIGKILL');
    }
    for (const name of Object.values(databases))
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await flushRedis().catch(() => undefined);
    if (finished && checks.length === 0) rmSync(work, { recursive: true, force: true });
    else log(`logs kept in ${work}`);
  }
  log(`${checks.length ? 'FAILED' : 'passed'} in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  for (const check of checks) log(`  ✗ ${check}`);
  return checks.length === 0;
}

// Whatever happens, nothing this run started outlives it.
const children = new Set();
process.on('exit', () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

const timer = setTimeout(() => {
  log('took over 5 minutes: stopping');
  process.exit(1);
}, 300_000);
timer.unref();
main().then(
  (ok) => {
    process.exitCode = ok ? 0 : 1;
  },
  (error) => {
    log(`failed: ${error.stack ?? error}`);
    process.exitCode = 1;
  },
);
