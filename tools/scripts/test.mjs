// npm test: formatting (Prettier, one config for the repo), lint (with the module-boundary
// rules), type checks, unit and API tests, then the browser tests against production builds.
// Installs Debian's Chromium first when missing.
import { join } from 'node:path';
import { ensureChromium, nx, root, run } from './lib.mjs';

ensureChromium();
run(process.execPath, [
  join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs'),
  '--check',
  '--log-level',
  'warn',
  '.',
]);
nx('run-many', '-t', 'lint', 'typecheck', 'test');
nx('run', '@shop/e2e:e2e');
