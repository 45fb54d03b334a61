import { type IncomingHttpHeaders, type RequestListener, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { eventually } from '../testing';
import {
  CORRELATION_ATTRIBUTE,
  startTracing,
  traceHeaders,
  tracedFetch,
  tracedListener,
  tracesUrl,
  tracingEnabled,
} from './tracing';

const closers: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function listen(listener: RequestListener): Promise<string> {
  const server: Server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An upstream that keeps the headers of each request it gets. */
async function upstream() {
  const seen: IncomingHttpHeaders[] = [];
  const url = await listen((req, res) => {
    seen.push(req.headers);
    res.end('{}');
  });
  return { url, seen };
}

/**
 * A service behind the tracing middleware: it reads the request's body first (its events must
 * keep the request's context), calls the upstream with its correlation id, and answers as an
 * Express route would leave the request (the mount path and the route's pattern).
 */
async function service(upstreamUrl: string) {
  return listen(
    tracedListener((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        void (async () => {
          res.setHeader('x-correlation-id', 'corr-0001-abcd');
          await (
            await tracedFetch(
              `${upstreamUrl}/stock?sku=1`,
              { headers: { 'x-correlation-id': 'corr-0001-abcd' } },
              { upstream: 'stock' },
            )
          ).text();
          Object.assign(req, { baseUrl: '/api/products', route: { path: '/:id' } });
          res.statusCode = req.url?.endsWith('/broken') ? 503 : 200;
          res.end(Buffer.concat(chunks));
        })();
      });
    }),
  );
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('tracing without an endpoint', () => {
  it('starts nothing: requests and calls pass through untouched', async () => {
    const stop = await startTracing({ serviceName: 'shop-test' });
    expect(tracingEnabled()).toBe(false);
    const { url, seen } = await upstream();
    const answer = await fetch(`${await service(url)}/api/products/p-1`, { method: 'POST', body: 'hello' });
    expect(await answer.text()).toBe('hello');
    expect(seen[0].traceparent).toBeUndefined();
    expect(traceHeaders()).toEqual({});
    await stop();
  });
});

describe('tracing with an exporter', () => {
  const exporter = new InMemorySpanExporter();
  let stop: () => Promise<void>;
  beforeAll(async () => {
    stop = await startTracing({ serviceName: 'shop-test', exporter });
  });
  afterAll(() => stop());
  afterEach(() => exporter.reset());

  /** The request's server span and its call's client span, once both have ended. */
  const spansOf = () =>
    eventually(() => {
      const spans = exporter.getFinishedSpans();
      const server = spans.find((span) => span.kind === SpanKind.SERVER);
      const client = spans.find((span) => span.kind === SpanKind.CLIENT);
      if (!server || !client) throw new Error(`${spans.length} spans so far`);
      return { server, client };
    });
  const id = (span: ReadableSpan) => span.spanContext();

  it('makes a server span per request, named by its route pattern, with the status and correlation id', async () => {
    const { url } = await upstream();
    const answer = await fetch(`${await service(url)}/api/products/p-1?color=red`, { method: 'POST', body: 'x' });
    expect(answer.status).toBe(200);
    const { server } = await spansOf();
    expect(server.name).toBe('POST /api/products/:id');
    expect(server.attributes).toMatchObject({
      'http.request.method': 'POST',
      'http.route': '/api/products/:id',
      'http.response.status_code': 200,
      'url.path': '/api/products/p-1',
      [CORRELATION_ATTRIBUTE]: 'corr-0001-abcd',
    });
    expect(server.resource.attributes['service.name']).toBe('shop-test');
    expect(server.parentSpanContext).toBeUndefined();
  });

  it('leaves probes and the metrics scrape untraced', async () => {
    const { url } = await upstream();
    const service = await listen(tracedListener((_req, res) => res.end('ok')));
    for (const path of ['/healthz', '/readyz', '/metrics']) expect((await fetch(`${service}${path}`)).ok).toBe(true);
    await tracedFetch(`${url}/stock`);
    expect(exporter.getFinishedSpans().map((span) => span.kind)).toEqual([SpanKind.CLIENT]);
  });

  it('marks a 5xx answer as an error', async () => {
    const { url } = await upstream();
    await fetch(`${await service(url)}/api/products/broken`, { method: 'POST', body: 'x' });
    const { server } = await spansOf();
    expect(server.status.code).toBe(SpanStatusCode.ERROR);
    expect(server.attributes['http.response.status_code']).toBe(503);
  });

  it("continues the caller's trace when the request carries a traceparent", async () => {
    const { url } = await upstream();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    await fetch(`${await service(url)}/api/products/p-2`, {
      method: 'POST',
      body: 'x',
      headers: { traceparent: `00-${traceId}-${callerSpan}-01` },
    });
    const { server } = await spansOf();
    expect(id(server).traceId).toBe(traceId);
    expect(server.parentSpanContext).toMatchObject({ traceId, spanId: callerSpan, isRemote: true });
  });

  it('sends a traceparent naming the client span, a child of the request being served', async () => {
    const { url, seen } = await upstream();
    await fetch(`${await service(url)}/api/products/p-3`, { method: 'POST', body: 'x' });
    const { server, client } = await spansOf();
    const [, traceId, spanId] = TRACEPARENT.exec(String(seen[0].traceparent)) ?? [];
    expect({ traceId, spanId }).toEqual({ traceId: id(server).traceId, spanId: id(client).spanId });
    expect(client.parentSpanContext?.spanId).toBe(id(server).spanId);
    expect(client.name).toBe('GET stock');
    expect(client.attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.response.status_code': 200,
      'url.full': `${url}/stock`,
      'shop.upstream': 'stock',
      [CORRELATION_ATTRIBUTE]: 'corr-0001-abcd',
    });
    // The correlation id the service sent is still sent.
    expect(seen[0]['x-correlation-id']).toBe('corr-0001-abcd');
  });

  it('ends a client span in error when the upstream cannot be reached', async () => {
    const { url } = await upstream();
    await closers.splice(0).reduce((done, close) => done.then(close), Promise.resolve<unknown>(undefined));
    await expect(tracedFetch(`${url}/stock`)).rejects.toThrow();
    const [client] = exporter.getFinishedSpans();
    expect(client).toMatchObject({ kind: SpanKind.CLIENT, status: { code: SpanStatusCode.ERROR } });
  });
});

