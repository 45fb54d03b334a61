// Commerce service benchmark: seed and start times, and product search latency (p50/p95/p99)
// at 20 concurrent requests, on the default seed and on a 100,000-product seed.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, root } from '../scripts/lib.mjs';
import { run, stopChildren } from './catalog.mjs';
import { getJson } from './shop.mjs';

const CONCURRENCY = 20;
const CLIENT = 'shop-gateway-dev:dev-only-commerce-client-secret';

export async function startService(dataDir, products) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--max-old-space-size=8192', join(root, 'services', 'commerce', 'dist', 'main.js')],
    {
      env: {
        ...process.env,
        COMMERCE_PORT: String(port),
        COMMERCE_DATA_DIR: dataDir,
        COMMERCE_SEED_PRODUCTS: String(products),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (
      await fetch(`${base}/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break;
    if (child.exitCode !== null) throw new Error('commerce service exited');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    base,
    ms: performance.now() - started,
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))),
  };
}

const QUERIES = (store) => [
  {
    storeProjection: store,
    limit: 12,
    facets: ['variants.attributes.size', 'variants.attributes.color', 'variants.attributes.colorFamily'],
  },
  { storeProjection: store, text: 'comfort', limit: 12, facets: ['variants.attributes.size'] },
  {
    storeProjection: store,
    limit: 12,
    filters: ['variants.attributes.size:"M","L"'],
    facets: ['variants.attributes.color'],
    sorts: ['price asc'],
  },
  { storeProjection: store, text: 'black', limit: 5 },
  {
    storeProjection: store,
    limit: 12,
    filters: ['variants.price.centAmount:range (1000 to 4000)'],
    sorts: ['createdAt desc'],
    offset: 24,
  },
];
const SEARCH = `query($storeProjection: String, $text: String, $filters: [SearchFilterInput!], $facets: [SearchFacetInput!], $sorts: [String!], $limit: Int, $offset: Int) {
  productProjectionSearch(storeProjection: $storeProjection, text: $text, filters: $filters, facets: $facets, sorts: $sorts, limit: $limit, offset: $offset) {
    total results { id name(locale: "en-US") masterVariant { sku images { url } price(currency: "USD") { value { centAmount } discounted { value { centAmount } } }
      availability { noChannel { availableQuantity } } } }
    facets { facet value { ... on TermsFacetResult { terms { term count } } } } } }`;

/** Requests with distinct offsets and sorts: each misses the page cache, the facet and sorted-list caches serve them. */
const uncachedBodies = (stores) =>
  Array.from({ length: 4000 }, (_, i) => {
    const q = QUERIES(stores[i % stores.length])[i % 5];
    return JSON.stringify({
      query: SEARCH,
      variables: {
        ...q,
        offset: (i * 7) % 240,
        sorts: [['price asc', 'price desc', 'createdAt desc', 'name.en-US asc'][i % 4]],
        filters: q.filters?.map((string) => ({ string })),
        facets: q.facets?.map((string) => ({ string })),
      },
    });
  });

export async function searchLatency(base, requests, uncached = false) {
  const token = await accessToken(base);
  const stores = ['vanityfair', 'everwear', 'rallyathletic', 'hoopcraft'];
  const bodies = uncached
    ? uncachedBodies(stores)
    : stores.flatMap(QUERIES).map((q) =>
        JSON.stringify({
          query: SEARCH,
          variables: {
            ...q,
            filters: q.filters?.map((string) => ({ string })),
            facets: q.facets?.map((string) => ({ string })),
          },
        }),
      );
  // A lean keep-alive HTTP client, so the load generator sharing these two cores costs little.
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const url = new URL(`${base}/commerce/shop/graphql`);
  const call = (i) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const body = bodies[i % bodies.length];
      const request = http.request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if (response.statusCode !== 200 || text.includes('"errors"')) reject(new Error(text.slice(0, 500)));
            else resolve(performance.now() - started);
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  for (let i = 0; i < 40; i += 1) await call(i); // warm-up
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests) latencies.push(await call(next++));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  return { p50: at(50), p95: at(95), p99: at(99), rps: requests / seconds };
}

/** First-time searches, one at a time: distinct words and filters, so no cache holds them. */
async function coldLatency(base) {
  const token = await accessToken(base);
  const words = [
    'lace',
    'comfort',
    'cotton',
    'mesh',
    'black',
    'navy',
    'rose',
    'court',
    'pro',
    'flex',
    'smooth',
    'game',
    'street',
    'cloud',
    'motion',
    'swish',
  ];
  const sizes = ['S', 'M', 'L', 'XL', '36C', '34B', '7', '32x32'];
  const latencies = [];
  for (const [i, store] of ['vanityfair', 'everwear', 'rallyathletic', 'hoopcraft'].entries()) {
    for (let j = 0; j < 10; j += 1) {
      const variables = {
        storeProjection: store,
        limit: 12,
        ...(j % 2 ? { text: words[(i * 10 + j) % words.length] } : {}),
        filters: [{ string: `variants.attributes.size:"${sizes[(i + j) % sizes.length]}"` }],
        facets: [{ string: 'variants.attributes.color' }, { string: 'variants.attributes.size' }],
        sorts: [['price asc', 'createdAt desc', 'name.en-US asc'][j % 3]],
      };
      const started = performance.now();
      const response = await fetch(`${base}/commerce/shop/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query: SEARCH, variables }),
      });
      await response.json();
      latencies.push(performance.now() - started);
    }
  }
  latencies.sort((a, b) => a - b);
  return { p50: latencies[Math.floor(latencies.length / 2)], max: latencies.at(-1) };
}

