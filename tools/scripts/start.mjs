// npm start: build what is stale, publish remote builds, and serve the shop.
import { join } from 'node:path';
import { buildAndPublish, root, start } from './lib.mjs';

buildAndPublish();
const gateway = start(process.execPath, [join(root, 'api-gateway', 'dist', 'main.js')], {
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => gateway.kill(signal));
gateway.on('exit', (code) => process.exit(code ?? 0));
