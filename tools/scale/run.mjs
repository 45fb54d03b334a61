// npm run test:scale: the shop as an operator runs it on more than one host, on this machine
// (stack.mjs: nginx in front of two gateways and two commerce services, one vendors service and
// one page renderer, on PostgreSQL and Redis). A bounded mixed load (browse, bag, checkout) runs for SCALE_SECONDS; one
// gateway and one commerce are killed (SIGKILL) a third of the way in and restarted, the other
// gateway is stopped (SIGTERM) two thirds in and restarted. Then it checks that nothing was lost
// or done twice and prints what each step cost. It stops by itself; it fails (exit 1) when a
// check fails.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { browser, guestSession } from '../bench/cart.mjs';
import { ADDRESS as BENCH_ADDRESS, ownCardNumber } from '../bench/checkout.mjs';
import { STACK_BRAND, answers, startStack } from './stack.mjs';

const SECONDS = Number(process.env.SCALE_SECONDS ?? 60);
const SHOPPERS = Number(process.env.SCALE_SHOPPERS ?? 8);
const REDIS_URL = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379/13';
const BRAND = STACK_BRAND;
const PUBLISHABLE_KEY = 'pk_scale_shop';
const ADDRESS = { ...BENCH_ADDRESS, firstName: 'Scale' };
/** A kill's errors must stop within this long (a balancer's passive check and a restart). */
const SETTLE_MS = 5000;

const log = (line) => process.stdout.write(`[scale] ${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

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
  const agent = new http.Agent({ keepAlive: true, maxSockets: SHOPPERS * 4 });
  const checks = [];
  let finished = false;
  let stack;
  try {
    stack = await startStack({ log, redisUrl: REDIS_URL, publishableKey: PUBLISHABLE_KEY });
    const { ports, hostedUrl, captchaAnswer, all: procs } = stack;
    const { commerceA, gatewayA, gatewayB } = stack.procs;
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
    const db = new pg.Client({ connectionString: stack.databaseUrl('commerce') });
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
    const keepLogs = !(finished && checks.length === 0);
    await stack?.stop({ keepLogs });
    if (stack && keepLogs) log(`logs kept in ${stack.work}`);
  }
  log(`${checks.length ? 'FAILED' : 'passed'} in ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  for (const check of checks) log(`  ✗ ${check}`);
  return checks.length === 0;
}

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
