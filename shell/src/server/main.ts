// The page renderer (ADR 0017): renders the server-rendered routes for the gateway, which proxies
// page requests to it. It holds no secret: it gets the brand's public boot config with each
// request, reads data through the gateway's public /api, and loads each remote's server build
// from the published versions folder at the version the brand's registry names.
import http from 'node:http';
import { resolve } from 'node:path';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace } from '@opentelemetry/api';
import { z } from 'zod';
import { RemoteBundles } from './remote-bundles';
import { RenderBudgetExceeded, renderPage } from './render-page';

const env = z
  .object({
    RENDERER_PORT: z.coerce.number().int().min(0).max(65535).default(4020),
    RENDERER_HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default(resolve(process.cwd(), 'var')),
    REMOTES_DIR: z.string().optional(),
    /** How long a page may take to render before the gateway is told to send the browser-rendered shell. */
    RENDER_BUDGET_MS: z.coerce.number().int().min(50).max(10_000).default(800),
    /** The gateway's address for /api calls; only loopback or private addresses are accepted from it. */
    RENDERER_API_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
    /** OpenTelemetry: the OTLP/HTTP collector its spans go to; unset, nothing is traced. */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
    /** The name on its spans instead of shop-renderer. */
    OTEL_SERVICE_NAME: z.string().min(1).max(100).optional(),
  })
  .parse(process.env);

/** The OpenTelemetry SDK, loaded only when the renderer traces, exporting batches to `{endpoint}/v1/traces`. */
async function startTracing(endpoint: string, serviceName: string) {
  const [{ W3CTraceContextPropagator }, { OTLPTraceExporter }, { resourceFromAttributes }, sdk, semconv] =
    await Promise.all([
      import('@opentelemetry/core'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace-node'),
      import('@opentelemetry/semantic-conventions'),
    ]);
  const provider = new sdk.NodeTracerProvider({
    resource: resourceFromAttributes({ [semconv.ATTR_SERVICE_NAME]: serviceName }),
    spanProcessors: [
      new sdk.BatchSpanProcessor(new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` })),
    ],
  });
  provider.register({ propagator: new W3CTraceContextPropagator() });
  return provider;
}

/**
 * With OTEL_EXPORTER_OTLP_ENDPOINT, a span per render (the caller's child when it sends a
 * traceparent) whose reads from the gateway carry its trace context (gateway-transport.ts).
 * Without it nothing is loaded or registered, and the spans are no-ops.
 */
const tracing = env.OTEL_EXPORTER_OTLP_ENDPOINT
  ? startTracing(env.OTEL_EXPORTER_OTLP_ENDPOINT, env.OTEL_SERVICE_NAME ?? 'shop-renderer').catch((error: unknown) => {
      console.error(JSON.stringify({ level: 'warn', msg: 'tracing not started', error: String(error) }));
      return undefined;
    })
  : undefined;

const bundles = new RemoteBundles(env.REMOTES_DIR ?? resolve(env.DATA_DIR, 'remotes'));

const requestSchema = z.object({
  url: z.string().startsWith('/').max(2048),
  apiOrigin: z.url({ protocol: /^https?$/ }),
  host: z.string().regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/),
  boot: z
    .object({
      brand: z.object({ id: z.string() }).loose(),
      remotes: z.record(z.string(), z.object({ version: z.string() }).loose()),
    })
    .loose(),
});

const MAX_BODY = 512 * 1024;

const answer = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

const handle: http.RequestListener = (req, res) => {
  if (req.method === 'GET' && req.url === '/healthz') return answer(res, 200, { status: 'ok' });
  if (req.method !== 'POST' || req.url !== '/render') {
    return answer(res, 404, { error: { code: 'NOT_FOUND', message: 'POST /render or GET /healthz' } });
  }
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY) req.destroy();
    else chunks.push(chunk);
  });
  req.on('end', () => {
    let parsed: z.infer<typeof requestSchema>;
    try {
      parsed = requestSchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch {
      return answer(res, 400, {
        error: { code: 'BAD_RENDER_REQUEST', message: 'Expected { url, apiOrigin, host, boot }' },
      });
    }
    const apiOrigin = env.RENDERER_API_ORIGIN ?? parsed.apiOrigin;
    const started = performance.now();
    renderPage({ ...parsed, apiOrigin, boot: parsed.boot as never }, bundles, env.RENDER_BUDGET_MS).then(
      (result) => {
        if (!result) return answer(res, 204, null);
        for (const skip of result.skipped) {
          console.error(JSON.stringify({ level: 'warn', msg: 'remote left to the browser', url: parsed.url, ...skip }));
        }
        res.setHeader('server-timing', `render;dur=${(performance.now() - started).toFixed(0)}`);
        answer(res, 200, result);
      },
      (error: unknown) => {
        const budget = error instanceof RenderBudgetExceeded;
        console.error(
          JSON.stringify({ level: 'warn', msg: 'page not rendered', url: parsed.url, error: String(error) }),
        );
        answer(res, budget ? 503 : 500, {
          error: { code: budget ? 'RENDER_BUDGET_EXCEEDED' : 'RENDER_FAILED', message: String(error) },
        });
      },
    );
  });
};

/** A render's server span, current while it runs (its body's events included); probes get none. */
const traced: http.RequestListener = (req, res) => {
  if (!tracing || req.url !== '/render') return handle(req, res);
  const parent = propagation.extract(ROOT_CONTEXT, req.headers);
  const correlationId = req.headers['x-correlation-id'];
  const span = trace.getTracer('shop-renderer').startSpan(
    `${req.method} /render`,
    {
      kind: SpanKind.SERVER,
      attributes: {
        'http.request.method': req.method ?? 'POST',
        'http.route': '/render',
        ...(typeof correlationId === 'string' ? { 'shop.correlation_id': correlationId } : {}),
      },
    },
    parent,
  );
  const current = trace.setSpan(parent, span);
  context.bind(current, req);
  res.once('close', () => {
    span.setAttribute('http.response.status_code', res.statusCode);
    if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
  context.with(current, () => handle(req, res));
};

const server = http.createServer(traced);

server.listen(env.RENDERER_PORT, env.RENDERER_HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.RENDERER_PORT;
  console.log(`Page renderer on http://${env.RENDERER_HOST}:${port}`);
});
/** Sends the spans still queued, waiting two seconds at most. */
const flushSpans = () =>
  Promise.race([
    tracing?.then((provider) => provider?.shutdown()),
    new Promise((resolve) => setTimeout(resolve, 2_000).unref()),
  ]).catch(() => undefined);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => server.close(() => void flushSpans().then(() => process.exit(0))));
