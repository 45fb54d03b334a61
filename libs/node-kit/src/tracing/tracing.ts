import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import {
  type Attributes,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapSetter,
  context,
  propagation,
  trace,
} from '@opentelemetry/api';
// Types only: the SDK and the exporter are loaded by startTracing, when tracing is on.
import type { NodeTracerProvider, SpanExporter } from '@opentelemetry/sdk-trace-node';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVER_ADDRESS,
  ATTR_SERVER_PORT,
  ATTR_SERVICE_NAME,
  ATTR_URL_FULL,
  ATTR_URL_PATH,
} from '@opentelemetry/semantic-conventions';

/** The request's correlation id (the `x-correlation-id` header) on every span. */
export const CORRELATION_ATTRIBUTE = 'shop.correlation_id';
/** On a client span: the upstream called (commerce, tax, payment ...). */
export const UPSTREAM_ATTRIBUTE = 'shop.upstream';

const CORRELATION_HEADER = 'x-correlation-id';
const VALID_CORRELATION_ID = /^[A-Za-z0-9._-]{8,64}$/;
/** How long a stop waits for the last spans to reach the collector: a stop is never held up by it. */
const FLUSH_LIMIT_MS = 2_000;
/** Probes and the metrics scrape, every few seconds from every pod: no span of their own. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export interface TracingOptions {
  /** The service's name on its spans (shop-gateway, shop-commerce ...); OTEL_SERVICE_NAME, read by the caller's config, replaces it. */
  serviceName: string;
  /**
   * OTEL_EXPORTER_OTLP_ENDPOINT: the OTLP/HTTP collector's base URL; spans are posted as JSON to
   * `{endpoint}/v1/traces` in batches (OTEL_BSP_* tune them). Without it (and without `exporter`)
   * nothing is traced: no provider, no context manager, every span helper a plain pass-through.
   */
  endpoint?: string;
  /** Tests: spans go here instead, each as it ends. */
  exporter?: SpanExporter;
}

interface ActiveTracing {
  provider: NodeTracerProvider;
  users: number;
}

/** The process's tracer provider while tracing is on; undefined otherwise (the cheap path). */
let active: ActiveTracing | undefined;
/** The provider being set up (the SDK loading), so that two starts at once make one. */
let starting: Promise<ActiveTracing> | undefined;

const tracer = () => trace.getTracer('@shop/node-kit');

/** The OTLP/HTTP traces URL for a collector's base URL, as the exporter specification builds it. */
export const tracesUrl = (endpoint: string) => `${endpoint.replace(/\/+$/, '')}/v1/traces`;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** Loads the SDK (about a tenth of a second and a few MB a process without tracing never spends) and registers a provider. */
async function register({ serviceName, endpoint, exporter }: TracingOptions): Promise<ActiveTracing> {
  const [{ W3CTraceContextPropagator }, { OTLPTraceExporter }, { resourceFromAttributes }, sdk] = await Promise.all([
    import('@opentelemetry/core'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-node'),
  ]);
  const spanExporter = exporter ?? new OTLPTraceExporter({ url: tracesUrl(endpoint as string) });
  const provider = new sdk.NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName }),
    spanProcessors: [exporter ? new sdk.SimpleSpanProcessor(spanExporter) : new sdk.BatchSpanProcessor(spanExporter)],
  });
  // Trace context only: no baggage is taken from a caller or passed on.
  provider.register({ propagator: new W3CTraceContextPropagator() });
  active = { provider, users: 0 };
  return active;
}

/**
 * Turns tracing on for this process: an OpenTelemetry tracer provider named after the service,
 * W3C trace context (`traceparent`, `tracestate`) read from incoming requests and written on
 * outgoing ones, and spans exported over OTLP/HTTP (JSON). Resolves to the stop, which sends the
 * spans still queued (waiting at most two seconds) and turns tracing off again. Without an
 * endpoint it loads nothing and the stop is a no-op. A second start while tracing is on shares
 * the first's provider; tracing ends with the last stop.
 */
export async function startTracing(options: TracingOptions): Promise<() => Promise<void>> {
  if (!options.endpoint && !options.exporter) return async () => undefined;
  starting ??= register(options).catch((error: unknown) => {
    starting = undefined;
    throw error;
  });
  const mine = await starting;
  mine.users += 1;
  let stopped: Promise<void> | undefined;
  return () => {
    stopped ??= (async () => {
      mine.users -= 1;
      if (mine.users > 0) return void (await mine.provider.forceFlush());
      if (active === mine) {
        active = undefined;
        starting = undefined;
      }
      await Promise.race([mine.provider.shutdown().catch(() => undefined), sleep(FLUSH_LIMIT_MS)]);
      trace.disable();
      context.disable();
      propagation.disable();
    })();
    return stopped;
  };
}

/** Whether this process traces (an endpoint or exporter was given to startTracing). */
export const tracingEnabled = () => active !== undefined;

/** What Express adds to a request once it is routed: the matched route under its mount path. */
interface RoutedRequest extends IncomingMessage {
  baseUrl?: string;
  route?: { path?: unknown };
}

