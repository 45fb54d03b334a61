import type { RemotePageProps } from '@shop/platform';
import { type ComponentType, Suspense } from 'react';
import { LoadingStatus } from './components/skeleton';

export type PageComponent = ComponentType<{ page: string; variant: 'page' | 'modal' }>;

/**
 * A remote's exposed `./pages` component: picks the page the shell asked for. Pages are
 * usually React.lazy so each page is its own chunk.
 */
export function createRemotePages(
  remote: string,
  pages: Record<string, PageComponent> | ((page: string) => PageComponent | undefined),
): ComponentType<RemotePageProps> {
  const resolve =
    typeof pages === 'function' ? pages : (page: string) => (Object.hasOwn(pages, page) ? pages[page] : undefined);
  function RemotePages({ page, variant = 'page' }: RemotePageProps) {
    const Page = resolve(page);
    if (!Page) throw new Error(`The ${remote} remote has no page "${page}"`);
    return (
      <Suspense fallback={<LoadingStatus />}>
        <Page page={page} variant={variant} />
      </Suspense>
    );
  }
  RemotePages.displayName = `${remote}Pages`;
  return RemotePages;
}
