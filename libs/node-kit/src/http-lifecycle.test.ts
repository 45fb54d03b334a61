import { type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type LifecycleOptions, createHttpLifecycle } from './http-lifecycle';

/** A server whose /slow answers when `release` is called, with the lifecycle's routes. */
async function serve(options: LifecycleOptions = {}) {
  const waiting: Array<() => void> = [];
  const server: Server = createServer((req, res) =>
    lifecycle.closeWhenDraining(req, res, () => {
      if (req.url === '/readyz') return lifecycle.readyz(req, res);
      if (req.url === '/slow') return void waiting.push(() => res.end('slow done'));
      res.end('ok');
    }),
  );
  const lifecycle = createHttpLifecycle(options);
  lifecycle.attach(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, lifecycle, port, release: () => waiting.splice(0).forEach((answer) => answer()), waiting };
}

/** One GET on a connection of its own (no keep-alive agent): status, body and Connection header. */
const get = (port: number, path: string) =>
  new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    })
      .once('error', reject)
      .end();
  });

describe('readiness and graceful shutdown', () => {
  it('is ready when every check answers, and says which did not', async () => {
    let redisUp = true;
    const { server, port } = await serve({
      checks: [
        { name: 'database', check: async () => undefined },
        { name: 'redis', check: async () => (redisUp ? 'PONG' : Promise.reject(new Error('connection refused'))) },
        { name: 'slow', check: () => new Promise(() => undefined) },
      ],
      checkTimeoutMs: 50,
    });
    const answer = await get(port, '/readyz');
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toEqual({
      status: 'unready',
      ready: false,
      draining: false,
      checks: { database: 'ok', redis: 'ok', slow: 'slow did not answer within 50 ms' },
    });
    redisUp = false;
    expect(JSON.parse((await get(port, '/readyz')).body).checks.redis).toBe('connection refused');
    server.close();
  });

  it('finishes a request in flight, fails /readyz while it drains, then stops accepting', async () => {
    const { lifecycle, port, release, waiting } = await serve({ drainDelayMs: 1_000, checks: [] });
    expect((await get(port, '/readyz')).status).toBe(200);
    const slow = get(port, '/slow');
    while (waiting.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(lifecycle.inFlight).toBe(1);
    const drained = lifecycle.drain();
    expect(lifecycle.drain()).toBe(drained);
    // During the drain delay the port still answers, but not ready, and closes each connection.
    const during = await get(port, '/readyz');
    expect([during.status, JSON.parse(during.body).status, during.connection]).toEqual([503, 'draining', 'close']);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await expect(get(port, '/')).rejects.toThrow(/ECONNREFUSED/);
    release();
    // Answered in full; its connection closes after it (Node's own, once the server closed).
    expect(await slow).toEqual({ status: 200, body: 'slow done', connection: 'close' });
    await expect(drained).resolves.toEqual({ cut: 0 });
  });

  it('cuts what outlasts the grace period, and says how many', async () => {
    const { lifecycle, port, waiting } = await serve({ graceMs: 100 });
    const slow = get(port, '/slow').catch((error: Error) => error.message);
    while (waiting.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await expect(lifecycle.drain()).resolves.toEqual({ cut: 1 });
    await expect(slow).resolves.toMatch(/socket hang up|ECONNRESET/);
  });
});
