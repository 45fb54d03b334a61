import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';

export const root = join(__dirname, '..', '..', '..');
export const REMOTE_APPS = ['mfe-catalog', 'mfe-cart-checkout', 'mfe-account', 'mfe-content'];

export interface Shop {
  url: (brand?: string, path?: string) => string;
  dataDir: string;
  /** Runs the remote release CLI against this shop's registry. */
  cli: (...args: string[]) => string;
  stop: () => Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * The production builds behind the real gateway process, on a free port, with a data folder
 * (published remotes, registry, tracking log) of its own.
 */
export async function startShop(): Promise<Shop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', APP_ENV: 'production' };
  const cli = (...args: string[]) => {
    const run = spawnSync(process.execPath, [join(root, 'api-gateway', 'dist', 'remote-cli.js'), ...args], {
      cwd: root,
      env,
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`remote ${args.join(' ')} failed: ${run.stderr}${run.stdout}`);
    return run.stdout;
  };
  cli('publish', ...REMOTE_APPS.map((app) => join(root, app)));

  const port = await freePort();
  const gateway: ChildProcess = spawn(process.execPath, [join(root, 'api-gateway', 'dist', 'main.js')], {
    env: { ...env, PORT: String(port), TRACKING_LOG: join(dataDir, 'tracking.log') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://localhost:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    const ok = await fetch(`${base}/healthz`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (attempt > 100 || gateway.exitCode !== null) throw new Error('The gateway did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: (brand, path = '/') => `http://${brand ? `${brand}.` : ''}localhost:${port}${path}`,
    dataDir,
    cli,
    stop: () =>
      new Promise((resolve) => {
        gateway.once('exit', () => resolve());
        gateway.kill('SIGTERM');
      }),
  };
}

/** Starts a shop and a browser before a test file and stops both after it. */
export function useShopAndBrowser(): { shop: Shop; browser: Browser } {
  const handles = {} as { shop: Shop; browser: Browser };
  beforeAll(async () => {
    handles.shop = await startShop();
    handles.browser = await launchBrowser();
  });
  afterAll(async () => {
    await handles.browser?.close();
    await handles.shop?.stop();
  });
  return handles;
}
