// Cart API benchmark: POST /api/cart/lineItem (add to bag) through the gateway at 50 concurrent
// shoppers (each its own guest session, so its own cart) and at 20 concurrent writers on one
// cart (one guest session shared), next to a bare Node http server answering the same JSON from
// memory. Every cart is read back at the end: a lost update fails the bench as a failed request
// does. With REDIS_URL set, the one-cart case also runs through two gateway instances sharing
// that Redis (writers alternating between them), so the cross-instance write queue is measured.
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, root } from '../scripts/lib.mjs';
import { productionEnv } from '../scripts/local-secrets.mjs';
import { describeFailure, gatewayReasons, logLinesFor, run, stopChildren, summariseFailures } from './catalog.mjs';

const SHOPPERS = 50;
const WRITERS = 20;
/** Adds each shopper or writer makes, one after the other. */
const ADDS_EACH = 10;
/** Distinct skus the adds cycle through, so no line nears the 99-per-line limit or the stock. */
const SKUS = 8;
/**
 * The gateway logs a warning with this field each time a cart write was refused because the
 * cart's version moved outside the write's turn in the per-bag queue (CART_CONFLICT); the bench
 * counts them per scenario (the refused adds are failures too).
 */
const CONFLICT_FIELD = '"cartWriteConflict"';
/** Conflict warnings in the gateway logs so far. */
const conflictsLogged = (logs) =>
  Object.entries(logs)
    .filter(([name]) => name !== 'commerce')
    .reduce(
      (sum, [, log]) =>
        sum +
        (existsSync(log)
          ? readFileSync(log, 'utf8')
              .split('\n')
              .filter((l) => l.includes(CONFLICT_FIELD)).length
          : 0),
      0,
    );
const LISTING = '/api/products?limit=24';

/**
 * A browser's cookie jar as far as the API sees it: `send(port, ...)` keeps the cookies each
 * answer sets, so writers sharing one jar share one session (and whatever cart reference the
 * gateway keeps in a cookie), whichever gateway they talk to. One keep-alive agent for all.
 * `defaults`: headers on every request (the brand's Host, behind a balancer).
 */
export function browser(agent, defaults = {}) {
  const cookies = new Map();
  const send = (port, method, path, { json, form, headers = {} } = {}) =>
    new Promise((resolve) => {
      const body = json !== undefined ? JSON.stringify(json) : form ? new URLSearchParams(form).toString() : undefined;
      const started = performance.now();
      const req = http.request(
        {
          agent,
          host: '127.0.0.1',
          port,
          path,
          method,
          headers: {
            ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
            ...(body !== undefined
              ? {
                  'content-type': json !== undefined ? 'application/json' : 'application/x-www-form-urlencoded',
                  'content-length': Buffer.byteLength(body),
                }
              : {}),
            ...defaults,
            ...headers,
          },
        },
        (res) => {
          for (const line of res.headers['set-cookie'] ?? []) {
            const [pair] = line.split(';');
            const at = pair.indexOf('=');
            if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
          }
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed;
            try {
              parsed = JSON.parse(text);
            } catch {
              parsed = undefined;
            }
            resolve({
              status: res.statusCode,
              headers: res.headers,
              text,
              json: parsed,
              ms: performance.now() - started,
            });
          });
        },
      );
      req.on('error', (error) =>
        resolve({ status: null, headers: {}, text: `the request failed: ${error.message}`, json: undefined, ms: 0 }),
      );
      req.end(body);
    });
  return { send };
}

/** Fails with what the answer said, in the one error shape when it has it. */
export function expectOk(answer, what) {
  if (answer.status === 200) return answer;
  const failure = describeFailure(what, answer.status, answer.text);
  throw new Error(`${what} answered ${answer.status ?? 'nothing'}: ${failure.code ?? ''} ${failure.message}`.trim());
}

/**
 * What the shell does for a visitor without a session (SPEC §4): a CSRF token from
 * /api/auth/csrf, then the guest sign-in posted as a form with it; the session is a cookie.
 * Returns the CSRF token the cart writes carry.
 */
export async function guestSession(shopper, port) {
  const { csrfToken } = expectOk(await shopper.send(port, 'GET', '/api/auth/csrf'), 'GET /api/auth/csrf').json;
  expectOk(
    await shopper.send(port, 'POST', '/api/auth/callback/guest', {
      form: { csrfToken, callbackUrl: '/' },
      headers: { 'x-auth-return-redirect': '1' },
    }),
    'POST /api/auth/callback/guest',
  );
  const session = expectOk(await shopper.send(port, 'GET', '/api/auth/session'), 'GET /api/auth/session').json;
  if (!session?.user) throw new Error('The guest sign-in answered 200 but GET /api/auth/session has no session.');
  return csrfToken;
}

