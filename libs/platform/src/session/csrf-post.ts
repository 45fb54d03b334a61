import type { FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta, QueryReturnValue } from '@reduxjs/toolkit/query';
import { csrfToken } from './auth-client';

type BaseQuery = (
  arg: string | FetchArgs,
) =>
  | QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>
  | PromiseLike<QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>>;

/**
 * A state-changing POST from an endpoint's `queryFn`, carrying the double-submit CSRF token the
 * gateway requires; a shop that cannot be reached comes back as a FETCH_ERROR like any request.
 */
export async function postWithCsrf<T>(
  baseQuery: BaseQuery,
  url: string,
  body: Record<string, unknown>,
): Promise<{ data: T } | { error: FetchBaseQueryError }> {
  let token: string;
  try {
    token = await csrfToken();
  } catch {
    return { error: { status: 'FETCH_ERROR', error: 'The shop could not be reached' } };
  }
  const result = await baseQuery({ url, method: 'POST', body: { ...body, csrfToken: token } });
  return result.error ? { error: result.error } : { data: result.data as T };
}

/**
 * A state-changing request of any method (POST, PUT, PATCH, DELETE) from an endpoint's `queryFn`,
 * with the CSRF token in the X-CSRF-Token header, so the body stays exactly the route's fields
 * (and a DELETE needs none).
 */
export async function sendWithCsrf<T>(
  baseQuery: BaseQuery,
  request: { url: string; method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: Record<string, unknown> },
): Promise<{ data: T } | { error: FetchBaseQueryError }> {
  let token: string;
  try {
    token = await csrfToken();
  } catch {
    return { error: { status: 'FETCH_ERROR', error: 'The shop could not be reached' } };
  }
  const result = await baseQuery({ ...request, headers: { 'x-csrf-token': token } });
  return result.error ? { error: result.error } : { data: result.data as T };
}
