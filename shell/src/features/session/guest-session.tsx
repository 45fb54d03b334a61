import { api, signIn, useAppDispatch, useSession } from '@shop/platform';
import { useEffect, useRef } from 'react';

/**
 * SPEC §4: an unauthenticated visitor gets an anonymous guest session once, then the session
 * is read again; a failure is logged, and the shop keeps working without one.
 */
export function GuestSession() {
  const { status } = useSession();
  const dispatch = useAppDispatch();
  const tried = useRef(false);
  useEffect(() => {
    if (status !== 'unauthenticated' || tried.current) return;
    tried.current = true;
    signIn('guest', {}, { callbackUrl: `${location.pathname}${location.search}` })
      .then((result) => {
        if (result.error) throw new Error(result.error);
        dispatch(api.util.invalidateTags(['Session']));
      })
      .catch((error: unknown) => console.error('Failed anonymous login', error));
  }, [status, dispatch]);
  return null;
}
