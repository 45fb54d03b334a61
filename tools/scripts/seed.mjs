// npm run seed [-- --scale <products>]: creates, migrates and seeds the commerce database
// (COMMERCE_DATA_DIR, or DATABASE_URL) without starting the service; a seeded one is left alone.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { nx, root } from './lib.mjs';

nx('run', '@shop/commerce-service:build');
const result = spawnSync(
  process.execPath,
  [join(root, 'services', 'commerce', 'dist', 'seed-cli.js'), ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(result.status ?? 1);
