import type { RemotePageProps } from '@shop/platform';
import { type ComponentType, Suspense, createElement, lazy } from 'react';
import { LoadingStatus } from './components/skeleton';

export type PageComponent = ComponentType<{ page: string; variant: 'page' | 'modal' }>;

/** A page in a chunk of its own that can be loaded ahead of its first render. */
export type LazyPage = PageComponent & { preload: () => Promise<void> };

/**
 * Like React.lazy, plus `preload()`: once the chunk has loaded the page renders at once, with no
 * suspending. A page that arrived server-rendered (ADR 0017) must: the shell preloads it before
 * hydrating, or React would throw the server's markup away and show the loading state.
 */
export function lazyPage(loader: () => Promise<{ default: PageComponent }>): LazyPage {
  let loaded: PageComponent | undefined;
  let pending: Promise<void> | undefined;
  const preload = () => {
    pending ??= loader().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Suspending = lazy(async () => {
    await preload();
    return { default: loaded as PageComponent };
  });
  const Page = (props: { page: string; variant: 'page' | 'modal' }) => createElement(loaded ?? Suspending, props);
  return Object.assign(Page, { preload });
}

/**
 * A remote's exposed `./pages` component: picks the page the shell asked for. Pages are
 * usually React.lazy so each page is its own chunk.
 */
export function createRemotePages(
  remote: string,
  pages: Record<string, PageComponent> | ((page: string) => PageComponent | undefined),
): ComponentType<RemotePageProps> & { preload: (page: string) => Promise<void> } {
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
  /** Loads a page's chunk ahead of its render (the shell does before hydrating a server-rendered page). */
  const preload = async (page: string) => {
    const Page = resolve(page) as Partial<LazyPage> | undefined;
    await Page?.preload?.();
  };
  return Object.assign(RemotePages, { preload });
}
