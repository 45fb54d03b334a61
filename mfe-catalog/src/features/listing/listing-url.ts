import { FILTER_NAMES, type FilterName, SORTS, type Sort } from '@shop/contracts/browser';

export interface ListingState {
  q?: string;
  sort?: Sort;
  offset: number;
  filters: Partial<Record<FilterName, string[]>>;
  priceMin?: number;
  priceMax?: number;
}

const isSort = (value: string | null): value is Sort => value !== null && (SORTS as readonly string[]).includes(value);
const cents = (value: string | null) => (value !== null && /^\d{1,8}$/.test(value) ? Number(value) : undefined);

/** Reads a listing from the page URL; anything malformed is dropped, never trusted. */
export function parseListing(params: URLSearchParams): ListingState {
  const filters: ListingState['filters'] = {};
  for (const name of FILTER_NAMES) {
    const values = [
      ...new Set(
        params
          .getAll(name)
          .map((v) => v.trim())
          .filter((v) => v && v.length <= 60),
      ),
    ];
    if (values.length) filters[name] = values.slice(0, 30);
  }
  const offset = Number(params.get('offset'));
  const q = params.get('q')?.trim().slice(0, 100);
  const sort = params.get('sort');
  return {
    ...(q ? { q } : {}),
    ...(isSort(sort) ? { sort } : {}),
    offset: Number.isInteger(offset) && offset > 0 && offset <= 10_000 ? offset : 0,
    filters,
    ...(cents(params.get('priceMin')) !== undefined ? { priceMin: cents(params.get('priceMin')) } : {}),
    ...(cents(params.get('priceMax')) !== undefined ? { priceMax: cents(params.get('priceMax')) } : {}),
  };
}

/** The page URL's query for a listing, in a stable order so equal listings share one URL. */
export function listingSearch(state: ListingState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  for (const name of FILTER_NAMES) for (const value of state.filters[name] ?? []) params.append(name, value);
  if (state.priceMin !== undefined) params.set('priceMin', String(state.priceMin));
  if (state.priceMax !== undefined) params.set('priceMax', String(state.priceMax));
  if (state.sort && state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.offset > 0) params.set('offset', String(state.offset));
  return params;
}

/** The API query for a listing on a category (the category stays when filters are cleared). */
export function apiQuery(state: ListingState, category: string | undefined, limit: number): string {
  const params = listingSearch(state);
  if (category) params.set('category', category);
  params.set('limit', String(limit));
  return params.toString();
}

export function toggleFilter(state: ListingState, name: FilterName, value: string): ListingState {
  const current = state.filters[name] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const filters = { ...state.filters, [name]: next };
  if (next.length === 0) delete filters[name];
  return { ...state, filters, offset: 0 };
}

/** Clears every filter; the category (in the path) and the search text stay. */
export const clearFilters = (state: ListingState): ListingState => ({
  q: state.q,
  sort: state.sort,
  offset: 0,
  filters: {},
});
