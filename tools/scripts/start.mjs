// npm start: build what is stale, publish remote builds, then run the commerce service, the
// local vendor services (captcha, CRM), the page renderer and the gateway, all with NODE_ENV=production. The
// commerce database is created, migrated and seeded on first start (var/commerce-db); the CRM's
// is created and migrated on its first use (var/vendors-db). Both follow DATABASE_URL when it is set, in tables of their own.
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
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
// One process failing stops the other, so a broken start is never half up.
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
