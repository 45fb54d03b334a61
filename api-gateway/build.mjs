// Bundles the gateway and its CLI for Node: workspace libs are compiled in, npm packages stay external.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
await build({
  entryPoints: { main: 'src/main.ts', 'remote-cli': 'src/cli/remote-cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: [...Object.keys(root.dependencies), ...Object.keys(root.devDependencies)],
  logLevel: 'warning',
});
