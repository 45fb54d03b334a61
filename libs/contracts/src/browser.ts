// Entry for browser bundles: constants and types only, so zod never reaches the shopper.
export * from './tracking-events';
export { CORRELATION_HEADER } from './constants';
export { REMOTE_NAMES } from './remote-names';
export type { ErrorBody } from './errors';
export type { RemoteEntry, RemoteRegistry } from './remotes';
export type { RemoteName } from './remote-names';
export type { BrandId, BrandPublicConfig, FlagValue, FlagValues, NavLink, Routing, SessionUser, ShellBootConfig, Theme } from './brand';
export type { TrackingRecord } from './tracking';
export { FILTER_NAMES, SORTS, PAGE_SIZE, MAX_PAGE_SIZE, QUICK_SEARCH_SIZE } from './catalog-constants';
export type { FilterName, Sort, ProductQuery, ProductSummary, Facet, FacetValue, CategoryNode, ProductListResponse, ProductDetail, VariantDetail, SuggestResponse, Money } from './catalog';