/** The route pattern Express matched (`/api/products/:id`), never the raw path; undefined when none did. */
function routePattern(req: IncomingMessage): string | undefined {
  const routed = req as RoutedRequest;
  const path = routed.route?.path;
  if (typeof path !== 'string') return undefined;
  const base = routed.baseUrl ?? '';
  // A router's own root ('/' under /api/products) is named by its mount path.
  return path === '/' && base ? base : `${base}${path}`;
}

const header = (value: number | string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The answer's correlation id (the service's own), else the caller's when well-formed. */
function correlationIdOf(req: IncomingMessage, res: ServerResponse): string | undefined {
  for (const candidate of [header(res.getHeader(CORRELATION_HEADER)), header(req.headers[CORRELATION_HEADER])])
    if (typeof candidate === 'string' && VALID_CORRELATION_ID.test(candidate)) return candidate;
  return undefined;
}

/**
 * Middleware (Express or plain node:http): a server span for each request, named by its method
 * and route pattern (`GET /api/products/:id`) once routed, with the status code and the correlation
 * id, and the child of the caller's span when the request carries a `traceparent`. Everything
 * that runs for the request, its body's events included, runs with the span current, so calls
 * made through `tracedFetch` become its children. Probes (/healthz, /readyz) and /metrics get no
 * span. Put it first; without tracing it only calls next.
 */
export function traceRequests(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (!active) return next();
  const path = (req.url ?? '/').split('?')[0];
  if (UNTRACED_PATHS.has(path)) return next();
  const method = req.method ?? 'GET';
  const parent = propagation.extract(ROOT_CONTEXT, req.headers);
  const span = tracer().startSpan(
    method,
    { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: method, [ATTR_URL_PATH]: path } },
    parent,
  );
  const current = trace.setSpan(parent, span);
  // Listeners added later (a body parser's 'data' and 'end') run in the request's context too.
  context.bind(current, req);
  context.bind(current, res);
  res.once('close', () => endServerSpan(span, req, res));
  context.with(current, next);
}

function endServerSpan(span: Span, req: IncomingMessage, res: ServerResponse) {
  const route = routePattern(req);
  if (route) {
    span.updateName(`${req.method ?? 'GET'} ${route}`);
    span.setAttribute(ATTR_HTTP_ROUTE, route);
  }
  const correlationId = correlationIdOf(req, res);
  if (correlationId) span.setAttribute(CORRELATION_ATTRIBUTE, correlationId);
  if (res.headersSent) {
    span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, res.statusCode);
    if (res.statusCode >= 500) {
      span.setAttribute(ATTR_ERROR_TYPE, String(res.statusCode));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
  }
  if (!res.writableFinished) {
    // The connection closed before the answer was complete (the caller gave up, or it was cut).
    span.setAttribute(ATTR_ERROR_TYPE, 'aborted');
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'the connection closed before the answer was sent' });
  }
  span.end();
}

/** A request listener (an Express app) behind `traceRequests`: `createServer(tracedListener(app))`. */
export function tracedListener(listener: RequestListener): RequestListener {
  return (req, res) => traceRequests(req, res, () => listener(req, res));
}

const headersSetter: TextMapSetter<Headers> = { set: (carrier, key, value) => carrier.set(key, value) };

/**
 * fetch with a client span around it (named by the method and the upstream, ended when the
 * answer's headers arrive), whose `traceparent` the request carries so the upstream's server
 * span becomes its child. The correlation id the request sends is on the span. Without tracing
 * it is fetch.
 */
export async function tracedFetch(
  url: string | URL,
  init: RequestInit = {},
  options: { upstream?: string } = {},
): Promise<Response> {
  if (!active) return fetch(url, init);
  const target = new URL(url);
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  const attributes: Attributes = {
    [ATTR_HTTP_REQUEST_METHOD]: method,
    // No query string: it may carry a key or a shopper's input.
    [ATTR_URL_FULL]: `${target.origin}${target.pathname}`,
    [ATTR_SERVER_ADDRESS]: target.hostname,
    [ATTR_SERVER_PORT]: Number(target.port) || (target.protocol === 'https:' ? 443 : 80),
  };
  if (options.upstream) attributes[UPSTREAM_ATTRIBUTE] = options.upstream;
  const correlationId = headers.get(CORRELATION_HEADER);
  if (correlationId && VALID_CORRELATION_ID.test(correlationId)) attributes[CORRELATION_ATTRIBUTE] = correlationId;
  const span = tracer().startSpan(options.upstream ? `${method} ${options.upstream}` : method, {
    kind: SpanKind.CLIENT,
    attributes,
  });
  const current = trace.setSpan(context.active(), span);
  propagation.inject(current, headers, headersSetter);
  try {
    const response = await context.with(current, () => fetch(url, { ...init, headers }));
    span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, response.status);
    if (response.status >= 500) {
      span.setAttribute(ATTR_ERROR_TYPE, String(response.status));
      span.setStatus({ code: SpanStatusCode.ERROR });
    }
    return response;
  } catch (error) {
    span.setAttribute(ATTR_ERROR_TYPE, (error as Error).name || 'Error');
    span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
    throw error;
  } finally {
    span.end();
  }
}

/** The trace context of the current span as headers (`traceparent`, `tracestate`), for a call not made with tracedFetch. */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  if (active) propagation.inject(context.active(), carrier);
  return carrier;
}
