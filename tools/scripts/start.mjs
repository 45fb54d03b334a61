// npm start: build what is stale, publish remote builds, then run the commerce service, the
// local vendor services (captcha, CRM) and the gateway. The commerce database is created,
// migrated and seeded on first start (var/commerce-db); the CRM's is created and migrated on its
// first use (var/vendors-db). Both follow DATABASE_URL when it is set, in tables of their own.
import { join } from 'node:path';
import { buildAndPublish, root, start } from './lib.mjs';

buildAndPublish();
const children = [
  start(process.execPath, [join(root, 'services', 'commerce', 'dist', 'main.js')]),
  start(process.execPath, [join(root, 'services', 'vendors', 'dist', 'main.js')]),
  start(process.execPath, [join(root, 'api-gateway', 'dist', 'main.js')], {
    // The production brand config and builds; NODE_ENV=production is for real deployments,
    // which must bring their own secrets (the gateway refuses the development ones there).
    env: { ...process.env, APP_ENV: process.env.APP_ENV ?? 'production' },
  }),
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
