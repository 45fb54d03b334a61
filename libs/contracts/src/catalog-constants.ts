/** SPEC §3 filters, in the default facet order after category: size and colour first. */
export const FILTER_NAMES = [
  'size',
  'color',
  'colorFamily',
  'bandSize',
  'cupSize',
  'bust',
  'waist',
  'length',
  'masterStyle',
] as const;
export const SORTS = ['relevance', 'price-asc', 'price-desc', 'newest', 'name'] as const;
/** SPEC §9 */
export const PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 48;
export const QUICK_SEARCH_SIZE = 5;
