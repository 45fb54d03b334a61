import type { Logger } from '@shop/node-kit';
import { CommerceRequestError } from './commerce-request-error';
import { createSingleFlight } from './single-flight';
import {
  UPSTREAM_TIMEOUTS,
  UpstreamFault,
  type UpstreamGuard,
  createUpstreamGuard,
  tagOperation,
  upstreamFetch,
} from '../upstream-guard';

export interface CommerceClientOptions {
  /** e.g. http://localhost:4000/commerce or https://api.{region}.commercetools.com */
  apiUrl: string;
  /** e.g. http://localhost:4000/commerce or https://auth.{region}.commercetools.com */
  authUrl: string;
  projectKey: string;
  clientId: string;
  clientSecret: string;
  logger: Logger;
  /** Refresh this long before the token expires. */
  refreshMarginSeconds?: number;
  /** The commerce breaker; one per gateway, shared by every call. */
  guard?: UpstreamGuard;
  now?: () => number;
}

export interface CallOptions {
  correlationId?: string;
  /** The GraphQL operation or REST call, named in logs and in the error a failure raises. */
  operation?: string;
  /** Error codes the caller expects (e.g. DuplicateField): not logged. */
  expected?: readonly string[];
  /**
   * Identical queries in flight at once (same operation, document and variables) share one
   * request and its answer, success or failure; the request carries the first caller's
   * correlation id. Only for reads whose answer is the same for every caller and may be one
   * request old (the catalog); never for carts, customers or orders, where a read must see the
   * caller's own write. A mutation is never shared.
   */
  shared?: boolean;
}

type Answer = { status: number; body: any; upstream?: string }; // eslint-disable-line @typescript-eslint/no-explicit-any

const isMutation = (query: string) => /^\s*mutation\b/.test(query);
/** A mutation changes something: it gets the write deadline, everything else the read one. */
const deadlineFor = (query: string) => (isMutation(query) ? UPSTREAM_TIMEOUTS.writeMs : UPSTREAM_TIMEOUTS.readMs);

/**
 * The transport of the gateway's commercetools adapter: a client-credentials token cached until shortly before
 * it expires (one shared request renews it, and once more on a 401), a bearer on every call,
 * GraphQL as POST with operationName/variables/query, nothing cached. Every exchange runs under
 * the commerce breaker with its own deadline (the token has its own, so a first call is not
 * token + call on one clock). Pointing the URLs at a commercetools project needs no code change.
 */
