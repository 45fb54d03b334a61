import { mkdtempSync } from 'node:fs';
import { type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commerceAt, startBuiltService, startTestGateway } from './support';

/**
 * A SIGTERM (a deploy, a scale-in) drops no request: /readyz fails first, the port closes after
 * the drain delay, and what is in flight is answered in full (server.ts `shutdown`).
 */
let commerce: Awaited<ReturnType<typeof startBuiltService>>;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  commerce = await startBuiltService(
    'commerce',
    { COMMERCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'gw-shutdown-')), COMMERCE_SEED_PRODUCTS: '20' },
    'COMMERCE_PORT',
  );
  gateway = await startTestGateway({
    commerce: commerceAt(commerce.url),
    // Long enough that the test's requests during the delay arrive within it on a busy machine.
    shutdown: { drainDelayMs: 1_500, graceMs: 5_000 },
  });
}, 120_000);
afterAll(async () => {
  await gateway?.stop();
  await commerce?.stop();
});

const port = () => new URL(gateway.url).port;

/** A request on a connection of its own: status, Connection header and parsed body. */
const get = (path: string) =>
  new Promise<{ status: number; connection?: string; body: Record<string, unknown> }>((resolve, reject) => {
    httpRequest({ host: '127.0.0.1', port: port(), path, agent: false }, (res) => answer(res).then(resolve, reject))
      .once('error', reject)
      .end();
  });

async function answer(res: IncomingMessage) {
  let text = '';
  for await (const chunk of res) text += String(chunk);
  return {
    status: res.statusCode ?? 0,
    connection: res.headers.connection,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

describe('readiness', () => {
  it('answers /readyz 200 when commerce issues a token and answers a query; /healthz stays the liveness check', async () => {
    const ready = await get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', ready: true, draining: false, checks: { commerce: 'ok' } });
    expect((await get('/healthz')).status).toBe(200);
  });
});

describe('metrics', () => {
  it('counts requests by route pattern, commerce calls and cache lookups, in Prometheus’ format', async () => {
    await fetch(`${gateway.url}/api/products?category=bras&limit=2`);
    await fetch(`${gateway.url}/api/products?category=bras&limit=2`);
    const answer = await fetch(`${gateway.url}/metrics`);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const text = await answer.text();
    const series = text.split('\n').filter((line) => !line.startsWith('#'));
    const has = (name: string, ...labels: string[]) =>
      series.some((line) => line.startsWith(`${name}{`) && labels.every((label) => line.includes(label)));
    expect(
      has('http_request_duration_seconds_count', 'route="/api/products"', 'status="200"', 'service="gateway"'),
    ).toBe(true);
    expect(has('upstream_call_duration_seconds_count', 'upstream="commerce"', 'outcome="ok"')).toBe(true);
    expect(has('upstream_breaker_state', 'upstream="commerce"')).toBe(true);
    expect(has('cache_lookups_total', 'cache="products"', 'result="hit"')).toBe(true);
    expect(text).not.toContain('category=bras');
  });
});

describe('SIGTERM', () => {
  it('finishes a request in flight, fails /readyz while draining, then closes the port', async () => {
    // A shopper's request whose body is still arriving when the gateway is told to stop.
    let sent!: ClientRequest;
    const answered = new Promise<Awaited<ReturnType<typeof answer>>>((resolve, reject) => {
      sent = httpRequest(
        {
          host: '127.0.0.1',
          port: port(),
          path: '/api/cart/items',
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        },
        (res) => answer(res).then(resolve, reject),
      ).once('error', reject);
    });
    sent.write('{"sku":');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stopped = gateway.shutdown('SIGTERM');

    const during = await get('/readyz');
    expect([during.status, during.body.status, during.connection]).toEqual([503, 'draining', 'close']);
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    // After the drain delay nothing new is accepted...
    await expect(get('/healthz')).rejects.toThrow(/ECONNREFUSED/);
    // ...and the request in flight still gets its whole answer (here the CSRF refusal of a tokenless add).
    sent.end('"X-1","quantity":1}');
    const late = await answered;
    expect([late.status, (late.body.error as { code?: string } | undefined)?.code]).toEqual([403, 'MissingCSRF']);
    await expect(stopped).resolves.toEqual({ cut: 0 });
  });
});
