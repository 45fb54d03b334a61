// Frontend benchmark: cold production build of all apps, the gateway's cold start (spawn to
// first healthy answer, median of five), and the JavaScript a shopper downloads for the first
// load of / on each brand and of the bras category on the default brand.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REMOTE_APPS, ensureChromium, freePort, launchChromium, nx, root } from '../scripts/lib.mjs';
import { productionEnv } from '../scripts/local-secrets.mjs';

const BRANDS = ['vanityfair', 'everwear', 'rallyathletic', 'hoopcraft'];
const START_RUNS = 5;

const healthy = (port) =>
  fetch(`http://localhost:${port}/healthz`)
    .then((r) => r.ok)
    .catch(() => false);

/** Spawns the built gateway and resolves once /healthz answers, with the milliseconds it took. */
async function startGateway(env) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'api-gateway', 'dist', 'main.js')], {
    env: { ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  const deadline = started + 30_000;
  while (performance.now() < deadline) {
    if (await healthy(port)) return { child, port, ms: performance.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  child.kill('SIGTERM');
  throw new Error('the gateway did not answer /healthz within 30 s');
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Scripts a first visit of `url` downloads, once `readyLocator` shows: files, raw and gzip bytes. */
export async function firstLoadOf(browser, url, readyLocator) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const bodies = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator(readyLocator).first().waitFor();
  const buffers = await Promise.all(bodies);
  await context.close();
  return {
    files: buffers.length,
    rawBytes: buffers.reduce((sum, b) => sum + b.length, 0),
    gzipBytes: buffers.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
  };
}

export async function benchFrontend() {
  ensureChromium();
  const started = performance.now();
  // `--built` measures the builds already in dist (e.g. to compare two checkouts quickly) and
  // leaves the cold build time out.
  const built = process.argv.includes('--built');
  if (!built) nx('run-many', '-t', 'build', '--exclude=@shop/e2e', '--skip-nx-cache');
  const coldBuildSeconds = built ? undefined : Number(((performance.now() - started) / 1000).toFixed(1));

  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  // Measured as `npm start` runs: production mode and generated secrets.
  const env = { ...process.env, ...productionEnv(dataDir, {}), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  spawnSync(
    process.execPath,
    [join(root, 'api-gateway', 'dist', 'remote-cli.js'), 'publish', ...REMOTE_APPS.map((app) => join(root, app))],
    { env, stdio: 'ignore' },
  );
  const startMs = [];
  for (let run = 0; run < START_RUNS; run += 1) {
    const { child, ms } = await startGateway(env);
    startMs.push(ms);
    child.kill('SIGTERM');
  }
  const gatewayStartMs = Number(median(startMs).toFixed(0));
  const { child: gateway, port } = await startGateway(env);
  const browser = await launchChromium();
  const firstLoad = {};
  let firstLoadCategory;
  try {
    for (const brand of BRANDS) {
      firstLoad[brand] = await firstLoadOf(browser, `http://${brand}.localhost:${port}/`, '[data-remote="content"]');
    }
    firstLoadCategory = await firstLoadOf(
      browser,
      `http://vanityfair.localhost:${port}/c/bras`,
      '[data-remote="catalog"]',
    );
  } finally {
    await browser.close();
    gateway.kill('SIGTERM');
  }
  return { coldBuildSeconds, gatewayStartMs, firstLoad, firstLoadCategory };
}

export function printFrontend(current, baseline) {
  const ratio = (now, then) => (then ? `${(now / then).toFixed(2)}x` : 'n/a');
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log('\nCold production build of all apps (shell, four remotes, gateway, services):');
  if (current.coldBuildSeconds === undefined) console.log('  not measured (--built)');
  else
    console.log(
      `  ${current.coldBuildSeconds} s   ratio to baseline ${ratio(current.coldBuildSeconds, baseline?.coldBuildSeconds)}`,
    );
  console.log(`\nGateway cold start (spawn to healthy, median of ${START_RUNS}):`);
  console.log(
    `  ${current.gatewayStartMs} ms   ratio to baseline ${ratio(current.gatewayStartMs, baseline?.gatewayStartMs)}`,
  );
  console.log('\nFirst-load JavaScript of / per brand:');
  console.log('  brand           files   raw          gzip        raw ratio  gzip ratio');
  for (const brand of BRANDS) {
    const now = current.firstLoad[brand];
    const then = baseline?.firstLoad?.[brand];
    console.log(
      `  ${brand.padEnd(15)} ${String(now.files).padStart(5)}   ${kib(now.rawBytes).padEnd(12)} ${kib(now.gzipBytes).padEnd(11)} ${ratio(now.rawBytes, then?.rawBytes).padEnd(10)} ${ratio(now.gzipBytes, then?.gzipBytes)}`,
    );
  }
  const category = current.firstLoadCategory;
  const thenCategory = baseline?.firstLoadCategory;
  if (category) {
    console.log('\nFirst-load JavaScript of /c/bras (vanityfair):');
    console.log(
      `  ${String(category.files).padStart(5)} files   ${kib(category.rawBytes)} raw   ${kib(category.gzipBytes)} gzip   ratios ${ratio(category.rawBytes, thenCategory?.rawBytes)} / ${ratio(category.gzipBytes, thenCategory?.gzipBytes)}`,
    );
  }
}
