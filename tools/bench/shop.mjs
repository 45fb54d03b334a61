// The shop as `npm start` runs it (production mode, generated secrets, published remotes), on
// free ports with a temporary data folder, for the benches that drive a browser against pages.
import { spawnSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, REMOTE_APPS, root } from '../scripts/lib.mjs';
import { productionEnv } from '../scripts/local-secrets.mjs';
import { run, stopChildren } from './catalog.mjs';

export const BRANDS = ['vanityfair', 'everwear', 'rallyathletic', 'hoopcraft'];

/** GET a JSON path of the gateway as `brand`'s site (the brand comes from the Host header, which fetch ignores). */
export const getJson = (port, brand, path) =>
  new Promise((resolve, reject) => {
    http
      .get(
        { host: '127.0.0.1', port, path, headers: { host: `${brand}.localhost:${port}`, accept: 'application/json' } },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if (res.statusCode !== 200)
              return reject(new Error(`GET ${path} on ${brand}: ${res.statusCode} ${text.slice(0, 200)}`));
            resolve(JSON.parse(text));
          });
        },
      )
      .on('error', reject);
  });

/**
 * Starts commerce, the renderer and the gateway; resolves with the gateway's port, the data folder
 * and `stop`. `gatewayEnv` adds to the gateway's settings (e.g. another SHELL_DIST).
 */
export async function startShop(label, { gatewayEnv = {} } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `${label}-bench-`));
  const production = productionEnv(dataDir, {});
  const commercePort = await freePort();
  const children = [];
  try {
    children.push(
      await run(
        join(root, 'services', 'commerce', 'dist', 'main.js'),
        { ...production, COMMERCE_PORT: String(commercePort), COMMERCE_DATA_DIR: join(dataDir, 'db') },
        `http://127.0.0.1:${commercePort}/healthz`,
        join(dataDir, 'commerce.log'),
      ),
    );
    spawnSync(
      process.execPath,
      [join(root, 'api-gateway', 'dist', 'remote-cli.js'), 'publish', ...REMOTE_APPS.map((app) => join(root, app))],
      { env: { ...process.env, DATA_DIR: dataDir }, stdio: 'ignore' },
    );
    // The page renderer, without the secrets, as `npm start` runs it.
    const rendererPort = await freePort();
    children.push(
      await run(
        join(root, 'shell', 'dist', 'server', 'renderer.js'),
        { RENDERER_PORT: String(rendererPort), DATA_DIR: dataDir },
        `http://127.0.0.1:${rendererPort}/healthz`,
        join(dataDir, 'renderer.log'),
      ),
    );
    const port = await freePort();
    children.push(
      await run(
        join(root, 'api-gateway', 'dist', 'main.js'),
        {
          ...production,
          PORT: String(port),
          DATA_DIR: dataDir,
          COMMERCE_API_URL: `http://127.0.0.1:${commercePort}/commerce`,
          ...(process.env.BENCH_CLIENT_RENDERED ? {} : { RENDERER_URL: `http://127.0.0.1:${rendererPort}` }),
          ...gatewayEnv,
        },
        `http://127.0.0.1:${port}/healthz`,
        join(dataDir, 'gateway.log'),
      ),
    );
    return {
      port,
      dataDir,
      commerceUrl: `http://127.0.0.1:${commercePort}/commerce`,
      stop: () => stopChildren(children),
    };
  } catch (error) {
    await stopChildren(children);
    throw error;
  }
}
