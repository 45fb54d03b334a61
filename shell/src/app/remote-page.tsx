import type { RemotePageProps } from '@shop/platform';
import { RemoteOutlet } from '../features/remote-loader/remote-outlet';
import type { RouteEntry } from './route-table';

/** A full page owned by a remote. Keyed by page so a new page gets a fresh remote area. */
export function RemotePage({ entry, variant = 'page' }: { entry: RouteEntry; variant?: 'page' | 'modal' }) {
  return (
    <RemoteOutlet<RemotePageProps>
      key={entry.page}
      remote={entry.remote}
      expose="pages"
      props={{ page: entry.page, variant }}
    />
  );
}