/**
 * Search relevance on the default seed: each query of tools/catalog-seed/search-relevance.json
 * asked of the brand's gateway as a shopper's search page asks it (`/api/products?q=`, with the
 * brand's synonyms and typo tolerance), and whether a product the shopper expects is first, or in
 * the first three.
 */
async function relevance(commerceBase) {
  const set = JSON.parse(readFileSync(join(root, 'tools', 'catalog-seed', 'search-relevance.json'), 'utf8'));
  const dataDir = mkdtempSync(join(tmpdir(), 'relevance-bench-'));
  const port = await freePort();
  const gateway = await run(
    join(root, 'api-gateway', 'dist', 'main.js'),
    // Development settings: the commerce service here runs with the development client.
    {
      APP_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      COMMERCE_API_URL: `${commerceBase}/commerce`,
    },
    `http://127.0.0.1:${port}/healthz`,
    join(dataDir, 'gateway.log'),
  );
  try {
    const brands = {};
    for (const [brand, queries] of Object.entries(set.brands)) {
      let first = 0;
      let top3 = 0;
      const misses = [];
      for (const { query, expect } of queries) {
        const { results } = await getJson(port, brand, `/api/products?q=${encodeURIComponent(query)}&limit=3`);
        const names = results.map((r) => r.name);
        const hits = names.map((name) => new RegExp(expect).test(name));
        if (hits[0]) first += 1;
        if (hits.some(Boolean)) top3 += 1;
        else misses.push(`"${query}" -> ${names.join(', ') || 'nothing'}`);
      }
      brands[brand] = { queries: queries.length, first: first / queries.length, top3: top3 / queries.length, misses };
    }
    return { threshold: set.threshold, brands };
  } finally {
    await stopChildren([gateway]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function accessToken(base) {
  const response = await fetch(`${base}/commerce/oauth/token?grant_type=client_credentials`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from(CLIENT).toString('base64')}` },
  });
  return (await response.json()).access_token;
}

export async function benchCommerce(products, requests) {
  const dataDir = mkdtempSync(join(tmpdir(), 'commerce-bench-'));
  try {
    const first = await startService(dataDir, products);
    await first.stop();
    const second = await startService(dataDir, products);
    const cold = await coldLatency(second.base);
    const relevant = products === 1500 ? await relevance(second.base) : undefined;
    const latency = await searchLatency(second.base, requests);
    const uncached = await searchLatency(second.base, requests, true);
    await second.stop();
    return {
      products,
      firstStartMs: first.ms,
      restartMs: second.ms,
      ...latency,
      uncached,
      cold,
      ...(relevant ? { relevance: relevant } : {}),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printCommerce(results, baseline) {
  const ratio = (now, then) => (then ? `${(now / then).toFixed(2)}x` : 'n/a');
  console.log('\nCommerce service (PGlite), product search at 20 concurrent requests:');
  console.log('  products   first start (seed)  restart    p50       p95       p99       req/s     p95 ratio');
  for (const r of results) {
    const then = baseline?.commerce?.find((b) => b.products === r.products);
    console.log(
      `  ${String(r.products).padEnd(10)} ${`${(r.firstStartMs / 1000).toFixed(1)} s`.padEnd(19)} ${`${(r.restartMs / 1000).toFixed(1)} s`.padEnd(10)} ${`${r.p50.toFixed(1)} ms`.padEnd(9)} ${`${r.p95.toFixed(1)} ms`.padEnd(9)} ${`${r.p99.toFixed(1)} ms`.padEnd(9)} ${r.rps.toFixed(0).padEnd(9)} ${ratio(r.p95, then?.p95)}`,
    );
  }
  console.log(
    '  the same, with distinct pages and sorts (page cache missed; facet and sorted-list caches serve them):',
  );
  for (const r of results) {
    const u = r.uncached;
    console.log(
      `  ${String(r.products).padEnd(10)} ${''.padEnd(19)} ${''.padEnd(10)} ${`${u.p50.toFixed(1)} ms`.padEnd(9)} ${`${u.p95.toFixed(1)} ms`.padEnd(9)} ${`${u.p99.toFixed(1)} ms`.padEnd(9)} ${u.rps.toFixed(0)}`,
    );
  }
  console.log('  first-time searches, one at a time (distinct words and filters, no cache):');
  for (const r of results)
    console.log(`  ${String(r.products).padEnd(10)} p50 ${r.cold.p50.toFixed(1)} ms, max ${r.cold.max.toFixed(1)} ms`);
  for (const r of results.filter((result) => result.relevance)) {
    const { threshold, brands } = r.relevance;
    console.log(
      `  search relevance on the default seed (tools/catalog-seed/search-relevance.json; threshold ${threshold} in the first three):`,
    );
    for (const [brand, b] of Object.entries(brands)) {
      console.log(
        `  ${brand.padEnd(14)} ${String(b.queries).padStart(2)} queries: expected first ${(b.first * 100).toFixed(0)} %, in the first three ${(b.top3 * 100).toFixed(0)} % (${b.top3 >= threshold ? 'met' : 'NOT met'})`,
      );
      for (const miss of b.misses) console.log(`      missed: ${miss}`);
    }
  }
  const target = results.find((r) => r.products === 1500);
  if (target)
    console.log(
      `  target p95 <= 30 ms on the default seed: ${target.p95 <= 30 ? 'met' : 'NOT met'} (${target.p95.toFixed(1)} ms)`,
    );
}
