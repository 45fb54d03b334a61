import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';

const root = join(__dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'gateway-start-'));
const mainJs = join(work, 'main.js');

beforeAll(() => {
  // The real entry point, bundled the way `npm run build` bundles it.
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  buildSync({
    entryPoints: [join(__dirname, '..', 'src', 'main.ts')],
    outfile: mainJs,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    external: [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)],
    nodePaths: [join(root, 'node_modules')],
    logLevel: 'silent',
  });
});

function runGateway(env: Record<string, string>) {
  return spawnSync(process.execPath, [mainJs], {
    env: { ...process.env, NODE_PATH: join(root, 'node_modules'), PORT: '0', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 15_000,
  });
}

describe('gateway start-up', () => {
  it('exits non-zero naming the file and key of an invalid brand config', () => {
    const brands = join(work, 'brands');
    cpSync(join(root, 'brands'), brands, { recursive: true, filter: (src) => !src.includes('node_modules') });
    const file = join(brands, 'sites', 'hoopcraft', 'config.json');
    const config = JSON.parse(readFileSync(file, 'utf8'));
    config.theme.radii.large = 'huge';
    writeFileSync(file, JSON.stringify(config));

    const run = runGateway({ BRANDS_DIR: brands });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('brands/sites/hoopcraft/config.json');
    expect(run.stderr).toContain('"theme.radii.large"');
  });

  it('exits non-zero naming an invalid environment variable', () => {
    const run = runGateway({ BRAND: 'acme' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Invalid environment variable BRAND/);
  });
});
