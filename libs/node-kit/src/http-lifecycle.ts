import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { RELAXED_ENVIRONMENTS } from './secrets';

/** One dependency a service needs to answer: the database, Redis, the commerce API. */
export interface ReadinessCheck {
  name: string;
  /** Resolves when the dependency answers; rejects (or outlasts the check's timeout) when not. */
  check: () => Promise<unknown>;
}

export interface LifecycleOptions {
  checks?: ReadinessCheck[];
  /** How long one check may take before it counts as failed. */
  checkTimeoutMs?: number;
  /**
   * How long a draining server keeps accepting after /readyz starts failing: a load balancer
   * probing every few seconds must see the failure and stop sending before the port closes.
   */
  drainDelayMs?: number;
  /** How long requests in flight may take to finish once the server stops accepting. */
  graceMs?: number;
}

export interface Readiness {
  ready: boolean;
  draining: boolean;
  checks: Record<string, 'ok' | string>;
}

export type StopSignal = 'SIGTERM' | 'SIGINT';

export interface HttpLifecycle {
  /** Counts the server's requests; every other call needs it. Once per lifecycle. */
  attach(server: Server): void;
  /** Whether every check answers now (and the server is not draining). */
  readiness(): Promise<Readiness>;
  /** GET /readyz: 200 when ready, 503 with what failed when not; never cached. */
  readyz(req: IncomingMessage, res: ServerResponse): void;
  /** Middleware: while draining, each answer closes its connection, so a client reconnects elsewhere. */
  closeWhenDraining(req: IncomingMessage, res: ServerResponse, next: () => void): void;
  /**
   * Graceful stop: /readyz fails at once; after the drain delay the server stops accepting, the
   * requests in flight finish (at most `graceMs`, then their connections are cut) and idle
   * keep-alive connections close. Resolves with how many requests were cut. Calling it again
   * returns the same promise. `delayMs` overrides the drain delay (0 for a Ctrl-C at a terminal).
   */
  drain(options?: { delayMs?: number }): Promise<{ cut: number }>;
  /**
   * The graceful stop on a signal: drains (a Ctrl-C at a terminal, SIGINT, has no load balancer
   * to tell first, so without the delay), warns of requests cut, then runs `stop` (pools, timers).
   */
  stopOn(
    signal: StopSignal,
    stop: () => Promise<void>,
    logger?: { warn(message: string, fields?: Record<string, unknown>): void },
  ): Promise<{ cut: number }>;
  readonly draining: boolean;
  /** Requests being answered now. */
  readonly inFlight: number;
}

const withTimeout = <T>(promise: Promise<T>, ms: number, name: string) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not answer within ${ms} ms`)), ms);
    timer.unref();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Readiness and graceful shutdown for one HTTP server (Kubernetes' probes and termination, as
 * any load balancer uses them): `/healthz` says the process is alive, `/readyz` that it can
 * answer (its checks pass and it is not draining); on SIGTERM it drains. Made before the app
 * (whose routes use it), attached to the server once that exists.
 */
export function createHttpLifecycle(options: LifecycleOptions = {}): HttpLifecycle {
  const { checks = [], checkTimeoutMs = 2_000, drainDelayMs = 0, graceMs = 10_000 } = options;
  const active = new Set<ServerResponse>();
  let server: Server | undefined;
  let draining = false;
  let drained: Promise<{ cut: number }> | undefined;

  const readiness = async (): Promise<Readiness> => {
    // A stopping instance is not ready whatever its dependencies say: answered at once.
    if (draining) return { ready: false, draining, checks: {} };
    const results = await Promise.all(
      checks.map(async ({ name, check }) => {
        try {
          await withTimeout(check(), checkTimeoutMs, name);
          return [name, 'ok'] as const;
        } catch (error) {
          return [name, error instanceof Error ? error.message : String(error)] as const;
        }
      }),
    );
    const ok = results.every(([, result]) => result === 'ok');
    return { ready: ok && !draining, draining, checks: Object.fromEntries(results) };
  };

  const untilIdle = async (deadline: number) => {
    while (active.size > 0 && Date.now() < deadline) await sleep(25);
  };

  const lifecycle: HttpLifecycle = {
    attach(listening) {
      if (server) throw new Error('This lifecycle already has its server');
      server = listening;
      listening.on('request', (_req: IncomingMessage, res: ServerResponse) => {
        active.add(res);
        res.once('close', () => active.delete(res));
      });
    },
    readiness,
    readyz(_req, res) {
      void readiness().then((state) => {
        res.statusCode = state.ready ? 200 : 503;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end(JSON.stringify({ status: state.ready ? 'ready' : state.draining ? 'draining' : 'unready', ...state }));
      });
    },
    closeWhenDraining(_req, res, next) {
      if (draining) res.setHeader('connection', 'close');
      next();
    },
    drain({ delayMs = drainDelayMs } = {}) {
      const attached = server;
      if (!attached) return Promise.reject(new Error('This lifecycle has no server to drain'));
      drained ??= (async () => {
        draining = true;
        if (delayMs > 0) await sleep(delayMs);
        const closed = new Promise<void>((resolve) => attached.close(() => resolve()));
        attached.closeIdleConnections();
        await untilIdle(Date.now() + graceMs);
        const cut = active.size;
        attached.closeAllConnections();
        await closed;
        return { cut };
      })();
      return drained;
    },
    get draining() {
      return draining;
    },
    get inFlight() {
      return active.size;
    },
    async stopOn(signal, stop, logger) {
      const { cut } = await lifecycle.drain(signal === 'SIGINT' ? { delayMs: 0 } : {});
      if (cut > 0) logger?.warn('Requests still running at the end of the grace period were cut', { cut });
      await stop();
      return { cut };
    },
  };
  return lifecycle;
}

/**
 * A service's process: on SIGTERM (a deploy, a scale-in) or SIGINT it stops gracefully through
 * `shutdown`, then exits 0, or 1 saying why when the stop failed.
 */
export function exitOnSignals(service: string, shutdown: (signal: StopSignal) => Promise<unknown>): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(
      signal,
      () =>
        void shutdown(signal).then(
          () => process.exit(0),
          (error: Error) => {
            process.stderr.write(`${service} did not stop cleanly: ${error.message}\n`);
            process.exit(1);
          },
        ),
    );
}

/**
 * How every service stops, from its environment: `SHUTDOWN_DRAIN_DELAY_MS` (how long it keeps
 * answering with /readyz failing; 2 s outside development and test, where no load balancer
 * probes) and `SHUTDOWN_GRACE_MS` (how long requests in flight may take; 10 s).
 */
export function shutdownSettings(
  env: NodeJS.ProcessEnv,
  environment: string,
): Required<Pick<LifecycleOptions, 'drainDelayMs' | 'graceMs'>> {
  const read = (name: string, fallback: number, max: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d{1,6}$/.test(raw) || Number(raw) > max)
      throw new Error(`Invalid environment variable ${name}: whole milliseconds from 0 to ${max}`);
    return Number(raw);
  };
  return {
    drainDelayMs: read('SHUTDOWN_DRAIN_DELAY_MS', RELAXED_ENVIRONMENTS.includes(environment) ? 0 : 2_000, 60_000),
    graceMs: read('SHUTDOWN_GRACE_MS', 10_000, 120_000),
  };
}
