import '../../../catalog.css';
import { type FilterName, PAGE_SIZE, SORTS, type Sort } from '@shop/contracts/browser';
import { useAppDispatch, useBootConfig, useBrand } from '@shop/platform';
import { Button, Drawer, Notice, PageShell, Select, Skeleton } from '@shop/ui';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { catalogApi } from '../../../lib/catalog-api';
import { useLatestAddress } from '../../../lib/use-latest-address';
import { shimmerToggled } from '../../../lib/catalog-slice';
import { type ListingState, apiQuery, clearFilters, listingSearch, parseListing, toggleFilter } from '../listing-url';
import { AppliedFilters } from './applied-filters';
import { EmptyState } from './empty-state';
import { FacetPanel } from './facet-panel';
import { useListingHead } from './listing-head';
import { Pagination } from './pagination';
import { ProductCard } from './product-card';

const SORT_LABELS: Record<Sort, string> = {
  relevance: 'Featured',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest',
  name: 'Name',
};
/** Grid positions after which the brand's content tiles go (SPEC §9: at most three). */
const TILE_SLOTS = [3, 7, 10];
/** The GET form of the filters and the sort (FacetPanel), which works without scripts too. */
const FILTER_FORM_ID = 'listing-filters';

interface Props {
  page: string;
  /** The category slug, or undefined for a full-text search. */
  category?: string;
  /** Where this listing lives (/c/bras/bras-wireless, /bras or /c). */
  basePath: string;
}

