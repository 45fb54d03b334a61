// Catalog API benchmark: GET /api/products (a category with two filters) at 50 concurrent
// connections through the gateway, cold (gateway cache off) and cached, next to a bare Node
// http server answering the same JSON from memory; and the first-load JavaScript (gzip) of the
// category and product pages.
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ensureChromium, freePort, REMOTE_APPS, root } from '../scripts/lib.mjs';
import { productionEnv } from '../scripts/local-secrets.mjs';

const CONCURRENCY = 50;
const REQUESTS = 3000;
const PATH = '/api/products?category=bras&bandSize=36&cupSize=C';


async function run(main, env, health) {
  const child = spawn(process.execPath, [main], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: 'ignore' });
  for (let i = 0; i < 900; i += 1) {
    if (await fetch(health).then((r) => r.ok).catch(() => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${main} did not start`);
}

async function load(port, paths) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const one = (path) =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      http
        .get({ agent, host: '127.0.0.1', port, path }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`${path}: ${res.statusCode}`))));
        })
        .on('error', reject);
    });
  for (let i = 0; i < 50; i += 1) await one(paths[i % paths.length]);
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < REQUESTS) latencies.push(await one(paths[next++ % paths.length]));
  }));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: REQUESTS / seconds, p95: latencies[Math.floor(latencies.length * 0.95)] };
}

export async function benchCatalog() {
  ensureChromium();
  const dataDir = mkdtempSync(join(tmpdir(), 'catalog-bench-'));
  // Measured as `npm start` runs: production mode and generated secrets.
  const production = productionEnv(dataDir, {});
  const commercePort = await freePort();
  const children = [await run(join(root, 'services', 'commerce', 'dist', 'main.js'), { ...production, COMMERCE_PORT: String(commercePort), COMMERCE_DATA_DIR: join(dataDir, 'db') }, `http://127.0.0.1:${commercePort}/healthz`)];
  spawnSync(process.execPath, [join(root, 'api-gateway', 'dist', 'remote-cli.js'), 'publish', ...REMOTE_APPS.map((app) => join(root, app))], { env: { ...process.env, DATA_DIR: dataDir }, stdio: 'ignore' });
  const gateway = async (ttl) => {
    const port = await freePort();
    children.push(
      await run(join(root, 'api-gateway', 'dist', 'main.js'), { ...production, PORT: String(port), DATA_DIR: dataDir, COMMERCE_API_URL: `http://127.0.0.1:${commercePort}/commerce`, CATALOG_CACHE_TTL_SECONDS: String(ttl) }, `http://127.0.0.1:${port}/healthz`),
    );
    return port;
  };
  try {
    const coldPort = await gateway(0);
    const cachedPort = await gateway(60);
    const body = await (await fetch(`http://127.0.0.1:${cachedPort}${PATH}`)).text();
    const bare = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
    await new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const barePort = bare.address().port;
    const result = {
      bytes: Buffer.byteLength(body),
      bare: await load(barePort, [PATH]),
      cold: await load(coldPort, [PATH]),
      cached: await load(cachedPort, [PATH]),
    };
    bare.close();

    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
    const productUrl = JSON.parse(body).results[0]?.url;
    result.firstLoadGzip = {};
    for (const [name, path] of [['category', '/c/bras'], ['product', productUrl]]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const bodies = [];
      page.on('response', (r) => r.request().resourceType() === 'script' && bodies.push(r.body().catch(() => Buffer.alloc(0))));
      await page.goto(`http://localhost:${cachedPort}${path}`, { waitUntil: 'networkidle' });
      result.firstLoadGzip[name] = (await Promise.all(bodies)).reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
      await context.close();
    }
    await browser.close();
    return result;
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

export function printCatalog(r, baseline) {
  const then = baseline?.catalogApi;
  const ratio = (now, old) => (old ? `${(now / old).toFixed(2)}x` : 'n/a');
  console.log(`\nGET ${PATH} at ${CONCURRENCY} concurrent connections (${r.bytes} bytes):`);
  console.log('  server                      req/s     p95        vs bare server (req/s)');
  for (const [label, x] of [['bare Node http, from memory', r.bare], ['gateway, cache off (cold)', r.cold], ['gateway, cached', r.cached]]) {
    console.log(`  ${label.padEnd(27)} ${x.rps.toFixed(0).padEnd(9)} ${`${x.p95.toFixed(1)} ms`.padEnd(10)} ${(x.rps / r.bare.rps).toFixed(2)}`);
  }
  console.log(`  cached p95 ratio to baseline ${ratio(r.cached.p95, then?.cached?.p95)}`);
  console.log('\nFirst-load JavaScript (gzip):');
  for (const [name, bytes] of Object.entries(r.firstLoadGzip)) console.log(`  ${name.padEnd(10)} ${(bytes / 1024).toFixed(1)} KiB   ratio ${ratio(bytes, then?.firstLoadGzip?.[name])}`);
}