export function createTransport(options: CommerceClientOptions) {
  const { apiUrl, authUrl, projectKey, clientId, clientSecret, logger } = options;
  const margin = (options.refreshMarginSeconds ?? 300) * 1000;
  const guard = options.guard ?? createUpstreamGuard('commerce', logger);
  const now = options.now ?? Date.now;
  let token: { value: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  const fetchToken = () =>
    guard.within(UPSTREAM_TIMEOUTS.tokenMs, async (signal): Promise<string> => {
      const response = await upstreamFetch(
        `${authUrl.replace(/\/$/, '')}/oauth/token`,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: `grant_type=client_credentials&scope=${encodeURIComponent(`manage_project:${projectKey}`)}`,
          signal,
        },
        'The commerce token endpoint',
        'commerce',
      );
      const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
      if (!response.ok || typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
        logger.error('Commerce token request failed', {
          status: response.status,
          upstreamCorrelationId: response.headers.get('x-correlation-id'),
        });
        // Without a token nothing works: a fault (503), whether the platform is down or refuses our credentials.
        throw new UpstreamFault('The commerce platform did not issue a token.');
      }
      token = { value: body.access_token, expiresAt: now() + body.expires_in * 1000 };
      return token.value;
    });

  const accessToken = (): Promise<string> => {
    if (token && token.expiresAt - margin > now()) return Promise.resolve(token.value);
    // Concurrent callers share one token request.
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  };

  /** One request with the bearer; 5xx and non-JSON answers are faults, anything else the caller's to read. */
  const exchange = (path: string, body: unknown, call: CallOptions, bearer: string, deadlineMs: number) =>
    guard.within(deadlineMs, async (signal): Promise<Answer> => {
      const response = await upstreamFetch(
        `${apiUrl.replace(/\/$/, '')}/${projectKey}${path}`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${bearer}`,
            'content-type': 'application/json',
            ...(call.correlationId ? { 'x-correlation-id': call.correlationId } : {}),
          },
          // Node's fetch keeps no HTTP cache, so no query or mutation is ever answered from one.
          body: JSON.stringify(body),
          signal,
        },
        'The commerce platform',
        'commerce',
      );
      const upstream = response.headers.get('x-correlation-id') ?? undefined;
      const parsed = await response.json().catch(() => undefined);
      if (parsed === undefined || response.status >= 500) {
        logger.error('Commerce platform failed', {
          correlationId: call.correlationId,
          operation: call.operation,
          upstreamCorrelationId: upstream,
          status: response.status,
        });
        throw new UpstreamFault(
          `The commerce platform answered ${response.status}${parsed === undefined ? ' without JSON' : ''}.`,
        );
      }
      return { status: response.status, body: parsed, upstream };
    });

  const post = (path: string, body: unknown, call: CallOptions, deadlineMs: number): Promise<Answer> =>
    tagOperation(
      call.operation ?? path,
      guard.run(async () => {
        const first = await exchange(path, body, call, await accessToken(), deadlineMs);
        if (first.status !== 401) return first;
        // An expired or revoked token: renew it once.
        token = undefined;
        const second = await exchange(path, body, call, await accessToken(), deadlineMs);
        if (second.status === 401) throw new UpstreamFault('The commerce platform refused a fresh token.');
        return second;
      }),
    );

  const fail = (
    status: number,
    error: { code?: string; message?: string; extensions?: Record<string, unknown> } | undefined,
    call: CallOptions,
    upstream?: string,
  ): never => {
    const code = error?.extensions?.code ?? error?.code ?? 'General';
    const message = error?.message ?? 'The commerce platform refused the request.';
    if (!call.expected?.includes(String(code)) && !message.startsWith('ERROR_')) {
      logger.error('Commerce request failed', {
        correlationId: call.correlationId,
        operation: call.operation,
        upstreamCorrelationId: upstream,
        status,
        code,
        message,
      });
    }
    throw new CommerceRequestError(status, String(code), message, error?.extensions ?? {}, upstream, call.operation);
  };

  const flights = createSingleFlight();

  /** One GraphQL operation; resolves to `data` or throws the first error. */
  const graphql = <T>(
    operationName: string,
    query: string,
    variables: Record<string, unknown> = {},
    call: CallOptions = {},
  ): Promise<T> => {
    const send = () => sendGraphql<T>(operationName, query, variables, call);
    if (!call.shared || isMutation(query)) return send();
    return flights.run(JSON.stringify([operationName, query, variables, call.expected ?? []]), send);
  };

  const sendGraphql = async <T>(
    operationName: string,
    query: string,
    variables: Record<string, unknown>,
    call: CallOptions,
  ): Promise<T> => {
    const named = { ...call, operation: operationName };
    const { status, body, upstream } = await post(
      '/graphql',
      { operationName, variables, query },
      named,
      deadlineFor(query),
    );
    if (body?.errors?.length || status >= 400) return fail(status, body?.errors?.[0], named, upstream);
    return body.data as T;
  };

  return {
    graphql,
    /** REST in-store login; a non-OK answer throws with the platform's message (SPEC §8). */
    async inStoreLogin<T>(storeKey: string, body: Record<string, unknown>, call: CallOptions = {}): Promise<T> {
      // The platform hashes the password, slow by design: the write deadline.
      const named = { ...call, operation: 'InStoreLogin' };
      const {
        status,
        body: answer,
        upstream,
      } = await post(`/in-store/key=${encodeURIComponent(storeKey)}/login`, body, named, UPSTREAM_TIMEOUTS.writeMs);
      if (status >= 400)
        return fail(
          status,
          { code: answer?.errors?.[0]?.code, message: answer?.message ?? answer?.errors?.[0]?.message },
          named,
          upstream,
        );
      return answer as T;
    },
    /** A product image from the platform's asset host; undefined when there is no such image. */
    image: (type: string, file: string) =>
      tagOperation(
        'ProductImage',
        guard.run(() =>
          guard.within(UPSTREAM_TIMEOUTS.readMs, async (signal) => {
            const response = await upstreamFetch(
              `${apiUrl.replace(/\/$/, '')}/images/${type}/${file}`,
              { signal },
              'The commerce image host',
            );
            if (response.status === 404) return undefined;
            if (!response.ok) throw new UpstreamFault(`The commerce image host answered ${response.status}.`);
            return Buffer.from(await response.arrayBuffer());
          }),
        ),
      ),
  };
}
export type Transport = ReturnType<typeof createTransport>;
/** One GraphQL operation over the transport. */
export type Graphql = Transport['graphql'];
