import type {
  BaseQueryApi,
  FetchArgs,
  FetchBaseQueryError,
  FetchBaseQueryMeta,
  QueryReturnValue,
} from '@reduxjs/toolkit/query';
import { type RootState, api } from '@shop/platform';
import { staffSessionApi } from './staff-session-api';

type BaseQuery = (
  arg: string | FetchArgs,
) =>
  | QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>
  | PromiseLike<QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>>;

export type StaffAnswer<T> = { data: T } | { error: FetchBaseQueryError };

export interface StaffRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: Record<string, unknown>;
}

const signedOut: FetchBaseQueryError = {
  status: 401,
  data: { error: { code: 'STAFF_SESSION_REQUIRED', message: 'Your staff session has ended. Sign in again.' } },
};

/**
 * A request of the signed-in staff member, from an endpoint's `queryFn`: POST, PUT and DELETE
 * carry the CSRF token of the session answer in X-CSRF-Token. A 401 means the session has ended,
 * so the session is read again and the admin shows its sign-in instead of a page it cannot load.
 */
export async function staffRequest<T>(
  queryApi: Pick<BaseQueryApi, 'getState' | 'dispatch'>,
  baseQuery: BaseQuery,
  { url, method = 'GET', body }: StaffRequest,
): Promise<StaffAnswer<T>> {
  const headers: Record<string, string> = { 'cache-control': 'no-cache' };
  if (method !== 'GET') {
    const session = staffSessionApi.endpoints.adminGetSession.select()(queryApi.getState() as RootState).data;
    if (!session) return { error: signedOut };
    headers['x-csrf-token'] = session.csrfToken;
  }
  const result = await baseQuery({ url, method, headers, ...(body ? { body } : {}) });
  if (result.error) {
    if (result.error.status === 401) queryApi.dispatch(api.util.invalidateTags([{ type: 'Staff', id: 'session' }]));
    return { error: result.error };
  }
  return { data: result.data as T };
}

/** A path segment of an admin URL. */
export const segment = (value: string) => encodeURIComponent(value);
