// Frontend benchmark: cold production build of all apps, and the JavaScript a shopper
// downloads for the first load of / on each brand.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { REMOTE_APPS, ensureChromium, freePort, nx, root } from '../scripts/lib.mjs';
import { productionEnv } from '../scripts/local-secrets.mjs';

const BRANDS = ['vanityfair', 'everwear', 'rallyathletic', 'hoopcraft'];

export async function benchFrontend() {
  ensureChromium();
  const started = performance.now();
  nx('run-many', '-t', 'build', '--exclude=@shop/e2e', '--skip-nx-cache');
  const coldBuildSeconds = Number(((performance.now() - started) / 1000).toFixed(1));

  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
  // Measured as `npm start` runs: production mode and generated secrets.
  const env = { ...process.env, ...productionEnv(dataDir, {}), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  spawnSync(process.execPath, [join(root, 'api-gateway', 'dist', 'remote-cli.js'), 'publish', ...REMOTE_APPS.map((app) => join(root, app))], { env, stdio: 'ignore' });
  const port = await freePort();
  const gateway = spawn(process.execPath, [join(root, 'api-gateway', 'dist', 'main.js')], { env: { ...env, PORT: String(port) }, stdio: 'ignore' });
  for (let i = 0; i < 100; i += 1) {
    if (await fetch(`http://localhost:${port}/healthz`).then((r) => r.ok).catch(() => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const firstLoad = {};
  try {
    for (const brand of BRANDS) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const bodies = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') bodies.push(response.body().catch(() => Buffer.alloc(0)));
      });
      await page.goto(`http://${brand}.localhost:${port}/`, { waitUntil: 'networkidle' });
      await page.locator('[data-remote="content"]').waitFor();
      const buffers = await Promise.all(bodies);
      firstLoad[brand] = {
        files: buffers.length,
        rawBytes: buffers.reduce((sum, b) => sum + b.length, 0),
        gzipBytes: buffers.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0),
      };
      await context.close();
    }
  } finally {
    await browser.close();
    gateway.kill('SIGTERM');
  }
  return { coldBuildSeconds, firstLoad };
}

export function printFrontend(current, baseline) {
  const ratio = (now, then) => (then ? `${(now / then).toFixed(2)}x` : 'n/a');
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log('\nCold production build of all apps (shell, four remotes, gateway, services):');
  console.log(`  ${current.coldBuildSeconds} s   ratio to baseline ${ratio(current.coldBuildSeconds, baseline?.coldBuildSeconds)}`);
  console.log('\nFirst-load JavaScript of / per brand:');
  console.log('  brand           files   raw          gzip        raw ratio  gzip ratio');
  for (const brand of BRANDS) {
    const now = current.firstLoad[brand];
    const then = baseline?.firstLoad?.[brand];
    console.log(
      `  ${brand.padEnd(15)} ${String(now.files).padStart(5)}   ${kib(now.rawBytes).padEnd(12)} ${kib(now.gzipBytes).padEnd(11)} ${ratio(now.rawBytes, then?.rawBytes).padEnd(10)} ${ratio(now.gzipBytes, then?.gzipBytes)}`,
    );
  }
}
