import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

/**
 * A link between the sign-in pages that keeps the modal open over the same page: the modal's
 * `backgroundLocation` travels with it, and the callbackUrl too.
 */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  const location = useLocation();
  const callbackUrl = new URLSearchParams(location.search).get('callbackUrl');
  const target = callbackUrl ? `${to}?${new URLSearchParams({ callbackUrl })}` : to;
  return (
    <Link to={target} state={location.state}>
      {children}
    </Link>
  );
}
