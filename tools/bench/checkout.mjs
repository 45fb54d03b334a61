// Checkout benchmark: 20 shoppers, each a guest with a bag, a verified address, a standard
// shipping method, a card token from the hosted field's tokenise endpoint and taxes quoted, place
// their orders at once (POST /api/orders, each with its own Idempotency-Key) through one gateway
// in front of the commerce service and the vendor stand-ins. It prints place-order p50/p95 and,
// from the gateway's Server-Timing header on each placement, what each vendor call (and commerce)
// added to it. Every order is then read back: 20 orders with 20 distinct numbers, or the bench fails.
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { freePort, root } from '../scripts/lib.mjs';
import { productionEnv } from '../scripts/local-secrets.mjs';
import { browser, expectOk, guestSession } from './cart.mjs';
import { describeFailure, run, stopChildren } from './catalog.mjs';

const SHOPPERS = 20;
const LISTING = '/api/products?limit=24';
/** A US address the address-verification stand-in accepts as it is. */
export const ADDRESS = {
  firstName: 'Bench',
  lastName: 'Shopper',
  streetName: '350 5TH AVE',
  city: 'NEW YORK',
  state: 'NY',
  postalCode: '10118',
  country: 'US',
};
const EXPIRY = { expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' };

/**
 * A Visa of the shopper's own (random, Luhn-valid), which the payment stand-in approves: the
 * fraud screen reviews one card seen with many e-mails, so bench shoppers may not share 4242.
 * The tests take theirs from @shop/node-kit/testing; this script runs in plain Node, which does
 * not load TypeScript, so it keeps its own copy of those few lines.
 */
export function ownCardNumber() {
  const body = [4, ...Array.from({ length: 14 }, () => Math.floor(Math.random() * 10))];
  const sum = body
    .slice()
    .reverse()
    .reduce(
      (total, digit, index) => total + (index % 2 === 0 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit),
      0,
    );
  return [...body, (10 - (sum % 10)) % 10].join('');
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

/** `name;dur=12.3, other;dur=4` -> { name: [12.3], other: [4] }, added to `into`. */
function collectTimings(header, into) {
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().split(';');
    const dur = params.map((p) => /^dur=([0-9.]+)$/.exec(p.trim())).find(Boolean);
    if (name && dur) (into[name] ??= []).push(Number(dur[1]));
  }
}

/**
 * A card token, as the hosted field's frame gets one (the card never reaches the gateway), with
 * the bag's client secret from the field's address in the checkout answer.
 */
async function cardToken(hostedUrl, publishableKey, cardFieldUrl) {
  const clientSecret = new URL(cardFieldUrl).searchParams.get('clientSecret');
  if (!clientSecret) throw new Error('The checkout gave the card field no client secret.');
  const response = await fetch(`${hostedUrl}/hosted/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pk: publishableKey, clientSecret, number: ownCardNumber(), ...EXPIRY }),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`The hosted field refused the bench card: ${JSON.stringify(body)}`);
  return body.token;
}

/** One shopper's checkout up to the review: bag, e-mail, address, method, card, taxes. */
async function readyShopper(agent, port, sku, inventoryListKey, hostedUrl, publishableKey, headers = {}) {
  const shopper = browser(agent, headers);
  const csrfToken = await guestSession(shopper, port);
  const write = async (method, path, json) =>
    expectOk(
      await shopper.send(port, method, path, { json, headers: { 'x-csrf-token': csrfToken } }),
      `${method} ${path}`,
    ).json;
  await write('POST', '/api/cart/lineItem', { sku, quantity: 1, inventoryListKey });
  await write('POST', '/api/cart/customerEmail', { email: `bench-${randomUUID()}@example.com` });
  const addressed = await write('POST', '/api/cart', { shippingAddress: ADDRESS, billingAddress: 'sameAsShipping' });
  const token = await cardToken(hostedUrl, publishableKey, addressed.checkout.vendors.cardFieldUrl);
  await write('POST', '/api/cart', { payment: { token } });
  const { cart, checkout } = await write('POST', '/api/cart/taxes', {});
  if (checkout.missing.length) throw new Error(`The checkout still lacks ${checkout.missing.join(', ')}.`);
  return { shopper, csrfToken, cartId: cart.id, expectedTotal: checkout.totals.total.centAmount };
}

/**
 * SHOPPERS placements at once through the shop at `port`, each shopper's checkout made ready
 * first; every order must be made once and be readable by its session. `headersOf(i)`: the
 * headers of shopper i's every request (behind a balancer, the brand's Host and the shopper's own
 * address: twenty card attempts at once from one address are refused as card testing).
 */
export async function measurePlacements({ port, hostedUrl, publishableKey, headersOf = () => ({}) }) {
  const headers = headersOf(SHOPPERS);
  const agent = new http.Agent({ keepAlive: true, maxSockets: SHOPPERS * 2 });
  const scout = browser(agent, headers);
  await guestSession(scout, port);
  const brand = expectOk(await scout.send(port, 'GET', '/api/brand'), 'GET /api/brand').json.brand;
  const inventoryListKey = `${brand.id}-online`;
  const listing = expectOk(await scout.send(port, 'GET', LISTING), `GET ${LISTING}`).json;
  const skus = [];
  for (const product of listing.results ?? []) {
    const detail = expectOk(
      await scout.send(port, 'GET', `/api/products/${encodeURIComponent(product.masterStyle)}`),
      'GET /api/products/{id}',
    ).json;
    for (const variant of detail.variants ?? []) if (variant.available >= SHOPPERS * 2 + 5) skus.push(variant.sku);
    if (skus.length >= 4) break;
  }
  if (skus.length === 0) throw new Error(`No sku of ${LISTING} has stock for ${SHOPPERS * 2} orders.`);

  // Warm-up: one whole checkout, so the measured placements do not pay for JIT compilation.
  const warm = await readyShopper(agent, port, skus[0], inventoryListKey, hostedUrl, publishableKey, headers);
  const warmOrder = await warm.shopper.send(port, 'POST', '/api/orders', {
    json: { cartId: warm.cartId, expectedTotal: warm.expectedTotal },
    headers: { 'x-csrf-token': warm.csrfToken, 'idempotency-key': randomUUID() },
  });
  if (warmOrder.status !== 201) expectOk(warmOrder, 'the warm-up order');

  const shoppers = [];
  for (let i = 0; i < SHOPPERS; i += 1)
    shoppers.push(
      await readyShopper(agent, port, skus[i % skus.length], inventoryListKey, hostedUrl, publishableKey, headersOf(i)),
    );

  const latencies = [];
  const timings = {};
  const failures = [];
  const numbers = new Set();
  const started = performance.now();
  await Promise.all(
    shoppers.map(async (s) => {
      const answer = await s.shopper.send(port, 'POST', '/api/orders', {
        json: { cartId: s.cartId, expectedTotal: s.expectedTotal },
        headers: { 'x-csrf-token': s.csrfToken, 'idempotency-key': randomUUID() },
      });
      if (answer.status === 201) {
        latencies.push(answer.ms);
        numbers.add(answer.json.orderNumber);
        collectTimings(answer.headers['server-timing'], timings);
      } else failures.push(describeFailure('POST /api/orders', answer.status, answer.text));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // Each order is there for its session to read back.
  for (const s of shoppers) {
    const mine = [...numbers];
    const found = await Promise.all(mine.map((n) => s.shopper.send(port, 'GET', `/api/orders/${n}`)));
    if (!found.some((a) => a.status === 200)) failures.push({ code: 'ORDER_NOT_READABLE', message: 'no order' });
  }
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const vendorsAdded = Object.fromEntries(
    Object.entries(timings).map(([name, values]) => {
      values.sort((a, b) => a - b);
      return [name, { calls: values.length, p50: quantile(values, 0.5), p95: quantile(values, 0.95) }];
    }),
  );
  const result = {
    orders: numbers.size,
    seconds,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    vendors: vendorsAdded,
    failures,
  };
  if (failures.length || numbers.size !== SHOPPERS)
    throw new Error(
      `${failures.length} of ${SHOPPERS} placements failed (${numbers.size} orders): ${JSON.stringify(failures.slice(0, 3))}`,
    );
  return result;
}

/** A gateway's settings for the vendor stand-ins at `vendors` (and their card field and fraud collector). */
export const vendorsEnv = ({ vendors, hostedUrl, collectorUrl, publishableKey }) => ({
  TAX_API_URL: `${vendors}/tax/v1`,
  ADDRESS_API_URL: `${vendors}/address/v1`,
  PAYMENT_API_URL: `${vendors}/payments/v1`,
  PAYMENT_HOSTED_URL: hostedUrl,
  PAYMENT_PUBLISHABLE_KEY: publishableKey,
  FRAUD_API_URL: `${vendors}/fraud/v1`,
  FRAUD_COLLECTOR_URL: collectorUrl,
  LOYALTY_API_URL: `${vendors}/loyalty/v1`,
});

/** `databaseUrl`: commerce on that PostgreSQL database; without it, on PGlite. */
export async function benchCheckout({ databaseUrl } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'checkout-bench-'));
  const production = productionEnv(dataDir, {});
  const [commercePort, vendorsPort, hostedPort, collectorPort, smtpPort, port] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const children = [];
  const vendors = `http://127.0.0.1:${vendorsPort}`;
  const hostedUrl = `http://127.0.0.1:${hostedPort}`;
  const publishableKey = 'pk_bench_shop';
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
        join(dataDir, 'commerce.log'),
      ),
      await run(
        join(root, 'services', 'vendors', 'dist', 'main.js'),
        {
          ...production,
          VENDORS_PORT: String(vendorsPort),
          PAYMENT_HOSTED_PORT: String(hostedPort),
          FRAUD_COLLECTOR_PORT: String(collectorPort),
          // Each order's e-mail goes to the vendors' mail catcher, as under npm start.
          MAIL_SMTP_PORT: String(smtpPort),
          MAIL_VIEWER_PORT: '0',
          PAYMENT_PUBLISHABLE_KEY: publishableKey,
          VENDORS_DATA_DIR: join(dataDir, 'vendors-db'),
        },
        `${vendors}/healthz`,
        join(dataDir, 'vendors.log'),
      ),
    );
    children.push(
      await run(
        join(root, 'api-gateway', 'dist', 'main.js'),
        {
          ...production,
          PORT: String(port),
          DATA_DIR: dataDir,
          COMMERCE_API_URL: `http://127.0.0.1:${commercePort}/commerce`,
          ...vendorsEnv({ vendors, hostedUrl, collectorUrl: `http://127.0.0.1:${collectorPort}`, publishableKey }),
          SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
          TRUST_PROXY: 'loopback',
        },
        `http://127.0.0.1:${port}/healthz`,
        join(dataDir, 'gateway.log'),
      ),
    );
    // Twenty shoppers from twenty addresses (the bench speaks for them as a proxy on loopback would):
    // twenty card attempts at once from one address are refused as card testing.
    return await measurePlacements({
      port,
      hostedUrl,
      publishableKey,
      headersOf: (i) => ({ 'x-forwarded-for': `10.79.${i}.1` }),
    });
  } finally {
    await stopChildren(children);
  }
}

export function printCheckout(r, storage = 'PGlite') {
  const ms = (x) => `${x.toFixed(0)} ms`;
  console.log(`\nCheckout: ${SHOPPERS} concurrent placements (POST /api/orders), one gateway, commerce on ${storage}`);
  console.log(`  place order  p50 ${ms(r.p50)}  p95 ${ms(r.p95)}  (${r.orders} orders in ${r.seconds.toFixed(2)} s)`);
  console.log('  added by each call within a placement (Server-Timing):');
  for (const [name, t] of Object.entries(r.vendors).sort())
    console.log(
      `    ${name.padEnd(10)} p50 ${ms(t.p50).padStart(7)}  p95 ${ms(t.p95).padStart(7)}  (in ${t.calls} placements)`,
    );
}
