import type { Logger } from '@shop/node-kit';
import { tracedFetch } from '@shop/node-kit/tracing';
import {
  BrokenCircuitError,
  CircuitState,
  ConsecutiveBreaker,
  TaskCancelledError,
  TimeoutStrategy,
  circuitBreaker,
  handleWhen,
  timeout,
} from 'cockatiel';
import { recordUpstreamTime } from '../shared/server-timing';

/** The services the gateway depends on, one breaker each. */
export type UpstreamName =
  | 'commerce'
  // The flag overrides' refresh: commerce too, on a breaker of its own so a background read never
  // opens (or probes) the circuit shoppers' requests go through.
  | 'flags'
  | 'captcha'
  | 'crm'
  | 'content'
  | 'tax'
  | 'address'
  | 'payment'
  | 'fraud'
  | 'loyalty'
  | 'labels';

/**
 * Per-call deadlines. Reads are what a page waits on, so they give up soon; writes (sign-up,
 * reset, sign-in, cart and order mutations, a filed case) may legitimately take longer upstream,
 * and abandoning one early would leave the shopper unsure whether it happened.
 */
export const UPSTREAM_TIMEOUTS = { readMs: 2_500, writeMs: 8_000, tokenMs: 3_000 } as const;

export interface BreakerSettings {
  /** Consecutive faults that open the circuit. */
  failures: number;
  /** How long an open circuit refuses calls before one probe may go through. */
  halfOpenAfterMs: number;
}
export const DEFAULT_BREAKER: BreakerSettings = { failures: 5, halfOpenAfterMs: 5_000 };

/** Retry-After when the circuit is still closed (a single timeout or refused connection). */
const DEFAULT_RETRY_AFTER_SECONDS = 2;

const STATE_NAMES = {
  [CircuitState.Closed]: 'closed',
  [CircuitState.Open]: 'open',
  [CircuitState.HalfOpen]: 'half-open',
  [CircuitState.Isolated]: 'isolated',
} as const;

/**
 * Thrown inside a guarded call when the upstream did not answer usefully (unreachable, 5xx,
 * not JSON, no token): it counts against the breaker. Answers such as DuplicateField are not faults.
 */
export class UpstreamFault extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UpstreamFault';
  }
}

/** What routes see for any upstream fault: answered as 503 with Retry-After, never as a 500. */
export class UpstreamUnavailableError extends Error {
  /** The call that failed (e.g. a GraphQL operation name), set by the client that knows it. */
  operation: string | undefined;

  constructor(
    readonly upstream: UpstreamName,
    readonly retryAfterSeconds: number,
    readonly reason: string,
  ) {
    super(`${upstream} unavailable: ${reason}`);
    this.name = 'UpstreamUnavailableError';
  }
}

/** Names the call an upstream failure belongs to, keeping a name set closer to the failure. */
export function tagOperation<T>(operation: string, call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    if (error instanceof UpstreamUnavailableError) error.operation ??= operation;
    throw error;
  });
}

/**
 * One circuit breaker per upstream (cockatiel), shared by every call to it, plus per-call
 * timeouts. Faults become UpstreamUnavailableError; anything else (a domain error the upstream
 * answered with) passes through untouched and does not count as a failure.
 */
/** Where a guard reports its calls and its breaker's state (the service's metrics). */
export interface UpstreamObserver {
  upstreamCall(upstream: string, outcome: 'ok' | 'error' | 'open', seconds: number): void;
  breakerState(upstream: string, state: 'closed' | 'half-open' | 'open'): void;
}

export function createUpstreamGuard(
  name: UpstreamName,
  logger: Logger,
  settings: BreakerSettings = DEFAULT_BREAKER,
  observer?: UpstreamObserver,
) {
  const isFault = (error: unknown) => error instanceof UpstreamFault || error instanceof TaskCancelledError;
  const breaker = circuitBreaker(handleWhen(isFault), {
    halfOpenAfter: settings.halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(settings.failures),
  });
  let openedAt = 0;
  breaker.onBreak(() => {
    openedAt = Date.now();
    logger.warn('Upstream circuit opened', { upstream: name });
    observer?.breakerState(name, 'open');
  });
  breaker.onReset(() => {
    logger.info('Upstream circuit closed', { upstream: name });
    observer?.breakerState(name, 'closed');
  });
  breaker.onHalfOpen(() => observer?.breakerState(name, 'half-open'));
  observer?.breakerState(name, 'closed');

  const retryAfterSeconds = () => {
    if (breaker.state === CircuitState.HalfOpen) return 1;
    if (breaker.state !== CircuitState.Open) return DEFAULT_RETRY_AFTER_SECONDS;
    return Math.max(1, Math.ceil((openedAt + settings.halfOpenAfterMs - Date.now()) / 1000));
  };
  const unavailable = (reason: string) => new UpstreamUnavailableError(name, retryAfterSeconds(), reason);

  return {
    name,
    /** For logs and tests: closed, open, half-open (a probe in flight) or isolated. */
    get state() {
      return STATE_NAMES[breaker.state];
    },
    retryAfterSeconds,
    /** Runs one exchange with the upstream under its breaker. */
    async run<T>(exchange: () => Promise<T>): Promise<T> {
      const started = performance.now();
      const seen = (outcome: 'ok' | 'error' | 'open') =>
        observer?.upstreamCall(name, outcome, (performance.now() - started) / 1000);
      // cockatiel makes callers wait for a half-open probe; a shopper should not wait on it.
      if (breaker.state === CircuitState.HalfOpen) {
        seen('open');
        throw unavailable('probing');
      }
      try {
        const answer = await breaker.execute(exchange);
        seen('ok');
        return answer;
      } catch (error) {
        seen(error instanceof BrokenCircuitError ? 'open' : 'error');
        if (error instanceof BrokenCircuitError) throw unavailable('circuit open');
        if (error instanceof TaskCancelledError) {
          logger.error('Upstream timed out', { upstream: name });
          throw unavailable('timed out');
        }
        if (error instanceof UpstreamFault) throw unavailable(error.message);
        throw error;
      }
    },
    /** Gives `work` an AbortSignal and abandons it at the deadline (TaskCancelledError, a fault). */
    within<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
      return timeout(ms, TimeoutStrategy.Aggressive).execute(({ signal }) => work(signal));
    },
  };
}
export type UpstreamGuard = ReturnType<typeof createUpstreamGuard>;

/** A fetch that turns a refused connection or reset into a fault, keeping the cause in the log. */
export async function upstreamFetch(
  url: string,
  init: RequestInit,
  describe: string,
  /** The upstream whose time this call adds to the request's Server-Timing, where it records one. */
  timing?: UpstreamName,
): Promise<Response> {
  const started = performance.now();
  try {
    // A client span, whose traceparent the request carries, when the gateway traces.
    const response = await tracedFetch(url, init, { upstream: timing });
    if (timing) recordUpstreamTime(timing, performance.now() - started);
    return response;
  } catch (error) {
    // An abort at the deadline is the timeout's to report.
    if (init.signal?.aborted) throw error;
    throw new UpstreamFault(`${describe} could not be reached (${(error as Error).message})`);
  }
}
