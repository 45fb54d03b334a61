// npm start: build what is stale, publish remote builds, then run the commerce service, the
// local vendor services (captcha, CRM), the page renderer and the gateway, all with NODE_ENV=production. The
// commerce database is created, migrated and seeded on first start (var/commerce-db); the CRM's
// is created and migrated on its first use (var/vendors-db). Both follow DATABASE_URL when it is set, in tables of their own.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildAndPublish, nxEnv, root, start } from './lib.mjs';
import { productionEnv } from './local-secrets.mjs';

buildAndPublish();
// Production means production: every process refuses secrets written in the repository, so a
// fresh machine runs on strong ones of its own (var/secrets.env, generated once).
const env = { ...nxEnv, ...productionEnv(process.env.DATA_DIR ?? join(root, 'var')) };
// The page renderer (ADR 0017) holds no secret: it gets none of the generated keys.
const rendererPort = process.env.RENDERER_PORT ?? '4020';
const children = [
  start(process.execPath, [join(root, 'shell', 'dist', 'server', 'renderer.js')], {
    env: { ...nxEnv, RENDERER_PORT: rendererPort, DATA_DIR: env.DATA_DIR ?? join(root, 'var') },
  }),
  ...['services/commerce', 'services/vendors', 'api-gateway'].map((app) =>
    start(process.execPath, [join(root, app, 'dist', 'main.js')], {
      env: { RENDERER_URL: `http://127.0.0.1:${rendererPort}`, ...env },
    }),
  ),
];
const stop = (signal) => children.forEach((child) => child.exitCode === null && child.kill(signal));
void announceWhenReady(`http://127.0.0.1:${process.env.PORT ?? '8080'}`);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
// One process failing stops the other, so a broken start is never half up.
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}

/**
 * Says the shop is running only once it answers a shopper: the gateway's /readyz (commerce and
 * Redis answer) and a product listing both 200. A first start migrates and seeds the catalogue
 * (about a minute); meanwhile it says what it waits for every 10 s.
 */
async function announceWhenReady(gateway) {
  const started = Date.now();
  let said = 0;
  const answers = async (path) => {
    try {
      return (await fetch(`${gateway}${path}`, { signal: AbortSignal.timeout(5_000) })).status === 200;
    } catch {
      return false;
    }
  };
  for (;;) {
    if (children.some((child) => child.exitCode !== null)) return;
    if ((await answers('/readyz')) && (await answers('/api/products?limit=1'))) break;
    const seconds = Math.round((Date.now() - started) / 1000);
    if (seconds - said >= 10) {
      said = seconds;
      process.stdout.write(`Waiting for the shop to answer (${seconds} s; a first start seeds the catalogue)...\n`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const { port } = new URL(gateway);
  const brands = readdirSync(join(root, 'brands', 'sites'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  process.stdout.write(
    [
      `Shop is running (ready in ${Math.round((Date.now() - started) / 1000)} s):`,
      `  http://localhost:${port}  (the default brand)`,
      ...brands.map((id) => `  http://${id}.localhost:${port}`),
      `  mail: http://127.0.0.1:${process.env.MAIL_VIEWER_PORT ?? '4026'}`,
      '',
    ].join('\n'),
  );
}
