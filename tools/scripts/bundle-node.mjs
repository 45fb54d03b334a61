// Bundles a Node service's entry points into dist/ (run from the service folder): workspace
// libraries are TypeScript sources and get compiled in, npm packages stay external.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import { root } from './lib.mjs';

const entries = process.argv.slice(2);
if (entries.length === 0) throw new Error('usage: bundle-node.mjs <entry.ts>...');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
await build({
  entryPoints: Object.fromEntries(entries.map((entry) => [basename(entry).replace(/\.ts$/, ''), entry])),
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)],
  logLevel: 'warning',
});
