import type { Logger } from '@shop/node-kit';
import type { z } from 'zod';
import {
  UPSTREAM_TIMEOUTS,
  UpstreamFault,
  type UpstreamGuard,
  type UpstreamName,
  tagOperation,
  upstreamFetch,
} from './upstream-guard';

/**
 * A vendor answered, but not as its API says it answers (a body our schema refuses, our key
 * refused, a status it does not document): a 502 UPSTREAM_FAILED for the shopper, logged here
 * with what was wrong. Never a 500: the shopper did nothing wrong, and may try again.
 */
export class UpstreamAnswerError extends Error {
  constructor(
    readonly upstream: UpstreamName,
    readonly operation: string,
    message: string,
  ) {
    super(message);
    this.name = 'UpstreamAnswerError';
  }
}

/**
 * A vendor refused the request with one of its documented errors (UNKNOWN_ZIP, TOKEN_EXPIRED,
 * INSUFFICIENT_POINTS, IDEMPOTENCY_KEY_REUSED ...). Use cases map the codes they expect to a
 * domain refusal; one they do not expect reaches the error handler as a 502.
 */
export class VendorRefusal extends Error {
  constructor(
    readonly upstream: UpstreamName,
    readonly operation: string,
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'VendorRefusal';
  }
}

export interface VendorClientOptions {
  /** The vendor's API base, e.g. http://127.0.0.1:4010/tax/v1 or https://api.vendor.example/v1. */
  url: string;
  /** The server-side key, sent as a bearer. */
  apiKey: string;
  logger: Logger;
  /** The vendor's breaker, one per gateway. */
  guard: UpstreamGuard;
}

export interface VendorCall<T> {
  /** Named in logs and in the shopper's message when the vendor is down. */
  operation: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  correlationId?: string;
  /** A write (authorise, hold, capture): the longer deadline, since abandoning one early leaves it unknown. */
  write?: boolean;
  /** The schema of a successful answer (2xx); anything else is an UpstreamAnswerError. */
  answer: z.ZodType<T>;
}

export interface VendorAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * JSON over HTTP to one vendor, under its breaker and a deadline, with the correlation id:
 * a 2xx is checked against the call's schema; a documented 4xx `{ error: { code, message } }` is
 * a VendorRefusal; an outage (unreachable, too slow, 5xx) an UpstreamFault (503 with Retry-After);
 * anything else an UpstreamAnswerError (502). Nothing is retried here: a retried write could
 * act twice, and the writes that may be repeated carry their own idempotency key.
 */
export function createVendorHttp(name: UpstreamName, { url, apiKey, logger, guard }: VendorClientOptions) {
  const base = url.replace(/\/$/, '');
  const invalid = (operation: string, why: string, details: Record<string, unknown> = {}) => {
    logger.error('Vendor answered unexpectedly', { upstream: name, operation, why, ...details });
    return new UpstreamAnswerError(name, operation, `${name} answered ${operation} unexpectedly: ${why}`);
  };

  return async function call<T>(request: VendorCall<T>): Promise<VendorAnswer<T>> {
    const { operation, method, path, body, correlationId } = request;
    const deadline = request.write ? UPSTREAM_TIMEOUTS.writeMs : UPSTREAM_TIMEOUTS.readMs;
    const exchange = () =>
      guard.within(deadline, async (signal) => {
        const response = await upstreamFetch(
          `${base}${path}`,
          {
            method,
            headers: {
              authorization: `Bearer ${apiKey}`,
              accept: 'application/json',
              ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
              ...(correlationId ? { 'x-correlation-id': correlationId } : {}),
              ...request.headers,
            },
            ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
            signal,
          },
          `The ${name} service`,
          name,
        );
        if (response.status >= 500) {
          logger.error('Vendor failed', { upstream: name, operation, status: response.status, correlationId });
          throw new UpstreamFault(`The ${name} service answered ${response.status}.`);
        }
        const text = await response.text();
        let parsed: unknown;
        try {
          parsed = text ? JSON.parse(text) : undefined;
        } catch {
          parsed = undefined;
        }
        return { status: response.status, parsed, headers: response.headers };
      });
    const { status, parsed, headers } = await tagOperation(operation, guard.run(exchange));
    if (status >= 200 && status < 300) {
      const checked = request.answer.safeParse(parsed);
      if (!checked.success)
        throw invalid(operation, 'the answer does not match its schema', {
          status,
          issue: `${checked.error.issues[0]?.path.join('.')}: ${checked.error.issues[0]?.message}`,
        });
      return { status, body: checked.data, headers };
    }
    const error = (parsed as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    if (status === 401 || status === 403) throw invalid(operation, `our key was refused (${status})`, { status });
    if (status >= 400 && status < 500 && typeof error?.code === 'string') {
      return Promise.reject(
        new VendorRefusal(
          name,
          operation,
          status,
          error.code,
          typeof error.message === 'string' ? error.message : error.code,
          (parsed ?? {}) as Record<string, unknown>,
        ),
      );
    }
    throw invalid(operation, `status ${status} without a documented error`, { status });
  };
}
export type VendorHttp = ReturnType<typeof createVendorHttp>;
