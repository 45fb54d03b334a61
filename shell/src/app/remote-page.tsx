import { type RemotePageProps, useSession } from '@shop/platform';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { RemoteOutlet } from '../lib/remote-loader/remote-outlet';
import type { RouteEntry } from './route-table';

/** A full page owned by a remote. Keyed by page so a new page gets a fresh remote area. */
export function RemotePage({ entry, variant = 'page' }: { entry: RouteEntry; variant?: 'page' | 'modal' }) {
  return entry.authorized ? (
    <Authorized>
      <Outlet entry={entry} variant={variant} />
    </Authorized>
  ) : (
    <Outlet entry={entry} variant={variant} />
  );
}

function Outlet({ entry, variant }: { entry: RouteEntry; variant: 'page' | 'modal' }) {
  return (
    <RemoteOutlet<RemotePageProps>
      key={entry.page}
      remote={entry.remote}
      expose="pages"
      props={{ page: entry.page, variant }}
    />
  );
}

/** SPEC §2/§6: pages marked authorized need a signed-in shopper, else sign-in with SessionRequired. */
function Authorized({ children }: { children: ReactNode }) {
  const { status, isLoggedIn } = useSession();
  const location = useLocation();
  if (status === 'loading') return <div role="status" aria-busy="true" className="shimmer" />;
  if (!isLoggedIn) {
    const query = new URLSearchParams({
      error: 'SessionRequired',
      callbackUrl: `${location.pathname}${location.search}`,
    });
    return <Navigate to={`/login?${query}`} replace />;
  }
  return <>{children}</>;
}
