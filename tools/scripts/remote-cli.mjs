// npm run remote -- <command>: publish, list, release and roll back remote versions.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { nx, root } from './lib.mjs';

nx('run', '@shop/api-gateway:build');
const result = spawnSync(
  process.execPath,
  [join(root, 'api-gateway', 'dist', 'remote-cli.js'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
