import type { Logger } from '@shop/node-kit';
import { CommerceRequestError } from './commerce-request-error';
import { discountCodeOperations } from './discount-codes';

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
  timeoutMs?: number;
  now?: () => number;
}

export { CommerceRequestError };
export type { DuplicateDiscountCode, NewDiscountCode, StoredDiscountCode } from './discount-codes';

interface CallOptions {
  correlationId?: string;
  /** Error codes the caller expects (e.g. DuplicateField): not logged. */
  expected?: readonly string[];
}

/**
 * The gateway's commercetools client: a client-credentials token cached until shortly before
 * it expires (and renewed once on a 401), a bearer on every call, GraphQL as POST with
 * operationName/variables/query, nothing cached. Pointing the URLs at a commercetools project
 * needs no code change.
 */
export function createCommerceClient(options: CommerceClientOptions) {
  const { apiUrl, authUrl, projectKey, clientId, clientSecret, logger } = options;
  const margin = (options.refreshMarginSeconds ?? 300) * 1000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  let token: { value: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  const fetchToken = async (): Promise<string> => {
    const response = await fetch(`${authUrl.replace(/\/$/, '')}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: `grant_type=client_credentials&scope=${encodeURIComponent(`manage_project:${projectKey}`)}`,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown };
    if (!response.ok || typeof body.access_token !== 'string' || typeof body.expires_in !== 'number') {
      logger.error('Commerce token request failed', { status: response.status, upstreamCorrelationId: response.headers.get('x-correlation-id') });
      throw new CommerceRequestError(502, 'TokenUnavailable', 'The commerce platform did not issue a token.', {}, response.headers.get('x-correlation-id') ?? undefined);
    }
    token = { value: body.access_token, expiresAt: now() + body.expires_in * 1000 };
    return token.value;
  };

  const accessToken = (): Promise<string> => {
    if (token && token.expiresAt - margin > now()) return Promise.resolve(token.value);
    // Concurrent callers share one token request.
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  };

  const post = async (path: string, body: unknown, call: CallOptions, retried = false): Promise<{ status: number; body: any; upstream?: string }> => { // eslint-disable-line @typescript-eslint/no-explicit-any
    const response = await fetch(`${apiUrl.replace(/\/$/, '')}/${projectKey}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        'content-type': 'application/json',
        ...(call.correlationId ? { 'x-correlation-id': call.correlationId } : {}),
      },
      // Node's fetch keeps no HTTP cache, so no query or mutation is ever answered from one.
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    }).catch((error: Error) => {
      logger.error('Commerce platform unreachable', { correlationId: call.correlationId, error: error.message });
      throw new CommerceRequestError(502, 'CommerceUnavailable', 'The commerce platform could not be reached.', {}, undefined);
    });
    if (response.status === 401 && !retried) {
      token = undefined;
      return post(path, body, call, true);
    }
    const upstream = response.headers.get('x-correlation-id') ?? undefined;
    const parsed = await response.json().catch(() => undefined);
    if (parsed === undefined) {
      logger.error('Commerce platform answered with something other than JSON', { correlationId: call.correlationId, upstreamCorrelationId: upstream, status: response.status });
      throw new CommerceRequestError(502, 'BadUpstreamResponse', 'The commerce platform answered unexpectedly.', {}, upstream);
    }
    return { status: response.status, body: parsed, upstream };
  };

  const fail = (status: number, error: { code?: string; message?: string; extensions?: Record<string, unknown> } | undefined, call: CallOptions, upstream?: string): never => {
    const code = error?.extensions?.code ?? error?.code ?? 'General';
    const message = error?.message ?? 'The commerce platform refused the request.';
    if (!call.expected?.includes(String(code)) && !message.startsWith('ERROR_')) {
      logger.error('Commerce request failed', { correlationId: call.correlationId, upstreamCorrelationId: upstream, status, code, message });
    }
    throw new CommerceRequestError(status, String(code), message, error?.extensions ?? {}, upstream);
  };

  /** One GraphQL operation; resolves to `data` or throws the first error. */
  const graphql = async <T>(operationName: string, query: string, variables: Record<string, unknown> = {}, call: CallOptions = {}): Promise<T> => {
    const { status, body, upstream } = await post('/graphql', { operationName, variables, query }, call);
    if (body?.errors?.length || status >= 400) return fail(status, body?.errors?.[0], call, upstream);
    return body.data as T;
  };

  return {
    graphql,
    ...discountCodeOperations(graphql),
    /** REST in-store login; a non-OK answer throws with the platform's message (SPEC §8). */
    async inStoreLogin<T>(storeKey: string, body: Record<string, unknown>, call: CallOptions = {}): Promise<T> {
      const { status, body: answer, upstream } = await post(`/in-store/key=${encodeURIComponent(storeKey)}/login`, body, call);
      if (status >= 400) return fail(status, { code: answer?.errors?.[0]?.code, message: answer?.message ?? answer?.errors?.[0]?.message }, call, upstream);
      return answer as T;
    },
  };
}
export type CommerceClient = ReturnType<typeof createCommerceClient>;
