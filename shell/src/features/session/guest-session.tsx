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
    // The path only: the answer's address is read for an `error` parameter, and a page such as
    // /login?error=SessionRequired (where an account page sends a signed-out visitor) has one of
    // its own. Nothing navigates to it.
    signIn('guest', {}, { callbackUrl: location.pathname })
      .then((result) => {
        if (result.error) throw new Error(result.error);
        dispatch(api.util.invalidateTags(['Session']));
      })
      .catch((error: unknown) => console.error('Failed anonymous login', error));
  }, [status, dispatch]);
  return null;
}
