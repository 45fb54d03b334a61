import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync } from 'node:fs';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '@shop/node-kit/testing';
import { freePort, startBuiltService } from './support';

/**
 * W3C trace context from the gateway to commerce, as the built bundles (dist/main.js) run them:
 * both export their spans to a collector this test runs, and a catalogue request's spans form
 * one trace (the gateway's OTLP exporter loads node:http by a dynamic import, which an
 * in-process gateway under Jest cannot do, so the gateway runs built too).
 */

/** One span as OTLP/HTTP's JSON encoding carries it, with its service's name. */
interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}
const SERVER = 2;
const CLIENT = 3;

type OtlpAttribute = { key: string; value: Record<string, unknown> };
type OtlpExport = {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{
      spans?: Array<Omit<ExportedSpan, 'service' | 'attributes'> & { attributes?: OtlpAttribute[] }>;
    }>;
  }>;
};
const attributesOf = (list: OtlpAttribute[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, Object.values(value)[0]]));

/** A collector on a free port: what the services post to /v1/traces, span by span. */
async function startCollector() {
  const spans: ExportedSpan[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        for (const resource of (JSON.parse(body) as OtlpExport).resourceSpans ?? []) {
          const service = String(attributesOf(resource.resource?.attributes)['service.name']);
          for (const scope of resource.scopeSpans ?? [])
            for (const span of scope.spans ?? [])
              spans.push({ ...span, service, attributes: attributesOf(span.attributes) });
        }
      }
      res.setHeader('content-type', 'application/json');
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

const root = join(__dirname, '..', '..');
let collector: Awaited<ReturnType<typeof startCollector>>;
let commerce: Awaited<ReturnType<typeof startBuiltService>>;
let gateway: ChildProcess | undefined;
let gatewayUrl = '';

/** The built gateway (api-gateway/dist/main.js) in the test environment, tracing to the collector. */
async function startBuiltGateway(commerceUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-tracing-gateway-'));
  const shellDist = join(dataDir, 'shell');
  mkdirSync(shellDist);
  cpSync(join(root, 'shell', 'src', 'index.html'), join(shellDist, 'index.html'));
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'api-gateway', 'dist', 'main.js')], {
    env: {
      PATH: process.env.PATH,
      APP_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SHELL_DIST: shellDist,
      COMMERCE_API_URL: `${commerceUrl}/commerce`,
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  gateway = child;
  gatewayUrl = `http://127.0.0.1:${port}`;
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error('the built gateway exited (build it first)');
      expect((await fetch(`${gatewayUrl}/healthz`)).ok).toBe(true);
    },
    { timeoutMs: 60_000, intervalMs: 50 },
  );
}

beforeAll(async () => {
  collector = await startCollector();
  commerce = await startBuiltService(
    'commerce',
    {
      COMMERCE_DATA_DIR: mkdtempSync(join(tmpdir(), 'gw-tracing-')),
      COMMERCE_SEED_PRODUCTS: '20',
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      // Batches sent within a tenth of a second.
      OTEL_BSP_SCHEDULE_DELAY: '100',
    },
    'COMMERCE_PORT',
  );
  await startBuiltGateway(commerce.url);
}, 120_000);
afterAll(async () => {
  const child = gateway;
  if (child && child.exitCode === null && child.signalCode === null)
    await new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM')));
  await commerce?.stop();
  await collector?.close();
});

describe('traces across the gateway and commerce', () => {
  it("carries a catalogue request's trace to commerce: commerce's span is the child of the gateway's call", async () => {
    const correlationId = 'trace-test-catalog-0001';
    const answer = await fetch(`${gatewayUrl}/api/products?limit=2`, {
      headers: { 'x-correlation-id': correlationId },
    });
    expect(answer.status).toBe(200);

    const { incoming, calls, served } = await eventually(
      () => {
        const mine = collector.spans.filter((span) => span.attributes['shop.correlation_id'] === correlationId);
        const incoming = mine.find((span) => span.service === 'shop-gateway' && span.kind === SERVER);
        const calls = mine.filter((span) => span.service === 'shop-gateway' && span.kind === CLIENT);
        const served = mine.filter((span) => span.service === 'shop-commerce' && span.kind === SERVER);
        if (!incoming || calls.length === 0 || served.length === 0)
          throw new Error(
            `${mine.length} spans of the request so far: ${JSON.stringify(collector.spans.map((s) => [s.service, s.kind, s.name, s.traceId.slice(0, 6), s.spanId.slice(0, 6), s.parentSpanId?.slice(0, 6), s.attributes['shop.correlation_id']]))}`,
          );
        return { incoming, calls, served };
      },
      { timeoutMs: 15_000, intervalMs: 50 },
    );

    expect(incoming).toMatchObject({
      name: 'GET /api/products',
      attributes: { 'http.route': '/api/products', 'http.response.status_code': 200 },
    });
    for (const call of calls) {
      expect(call).toMatchObject({ traceId: incoming.traceId, parentSpanId: incoming.spanId, name: 'POST commerce' });
      expect(call.attributes).toMatchObject({ 'shop.upstream': 'commerce', 'http.request.method': 'POST' });
    }
    // Each request commerce served for it continues the trace, under the call that made it.
    for (const span of served) {
      expect(span.traceId).toBe(incoming.traceId);
      expect(calls.map((call) => call.spanId)).toContain(span.parentSpanId);
    }
    expect(served.map((span) => span.name)).toContain('POST /commerce/shop/graphql');
  });

  it('stops on SIGTERM with its last spans sent, and exits 0', async () => {
    const child = gateway as ChildProcess;
    const correlationId = 'trace-test-last-0002';
    expect((await fetch(`${gatewayUrl}/api/categories`, { headers: { 'x-correlation-id': correlationId } })).ok).toBe(
      true,
    );
    const code = await new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM')));
    expect(code).toBe(0);
    expect(
      collector.spans.some(
        (span) => span.service === 'shop-gateway' && span.attributes['shop.correlation_id'] === correlationId,
      ),
    ).toBe(true);
  });
});
