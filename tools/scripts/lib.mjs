// Helpers shared by the start, dev, test and bench scripts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Nx offline and local: no cloud, no daemon, caches inside the repo. */
export const nxEnv = {
  ...process.env,
  NX_NO_CLOUD: 'true',
  NX_DAEMON: 'false',
  NX_NATIVE_FILE_CACHE_DIRECTORY: join(root, '.nx', 'native'),
  NX_SOCKET_DIR: join(root, '.nx', 'socket'),
  NX_TUI: 'false',
};

export const REMOTE_APPS = ['mfe-catalog', 'mfe-cart-checkout', 'mfe-account', 'mfe-content', 'mfe-admin'];

/** Runs a command to its end; when it fails, says so, calls onFailure, and exits with its code. */
export function run(command, args, { onFailure, ...options } = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: nxEnv, ...options });
  if (result.status !== 0) {
    process.stderr.write(`\n${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})\n`);
    onFailure?.();
    process.exit(result.status ?? 1);
  }
  return result;
}

/** The node arguments of an Nx command, output printed as each task ends. */
export const nxArgs = (...args) => [
  join(root, 'node_modules', 'nx', 'dist', 'bin', 'nx.js'),
  ...args,
  '--outputStyle=static',
];

export const nx = (...args) => run(process.execPath, nxArgs(...args));

/**
 * Builds what is stale (Nx cache), publishes each remote build into its immutable version
 * folder and releases it, so a local start serves the code in the working tree.
 */
export function buildAndPublish() {
  nx('run-many', '-t', 'build', '--exclude=@shop/e2e');
  run(process.execPath, [join(root, 'api-gateway', 'dist', 'remote-cli.js'), 'publish', ...REMOTE_APPS, '--release']);
}

/** Debian's Chromium is what the browser tests drive; install it when it is missing. */
export function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  process.stdout.write('Installing Chromium from Debian packages (needed by the browser tests)...\n');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', 'chromium'], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

export function start(command, args, options = {}) {
  return spawn(command, args, { cwd: root, stdio: 'inherit', env: nxEnv, ...options });
}

/** A free TCP port on loopback, for a process the scripts start. */
export const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Debian's Chromium, headless, quiet: how the benches drive a browser (e2e has its own in support/browser.ts). */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