describe('starting twice', () => {
  it('shares one provider, and tracing ends with the last stop', async () => {
    const exporter = new InMemorySpanExporter();
    const [first, second] = await Promise.all([
      startTracing({ serviceName: 'shop-test', exporter }),
      startTracing({ serviceName: 'shop-test', exporter }),
    ]);
    await first();
    expect(tracingEnabled()).toBe(true);
    await second();
    expect(tracingEnabled()).toBe(false);
  });
});

describe('tracing to an OTLP/HTTP collector', () => {
  it('posts the spans as JSON to {endpoint}/v1/traces, the queued ones on stop', async () => {
    const posts: Array<{ path?: string; type?: string; body: string }> = [];
    const collector = await listen((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        posts.push({ path: req.url, type: req.headers['content-type'], body });
        res.setHeader('content-type', 'application/json');
        res.end('{}');
      });
    });
    expect(tracesUrl(`${collector}/`)).toBe(`${collector}/v1/traces`);
    const stop = await startTracing({ serviceName: 'shop-test', endpoint: collector });
    const { url } = await upstream();
    await fetch(`${await service(url)}/api/products/p-4`, { method: 'POST', body: 'x' });
    await stop();
    expect(tracingEnabled()).toBe(false);
    expect(posts.length).toBeGreaterThan(0);
    expect(posts[0]).toMatchObject({ path: '/v1/traces', type: 'application/json' });
    const sent = posts.map((post) => post.body).join('\n');
    expect(sent).toContain('"shop-test"');
    expect(sent).toContain('POST /api/products/:id');
    expect(sent).toContain('GET stock');
  });
});
