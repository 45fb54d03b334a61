import type { SessionUser } from '@shop/contracts/browser';
import { api } from '../store/api';

export interface Session {
  user: SessionUser;
  expires: string;
}

/** GET /api/auth/session through the one API slice; `invalidateTags(['Session'])` refreshes it. */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSession: build.query<Session | null, void>({
      query: () => ({ url: '/auth/session', headers: { 'cache-control': 'no-cache' } }),
      providesTags: ['Session'],
    }),
  }),
});
