import type { SessionUser } from '@shop/contracts/browser';
import { sessionApi } from './session-api';

export type SessionStatus = 'loading' | 'unauthenticated' | 'authenticated';

/** SPEC §4 session status; `isLoggedIn` is false for guest sessions. */
export function useSession(): { status: SessionStatus; user?: SessionUser; isLoggedIn: boolean; refetch: () => void } {
  const { data, isLoading, isUninitialized, refetch } = sessionApi.useGetSessionQuery();
  const status: SessionStatus = isLoading || isUninitialized ? 'loading' : data ? 'authenticated' : 'unauthenticated';
  return { status, user: data?.user, isLoggedIn: data?.user.isLoggedIn === true, refetch: () => void refetch() };
}
