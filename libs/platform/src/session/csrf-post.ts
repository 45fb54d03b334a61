import type { FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta, QueryReturnValue } from '@reduxjs/toolkit/query';
import { csrfToken } from './auth-client';

type BaseQuery = (
  arg: string | FetchArgs,
) =>
  | QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>
  | PromiseLike<QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>>;

type Answer<T> = { data: T } | { error: FetchBaseQueryError };

/** Fetches the CSRF token, then sends with it; a shop that cannot be reached comes back as a FETCH_ERROR like any request. */
async function withCsrfToken<T>(
  baseQuery: BaseQuery,
  request: (token: string) => string | FetchArgs,
): Promise<Answer<T>> {
  let token: string;
  try {
    token = await csrfToken();
  } catch {
    return { error: { status: 'FETCH_ERROR', error: 'The shop could not be reached' } };
  }
  const result = await baseQuery(request(token));
  return result.error ? { error: result.error } : { data: result.data as T };
}

/**
 * A state-changing POST from an endpoint's `queryFn`, carrying the double-submit CSRF token the
 * gateway requires in its body.
 */
export function postWithCsrf<T>(baseQuery: BaseQuery, url: string, body: Record<string, unknown>): Promise<Answer<T>> {
  return withCsrfToken<T>(baseQuery, (token) => ({ url, method: 'POST', body: { ...body, csrfToken: token } }));
}

/**
 * A state-changing request of any method (POST, PUT, PATCH, DELETE) from an endpoint's `queryFn`,
 * with the CSRF token in the X-CSRF-Token header, so the body stays exactly the route's fields
 * (and a DELETE needs none).
 */
export function sendWithCsrf<T>(
  baseQuery: BaseQuery,
  request: {
    url: string;
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    body?: Record<string, unknown>;
    /** Headers of the route's own (an order's Idempotency-Key); the CSRF header is added to them. */
    headers?: Record<string, string>;
  },
): Promise<Answer<T>> {
  return withCsrfToken<T>(baseQuery, (token) => ({
    ...request,
    headers: { ...request.headers, 'x-csrf-token': token },
  }));
}
