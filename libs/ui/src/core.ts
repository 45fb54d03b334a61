// The shared module `@shop/ui/core`: what nearly every page renders (its frame, loading states,
// buttons, notices, screen-reader text) and the base styles. Other groups of the library are
// shared modules of their own (package.json "exports"), so a page downloads only what it renders.
export { PageShell } from './page-shell';
export { usePageTitle } from './use-page-title';
export { createRemotePages, lazyPage } from './create-remote-pages';
export type { LazyPage, PageComponent } from './create-remote-pages';
export { titleFromSlug } from './slug';
export { useHeadTags } from './use-head-tags';
export { HeadCollectorContext } from './head-collector';
export type { HeadCollector } from './head-collector';
export type { HeadTags } from './use-head-tags';
export { Button, buttonClassName } from './components/button';
export type { ButtonLook, ButtonVariant } from './components/button';
export { LoadingStatus, Skeleton } from './components/skeleton';
export { VisuallyHidden } from './components/visually-hidden';
export { Notice } from './components/notice';
