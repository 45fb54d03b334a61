// npm test: formatting (Prettier, one config for the repo), lint (with the module-boundary
// rules), type checks, unit and API tests, the browser tests against production builds, then the
// scale test (npm run test:scale) on those builds.
// Installs Debian's Chromium first when missing. When a step fails, the failing tests' messages
// (kept by tools/jest/failure-log-reporter.cjs) are printed last, where a CI log's tail shows them.
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ensureChromium, nxArgs, root, run } from './lib.mjs';

const { FAILURES_DIR } = createRequire(import.meta.url)('../jest/failure-log-reporter.cjs');
const LINES_PER_FAILURE = 40;
const LINES_IN_ALL = 160;

function printFailures() {
  if (!existsSync(FAILURES_DIR)) return;
  const out = [];
  for (const file of readdirSync(FAILURES_DIR).sort()) {
    out.push(`=== failing tests in ${file.replace(/\.json$/, '')}`);
    for (const entry of JSON.parse(readFileSync(join(FAILURES_DIR, file), 'utf8'))) {
      const lines = entry.split('\n');
      out.push(...lines.slice(0, LINES_PER_FAILURE));
      if (lines.length > LINES_PER_FAILURE) out.push(`  … ${lines.length - LINES_PER_FAILURE} more lines`);
      out.push('');
    }
  }
  const shown = out.slice(0, LINES_IN_ALL);
  if (out.length > LINES_IN_ALL) shown.push(`… ${out.length - LINES_IN_ALL} more lines in ${FAILURES_DIR}`);
  process.stderr.write(`\n${shown.join('\n')}\n`);
}

ensureChromium();
run(process.execPath, [
  join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs'),
  '--check',
  '--log-level',
  'warn',
  '.',
]);
rmSync(FAILURES_DIR, { recursive: true, force: true });
run(process.execPath, nxArgs('run-many', '-t', 'lint', 'typecheck', 'test'), { onFailure: printFailures });
run(process.execPath, nxArgs('run', '@shop/e2e:e2e'), { onFailure: printFailures });
// Two gateways and two commerce services behind nginx, killed and stopped under load (README, Running at scale).
run(process.execPath, [join(root, 'tools', 'scale', 'run.mjs')]);