/** Skus of the brand's catalog with stock for every add the bench makes to one line. */
async function pickSkus(shopper, port, needed) {
  const listing = expectOk(await shopper.send(port, 'GET', LISTING), `GET ${LISTING}`).json;
  const skus = [];
  for (const product of listing.results ?? []) {
    const id = product.masterStyle;
    const path = `/api/products/${encodeURIComponent(id)}`;
    const detail = expectOk(await shopper.send(port, 'GET', path), `GET ${path}`);
    for (const variant of detail.json.variants ?? []) {
      if (variant.inStock && variant.available >= needed && skus.length < SKUS) skus.push(variant.sku);
    }
    if (skus.length === SKUS) return skus;
  }
  throw new Error(`The catalog has fewer than ${SKUS} skus with ${needed} in stock among ${LISTING}.`);
}

/** One add to bag, as the product page sends it. */
const addToBag = (writer, sku, inventoryListKey) =>
  writer.shopper.send(writer.port, 'POST', '/api/cart/lineItem', {
    json: { sku, quantity: 1, inventoryListKey },
    headers: { 'x-csrf-token': writer.csrfToken },
  });

/** CPU time (user + system) a process has used so far, in ms, read from /proc (Linux); 0 where it cannot be read. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU ms per process name (`processes`: name to pid), and the bench's own. */
const cpuNow = (processes) => ({
  ...Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuMs(pid)])),
  bench: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
});

/**
 * The adds of one scenario: every writer makes ADDS_EACH adds one after the other, all writers at
 * once. `processes` (name to pid): whose CPU time per add is reported, to see where the time goes.
 */
