import { spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, statSync } from 'node:fs';
import { type IncomingMessage, type Server, type ServerResponse, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { root } from './shop';

/** A remote built to run on its own page (`--env STANDALONE`: its own federation runtime and index.html). */
export function buildStandalone(app: string): Promise<string> {
  const dist = join(mkdtempSync(join(tmpdir(), `${app}-standalone-`)), 'dist');
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--mode', 'production', '--env', 'STANDALONE'],
      {
        cwd: join(root, app),
        env: { ...process.env, DIST_DIR: dist },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) =>
      code === 0 ? resolve(dist) : reject(new Error(`${app} standalone build failed: ${output}`)),
    );
  });
}

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.map': 'application/json',
};

/**
 * Serves a standalone build as its dev server would: its files, index.html for any page path,
 * and everything else (the /api calls, images) from the gateway as the brand's own host.
 */
export async function serveStandalone(
  dist: string,
  gateway: string,
): Promise<{ url: (path: string) => string; close: () => Promise<void> }> {
  const upstream = new URL(gateway);
  const proxy = (req: IncomingMessage, res: ServerResponse) => {
    const forward = request(
      {
        hostname: '127.0.0.1',
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  };
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://standalone').pathname;
    const file = normalize(join(dist, decodeURIComponent(path)));
    if (path.startsWith('/api/')) return proxy(req, res);
    if (file.startsWith(dist) && existsSync(file) && statSync(file).isFile()) {
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      return void createReadStream(file).pipe(res);
    }
    if (extname(path)) return proxy(req, res);
    res.writeHead(200, { 'content-type': TYPES['.html'] });
    createReadStream(join(dist, 'index.html')).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://localhost:${port}${path}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
