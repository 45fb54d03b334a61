export { PageShell } from './page-shell';
export { usePageTitle } from './use-page-title';
export { createRemotePages } from './create-remote-pages';
export type { PageComponent } from './create-remote-pages';
export { titleFromSlug } from './slug';
export { useHeadTags } from './use-head-tags';
export type { HeadTags } from './use-head-tags';