async function addToCarts(writers, skus, inventoryListKey, logs, processes = {}) {
  const latencies = [];
  const failures = [];
  const conflictsBefore = conflictsLogged(logs);
  const cpuBefore = cpuNow(processes);
  const started = performance.now();
  await Promise.all(
    writers.map(async (writer, w) => {
      for (let i = 0; i < ADDS_EACH; i += 1) {
        const sku = skus[(w + i) % skus.length];
        const answer = await addToBag(writer, sku, inventoryListKey);
        if (answer.status === 200) {
          latencies.push(answer.ms);
          writer.expected.set(sku, (writer.expected.get(sku) ?? 0) + 1);
        } else {
          failures.push(describeFailure('POST /api/cart/lineItem', answer.status, answer.text));
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // The log lines of the last answers may still be on their way to the file.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const conflicts = conflictsLogged(logs) - conflictsBefore;
  const cpuAfter = cpuNow(processes);
  const cpuPerAdd = Object.fromEntries(
    Object.keys(cpuAfter).map((name) => [name, (cpuAfter[name] - cpuBefore[name]) / Math.max(1, latencies.length)]),
  );
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  return {
    requests: writers.length * ADDS_EACH,
    rps: latencies.length / seconds,
    p50: at(0.5),
    p95: at(0.95),
    conflicts,
    cpuPerAdd,
    failures,
  };
}

/** Each cart read back: every sku's quantity must be what the adds that succeeded sum to. */
async function lostUpdates(carts) {
  const wrong = [];
  for (const { shopper, port, expected } of carts) {
    const cart = expectOk(await shopper.send(port, 'GET', '/api/cart'), 'GET /api/cart').json;
    const actual = new Map();
    for (const line of cart.lines ?? []) actual.set(line.sku, (actual.get(line.sku) ?? 0) + line.quantity);
    for (const [sku, quantity] of expected)
      if (actual.get(sku) !== quantity)
        wrong.push(`${sku}: expected ${quantity}, the cart has ${actual.get(sku) ?? 0}`);
  }
  return wrong;
}

/** POSTs at `concurrency` to a bare Node server answering `body` from memory: the ceiling for this machine. */
async function bare(body, concurrency, requests) {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const port = server.address().port;
  const shopper = browser(agent);
  const payload = { json: { sku: 'sku', quantity: 1, inventoryListKey: 'brand-online' } };
  for (let i = 0; i < 50; i += 1) await shopper.send(port, 'POST', '/api/cart/lineItem', payload);
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < requests) latencies.push((await shopper.send(port, 'POST', '/api/cart/lineItem', payload)).ms);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  server.close();
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: latencies[Math.floor(latencies.length * 0.5)],
    p95: latencies[Math.floor(latencies.length * 0.95)],
  };
}

/**
 * The adds of SHOPPERS shoppers on their own bags and of WRITERS writers on one bag, through the
 * shop at `port`, `headers` on every request (the brand's Host behind a balancer). `logs` (name to
 * file): the gateways' logs, whose conflict warnings are counted; `processes` (name to pid): whose
 * CPU per add is reported. Answers the figures, and what a caller needs to measure more.
 */
export async function measureAdds({ port, headers = {}, logs = {}, processes = {} }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: SHOPPERS });
  const open = () => browser(agent, headers);
  const scout = { shopper: open(), port, expected: new Map() };
  scout.csrfToken = await guestSession(scout.shopper, port);
  const brand = expectOk(await scout.shopper.send(port, 'GET', '/api/brand'), 'GET /api/brand').json.brand;
  const inventoryListKey = `${brand.id}-online`;
  // The one-cart case puts WRITERS * ADDS_EACH adds (and one first add) on SKUS lines.
  const skus = await pickSkus(scout.shopper, port, Math.ceil((WRITERS * ADDS_EACH + 1) / SKUS) + 5);

  const cartAnswer = await scout.shopper.send(port, 'GET', '/api/cart');
  if (cartAnswer.status === 404)
    throw new Error(
      'GET /api/cart answered 404: this gateway has no cart API, so there is nothing to measure. ' +
        'The cart bench needs the gateway cart module (GET /api/cart, POST /api/cart/lineItem).',
    );
  expectOk(cartAnswer, 'GET /api/cart');
  const addsOf = (writers) => addToCarts(writers, skus, inventoryListKey, logs, processes);
  // Warm-up: one shopper's adds, so the first measured requests do not pay for JIT compilation.
  await addsOf([scout]);

  /** Shoppers with a guest session each. */
  const shoppersOn = async (count) => {
    const shoppers = [];
    for (let i = 0; i < count; i += 1) {
      const shopper = open();
      shoppers.push({ shopper, port, csrfToken: await guestSession(shopper, port), expected: new Map() });
    }
    return shoppers;
  };
  /** Writers sharing one browser (one session, one cart), alternating between `ports`; the cart made by a first add. */
  const writersOn = async (ports, count) => {
    const shopper = open();
    const csrfToken = await guestSession(shopper, ports[0]);
    const expected = new Map([[skus[0], 1]]);
    expectOk(await addToBag({ shopper, port: ports[0], csrfToken }, skus[0], inventoryListKey), 'the first add');
    return Array.from({ length: count }, (_, i) => ({ shopper, port: ports[i % ports.length], csrfToken, expected }));
  };

  const result = {};
  const shoppers = await shoppersOn(SHOPPERS);
  result.shoppers = await addsOf(shoppers);
  result.shoppers.lost = await lostUpdates(shoppers);
  const oneCart = await writersOn([port], WRITERS);
  result.oneCart = await addsOf(oneCart);
  result.oneCart.lost = await lostUpdates([oneCart[0]]);
  return { result, writersOn, addsOf, scout, agent };
}

/** Throws, after saying why, when a scenario had failed adds or lost updates; drops those lists otherwise. */
export function failIfLost(result, logs, dataDir) {
  const scenarios = Object.entries(result).filter(([, x]) => x && Array.isArray(x.failures));
  const failed = scenarios.filter(([, x]) => x.failures.length || x.lost.length);
  if (failed.length) {
    for (const [label, x] of failed) {
      if (x.lost.length)
        console.error(`\n${label}: lost updates (the cart does not hold what was added):\n  ${x.lost.join('\n  ')}`);
      if (!x.failures.length) continue;
      console.error(`\n${label}: ${x.failures.length} of ${x.requests} adds failed`);
      const reasons = new Map(
        Object.entries(logs)
          .filter(([name]) => name !== 'commerce')
          .flatMap(([, log]) => [...gatewayReasons(log)]),
      );
      for (const group of summariseFailures(x.failures, reasons)) {
        console.error(`  ${group.count} x ${group.status ?? 'no answer'} ${group.code ?? ''}: ${group.message}`);
        console.error(`    why (gateway log): ${group.reason}`);
        for (const line of logLinesFor(logs.commerce, group.correlationIds))
          console.error(`    commerce: ${line.slice(0, 400)}`);
      }
    }
    throw new Error(`The cart bench had failed adds or lost updates; the services' logs are in ${dataDir}`);
  }
  for (const [, x] of scenarios) {
    delete x.failures;
    delete x.lost;
  }
}

/** `databaseUrl`: commerce on that PostgreSQL database; without it, on PGlite. */
export async function benchCart({ databaseUrl } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cart-bench-'));
  const production = productionEnv(dataDir, {});
  const commercePort = await freePort();
  const logs = { commerce: join(dataDir, 'commerce.log') };
  const children = [];
  const stopAll = () => stopChildren(children);
  const gateway = async (name, env = {}) => {
    const port = await freePort();
    logs[name] = join(dataDir, `gateway-${name}.log`);
    children.push(
      await run(
        join(root, 'api-gateway', 'dist', 'main.js'),
        {
          ...production,
          PORT: String(port),
          DATA_DIR: dataDir,
          COMMERCE_API_URL: `http://127.0.0.1:${commercePort}/commerce`,
          ...env,
        },
        `http://127.0.0.1:${port}/healthz`,
        logs[name],
      ),
    );
    return port;
  };
  try {
    children.push(
      await run(
        join(root, 'services', 'commerce', 'dist', 'main.js'),
        {
          ...production,
          COMMERCE_PORT: String(commercePort),
          COMMERCE_DATA_DIR: join(dataDir, 'db'),
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        },
        `http://127.0.0.1:${commercePort}/readyz`,
        logs.commerce,
      ),
    );
    const port = await gateway('single');
    // children: commerce, then the single gateway.
    const processes = { commerce: children[0].pid, gateway: children[1].pid };
    const { result, writersOn, addsOf, scout, agent } = await measureAdds({ port, logs, processes });
    if (process.env.REDIS_URL) {
      const ports = [await gateway('redis-a', { REDIS_URL: process.env.REDIS_URL })];
      ports.push(await gateway('redis-b', { REDIS_URL: process.env.REDIS_URL }));
      const across = await writersOn(ports, WRITERS);
      result.oneCartTwoGateways = await addsOf(across);
      result.oneCartTwoGateways.lost = await lostUpdates([across[0]]);
    }
    const body = expectOk(await scout.shopper.send(port, 'GET', '/api/cart'), 'GET /api/cart').text;
    agent.destroy();
    result.bytes = Buffer.byteLength(body);
    result.bare = {
      shoppers: await bare(body, SHOPPERS, SHOPPERS * ADDS_EACH * 4),
      oneCart: await bare(body, WRITERS, WRITERS * ADDS_EACH * 4),
    };

    await stopAll();
    failIfLost(result, logs, dataDir);
    return result;
  } finally {
    await stopAll();
  }
}

export function printCart(r, baseline, storage = 'PGlite') {
  const then = baseline?.[storage === 'PGlite' ? 'cartApi' : 'cartApiPostgres'];
  const ratio = (now, old) => (old ? `${(now / old).toFixed(2)}x` : 'n/a');
  const rows = [
    [`${SHOPPERS} shoppers, own carts`, r.shoppers, r.bare.shoppers, then?.shoppers],
    [`${WRITERS} writers, one cart`, r.oneCart, r.bare.oneCart, then?.oneCart],
    ...(r.oneCartTwoGateways
      ? [
          [
            `${WRITERS} writers, one cart, 2 gateways + Redis`,
            r.oneCartTwoGateways,
            r.bare.oneCart,
            then?.oneCartTwoGateways,
          ],
        ]
      : []),
  ];
  console.log(
    `\nPOST /api/cart/lineItem (add to bag), commerce on ${storage}, ${ADDS_EACH} adds per shopper or writer, each answer ~${r.bytes} bytes:`,
  );
  console.log(
    '  case                                        req/s   p50        p95        vs bare (req/s)  conflicts  p95 vs baseline',
  );
  for (const [label, x, bareRun, old] of rows) {
    console.log(
      `  ${label.padEnd(43)} ${x.rps.toFixed(0).padEnd(7)} ${`${x.p50.toFixed(1)} ms`.padEnd(10)} ${`${x.p95.toFixed(1)} ms`.padEnd(10)} ${(x.rps / bareRun.rps).toFixed(3).padEnd(16)} ${String(x.conflicts ?? 'n/a').padEnd(10)} ${ratio(x.p95, old?.p95)}`,
    );
  }
  for (const [label, x] of [
    [`bare Node http, ${SHOPPERS} connections`, r.bare.shoppers],
    [`bare Node http, ${WRITERS} connections`, r.bare.oneCart],
  ])
    console.log(
      `  ${label.padEnd(43)} ${x.rps.toFixed(0).padEnd(7)} ${`${x.p50.toFixed(1)} ms`.padEnd(10)} ${`${x.p95.toFixed(1)} ms`.padEnd(10)}`,
    );
  const cpu = (x) =>
    Object.entries(x.cpuPerAdd ?? {})
      .map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`)
      .join(', ');
  for (const [label, x] of rows) if (x.cpuPerAdd) console.log(`  CPU per add, ${label}: ${cpu(x)}`);
  console.log(
    '  conflicts: cart writes refused because the cart changed outside their turn in the per-bag queue (its log warnings)',
  );
}
