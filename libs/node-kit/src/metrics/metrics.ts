import type { IncomingMessage, ServerResponse } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { RELAXED_ENVIRONMENTS } from '../secrets';

/** What Express adds to a request once it is routed: the matched route under its mount path. */
interface RoutedRequest extends IncomingMessage {
  baseUrl?: string;
  route?: { path?: unknown };
}

/** Seconds: from a fast cached answer to a slow checkout. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface ServiceMetrics {
  registry: Registry;
  /** Times every request by method, route pattern (never the raw path) and status. */
  middleware(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /**
   * GET /metrics in Prometheus' text format, for the scraper only: with METRICS_TOKEN set, to a
   * request bearing it; without, in development and test to anyone and elsewhere to no one (404).
   */
  handler(req: IncomingMessage, res: ServerResponse): void;
  /** A call to an upstream service (commerce, a vendor): its outcome and how long it took. */
  upstreamCall(upstream: string, outcome: 'ok' | 'error' | 'open', seconds: number): void;
  /** An upstream's circuit breaker: 0 closed, 1 half-open, 2 open. */
  breakerState(upstream: string, state: 'closed' | 'half-open' | 'open'): void;
  /** A read answered from a cache, or not. */
  cacheLookup(cache: string, hit: boolean): void;
  /** A gauge read when scraped (a pool's connections, a queue's depth). */
  gauge(
    name: string,
    help: string,
    labelNames: string[],
    read: () => Array<{ labels: Record<string, string>; value: number }>,
  ): void;
}

const BREAKER_VALUE = { closed: 0, 'half-open': 1, open: 2 } as const;

/** Who may read /metrics: holders of the token, or anyone where the environment is relaxed. */
export interface MetricsAccess {
  token?: string;
  open: boolean;
}

/** METRICS_TOKEN (16 characters or more) from the environment; without it, open in development and test only. */
export function metricsAccess(env: NodeJS.ProcessEnv, environment: string): MetricsAccess {
  const token = env.METRICS_TOKEN;
  if (token !== undefined && token !== '' && !/^[A-Za-z0-9._~+/=-]{16,256}$/.test(token))
    throw new Error('Invalid environment variable METRICS_TOKEN: 16 to 256 letters, digits and ._~+/=-');
  return { ...(token ? { token } : {}), open: !token && RELAXED_ENVIRONMENTS.includes(environment) };
}

function allowed(access: MetricsAccess, authorization: string | undefined): boolean {
  if (access.open) return true;
  if (!access.token || !authorization?.startsWith('Bearer ')) return false;
  const given = Buffer.from(authorization.slice('Bearer '.length));
  const wanted = Buffer.from(access.token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * The service's metrics in Prometheus' format (prom-client): the process (CPU, memory, event
 * loop lag, garbage collection), requests by route, and what the service adds (upstream calls,
 * breakers, caches, pools, queues). Label values are route patterns and fixed names only, so the
 * number of series stays bounded whatever the traffic.
 */
export function createServiceMetrics(service: string, access: MetricsAccess): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Requests answered, by method, route pattern and status, and how long they took',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'Requests being answered now',
    registers: [registry],
  });
  const upstream = new Histogram({
    name: 'upstream_call_duration_seconds',
    help: 'Calls to upstream services, by upstream and outcome (ok, error, open: refused by the open breaker)',
    labelNames: ['upstream', 'outcome'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const breakers = new Gauge({
    name: 'upstream_breaker_state',
    help: "An upstream's circuit breaker: 0 closed, 1 half-open, 2 open",
    labelNames: ['upstream'],
    registers: [registry],
  });
  const cache = new Counter({
    name: 'cache_lookups_total',
    help: 'Cache lookups by cache and result (hit, miss); the hit ratio is hits over all',
    labelNames: ['cache', 'result'],
    registers: [registry],
  });

  return {
    registry,
    middleware(req, res, next) {
      const started = process.hrtime.bigint();
      inFlight.inc();
      res.once('close', () => {
        inFlight.dec();
        const routed = req as RoutedRequest;
        const path = routed.route?.path;
        const base = routed.baseUrl ?? '';
        // A router's own root ('/' under /api/products) is named by its mount path.
        const pattern = typeof path === 'string' ? (path === '/' && base ? base : `${base}${path}`) : 'unmatched';
        requests.observe(
          { method: req.method ?? 'GET', route: pattern, status: String(res.statusCode) },
          Number(process.hrtime.bigint() - started) / 1e9,
        );
      });
      next();
    },
    handler(req, res) {
      if (!allowed(access, req.headers.authorization)) {
        res.statusCode = 404;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Nothing here' } }));
        return;
      }
      void registry.metrics().then(
        (text) => {
          res.statusCode = 200;
          res.setHeader('content-type', registry.contentType);
          res.setHeader('cache-control', 'no-store');
          res.end(text);
        },
        (error: Error) => {
          res.statusCode = 500;
          res.setHeader('content-type', 'text/plain; charset=utf-8');
          res.end(`metrics could not be collected: ${error.message}\n`);
        },
      );
    },
    upstreamCall(name, outcome, seconds) {
      upstream.observe({ upstream: name, outcome }, seconds);
    },
    breakerState(name, state) {
      breakers.set({ upstream: name }, BREAKER_VALUE[state]);
    },
    cacheLookup(name, hit) {
      cache.inc({ cache: name, result: hit ? 'hit' : 'miss' });
    },
    gauge(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        collect() {
          this.reset();
          for (const { labels, value } of read()) this.set(labels, value);
        },
      });
    },
  };
}