/** Category and search listings: facets, chips, sort, grid with content tiles, pagination; all state in the URL. */
export function ListingPage({ page, category, basePath }: Props) {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const brand = useBrand();
  const state = useMemo(() => parseListing(new URLSearchParams(location.search)), [location.search]);
  const query = apiQuery(state, category, PAGE_SIZE);
  const { data, currentData, isFetching, error, refetch } = catalogApi.useCatalogGetProductsQuery(query);
  // `data` may still be the previous listing while this one loads; `currentData` is this one.
  const ready = currentData !== undefined;
  const countRef = useRef<HTMLParagraphElement>(null);
  const firstLoad = useRef(true);
  // On a phone the filters are a drawer behind a button, so the first products are on the first screen.
  const [filtersOpen, setFiltersOpen] = useState(false);

  useEffect(() => {
    dispatch(shimmerToggled({ area: 'listing', on: isFetching }));
  }, [dispatch, isFetching]);
  // After a filter or page change, focus moves to the (announced) result count.
  useEffect(() => {
    if (!data || isFetching) return;
    if (firstLoad.current) {
      firstLoad.current = false;
      return;
    }
    // Inside the filter drawer focus stays with the filter the shopper just changed.
    if (!filtersOpen) countRef.current?.focus();
  }, [data, isFetching, filtersOpen]);

  const go = (next: ListingState) => {
    const search = listingSearch(next).toString();
    address.went(search ? `?${search}` : '');
    navigate(`${basePath}${search ? `?${search}` : ''}`);
  };
  // A change starts from the address the last change went to: the router draws a new address as
  // a transition, so a second tap right after a first must not start from the page drawn before it.
  const address = useLatestAddress(location.search);
  const latest = () => parseListing(new URLSearchParams(address.latest()));
  const toggle = (name: FilterName, value: string) => go(toggleFilter(latest(), name, value));
  const title = category ? (data?.category?.name ?? '') : state.q ? `Results for “${state.q}”` : 'Search';
  const notFound = (error as { status?: number } | undefined)?.status === 404;
  const { origin } = useBootConfig();
  useListingHead(currentData, title, basePath, brand.name, origin);

  if (notFound) {
    return (
      <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title="We can’t find that category">
        <p>
          It may have moved. <Link to={brand.routing.homePath}>Go to the home page</Link>
        </p>
      </PageShell>
    );
  }

  const categoryHref = (slug: string) =>
    `/c/${[...(data?.category?.breadcrumb.map((b) => b.slug) ?? []), slug].join('/')}`;
  const selectedFilters = data?.facets.reduce(
    (sum, facet) => sum + (facet.name === 'category' ? 0 : facet.values.filter((value) => value.selected).length),
    0,
  );

  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page={page} title={title || '\u00a0'}>
      {/* The breadcrumb's line is kept while the category loads, so the listing below it never moves. */}
      {category && !data?.category && (
        <div className="breadcrumb" aria-hidden="true">
          {'\u00a0'}
        </div>
      )}
      {data?.category && (
        <nav aria-label="Breadcrumb">
          <ol className="breadcrumb">
            {data.category.breadcrumb.map((crumb) => (
              <li key={crumb.path}>
                <Link to={`/c/${crumb.path}`}>{crumb.name}</Link>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <div className="listing">
        {data ? (
          <FacetPanel
            facets={data.facets}
            categoryHref={categoryHref}
            onToggle={toggle}
            form={{
              id: FILTER_FORM_ID,
              action: basePath,
              hidden: [
                ...(state.q ? [['q', state.q] as [string, string]] : []),
                ...(state.priceMin !== undefined ? [['priceMin', String(state.priceMin)] as [string, string]] : []),
                ...(state.priceMax !== undefined ? [['priceMax', String(state.priceMax)] as [string, string]] : []),
              ],
              onSubmit: () => go({ ...latest(), offset: 0 }),
            }}
          />
        ) : (
          <div className="facet-panel" aria-hidden="true">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} shape="line" />
            ))}
          </div>
        )}
        <section className="listing__results" aria-label="Products">
          <div className="listing__bar">
            <Button
              variant="secondary"
              className="listing__filters-button"
              aria-haspopup="dialog"
              disabled={!data}
              onClick={() => setFiltersOpen(true)}
            >
              {selectedFilters ? `Filters (${selectedFilters})` : 'Filters'}
            </Button>
            <p ref={countRef} tabIndex={-1} aria-live="polite" className="listing__count">
              {data ? `${data.total} ${data.total === 1 ? 'product' : 'products'}` : 'Loading products…'}
            </p>
            <Select
              label="Sort by"
              name="sort"
              form={data ? FILTER_FORM_ID : undefined}
              className="listing__sort"
              value={state.sort ?? 'relevance'}
              onChange={(event) => go({ ...latest(), sort: event.target.value as Sort, offset: 0 })}
            >
              {SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </Select>
          </div>
          <AppliedFilters state={state} onRemove={toggle} onClear={() => go(clearFilters(latest()))} />
          {!data && error ? (
            <Notice as="div" role="alert">
              <p>We couldn’t load these products.</p>
              <Button onClick={() => void refetch()}>Try again</Button>
            </Notice>
          ) : !data ? (
            <ul className="product-grid" aria-busy="true" aria-label="Loading products">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} as="li" shape="card" />
              ))}
            </ul>
          ) : data.results.length === 0 ? (
            <div data-ready-for={ready ? `${location.pathname}${location.search}` : undefined}>
              <EmptyState
                query={state.q}
                filtered={
                  Object.keys(state.filters).length > 0 || state.priceMin !== undefined || state.priceMax !== undefined
                }
              />
            </div>
          ) : (
            <ul
              className="product-grid"
              aria-busy={!ready}
              data-ready-for={ready ? `${location.pathname}${location.search}` : undefined}
            >
              {data.results.map((product, i) => (
                <Fragment key={product.key}>
                  <ProductCard product={product} priority={i < 2} />
                  {state.offset === 0 && TILE_SLOTS.indexOf(i) >= 0 && brand.listingTiles[TILE_SLOTS.indexOf(i)] && (
                    <li className="content-tile">
                      <Link to={brand.listingTiles[TILE_SLOTS.indexOf(i)].href}>
                        <strong>{brand.listingTiles[TILE_SLOTS.indexOf(i)].title}</strong>
                        <span>{brand.listingTiles[TILE_SLOTS.indexOf(i)].text}</span>
                      </Link>
                    </li>
                  )}
                </Fragment>
              ))}
            </ul>
          )}
          {data && (
            <Pagination
              total={data.total}
              offset={state.offset}
              pageSize={PAGE_SIZE}
              hrefFor={(offset) => {
                const search = listingSearch({ ...state, offset }).toString();
                return `${basePath}${search ? `?${search}` : ''}`;
              }}
            />
          )}
        </section>
      </div>
      {data && (
        <Drawer
          open={filtersOpen}
          onClose={() => setFiltersOpen(false)}
          title="Filters"
          side="left"
          className="filter-drawer"
        >
          <FacetPanel facets={data.facets} categoryHref={categoryHref} onToggle={toggle} landmark={false} />
          <div className="filter-drawer__apply">
            <Button onClick={() => setFiltersOpen(false)} disabled={!currentData}>
              {currentData
                ? `Show ${currentData.total} ${currentData.total === 1 ? 'result' : 'results'}`
                : 'Updating results…'}
            </Button>
          </div>
        </Drawer>
      )}
    </PageShell>
  );
}
