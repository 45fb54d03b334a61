import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServiceMetrics, metricsAccess } from './metrics';

async function serve(access = { open: true }) {
  const metrics = createServiceMetrics('test-service', access);
  const server: Server = createServer((req, res) =>
    metrics.middleware(req, res, () => {
      if (req.url === '/metrics') return metrics.handler(req, res);
      // As Express leaves a routed request: the mount path and the route's pattern.
      Object.assign(req, { baseUrl: '/api/cart', route: { path: '/lineItem/:lineItemId' } });
      res.statusCode = req.url?.endsWith('/gone') ? 404 : 200;
      res.end('ok');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(() => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))));
  return { metrics, url };
}

/** The value of the series `name` whose labels include `labels` (in any order), or undefined. */
function valueOf(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)\{(.*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const has = Object.fromEntries([...match[2].matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => has[key] === value)) return Number(match[3]);
  }
  return undefined;
}

const servers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((close) => close()));
});

describe('service metrics', () => {
  it('times requests by route pattern, never the raw path, and counts what the service reports', async () => {
    const { metrics, url } = await serve();
    await fetch(`${url}/api/cart/lineItem/line-1`);
    await fetch(`${url}/api/cart/lineItem/line-2`);
    await fetch(`${url}/api/cart/lineItem/gone`);
    metrics.upstreamCall('commerce', 'ok', 0.012);
    metrics.breakerState('commerce', 'open');
    metrics.cacheLookup('listings', true);
    metrics.cacheLookup('listings', false);
    metrics.gauge('db_pool_connections', 'Connections of the pool by state', ['state'], () => [
      { labels: { state: 'idle' }, value: 3 },
    ]);
    const text = await (await fetch(`${url}/metrics`)).text();
    const route = '/api/cart/lineItem/:lineItemId';
    const service = 'test-service';
    expect(valueOf(text, 'http_request_duration_seconds_count', { service, method: 'GET', route, status: '200' })).toBe(
      2,
    );
    expect(valueOf(text, 'http_request_duration_seconds_count', { service, route, status: '404' })).toBe(1);
    expect(text).not.toContain('line-1');
    expect(valueOf(text, 'upstream_call_duration_seconds_count', { upstream: 'commerce', outcome: 'ok' })).toBe(1);
    expect(valueOf(text, 'upstream_breaker_state', { upstream: 'commerce', service })).toBe(2);
    expect(valueOf(text, 'cache_lookups_total', { cache: 'listings', result: 'hit' })).toBe(1);
    expect(valueOf(text, 'db_pool_connections', { state: 'idle' })).toBe(3);
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('answers /metrics to the token only where one is set, and to no one in production without one', async () => {
    const production = metricsAccess({ METRICS_TOKEN: 'scrape-token-0123456789' }, 'production');
    const { url } = await serve(production);
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    expect(
      (await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status,
    ).toBe(404);
    const scraped = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer scrape-token-0123456789' } });
    expect([scraped.status, scraped.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/plain')]);
    expect(metricsAccess({}, 'production')).toEqual({ open: false });
    expect(metricsAccess({}, 'development')).toEqual({ open: true });
    expect(() => metricsAccess({ METRICS_TOKEN: 'short' }, 'production')).toThrow('METRICS_TOKEN');
  });
});
