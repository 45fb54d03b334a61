import type { ErrorBody, StoreRadius } from '@shop/contracts/browser';
import { Button, Notice, Skeleton } from '@shop/ui';
import { useMemo } from 'react';
import { storesApi } from '../api/stores-api';
import { parseMapOutline } from '../map-outline';
import { type StoreSearch, storeSearchQuery, widerRadius } from '../stores-url';
import { StoreList } from './store-list';
import { StoreMap } from './store-map';

interface Props {
  search: StoreSearch;
  onRadius: (radius: StoreRadius) => void;
}

/** The answer to one search: an announced count, the list nearest first, and the map with the same numbers. */
export function StoreResults({ search, onRadius }: Props) {
  const query = storeSearchQuery(search);
  const { data, currentData, error, isFetching, refetch } = storesApi.useContentFindStoresQuery(query);
  const { data: mapSvg } = storesApi.useContentGetStoreMapQuery();
  const outline = useMemo(() => (mapSvg ? parseMapOutline(mapSvg) : undefined), [mapSvg]);
  const place = search.origin && 'zip' in search.origin ? search.origin.zip : 'your location';
  const failure =
    !currentData && !isFetching ? (error as { status?: number; data?: ErrorBody } | undefined) : undefined;
  const wider = widerRadius(search.radius);

  const count = currentData
    ? `${currentData.total} ${currentData.total === 1 ? 'store' : 'stores'} within ${currentData.radius} miles of ${place}`
    : failure
      ? ''
      : 'Finding stores…';

  return (
    <section className="store-results" aria-labelledby="store-results-heading">
      <h2 id="store-results-heading" className="store-results__heading">
        {data && currentData ? `Stores near ${data.origin.label}` : 'Stores'}
      </h2>
      {/* Always in the page, so every new count is announced. */}
      <p className="store-results__count" role="status" aria-live="polite">
        {count}
      </p>
      {failure?.data?.error.code === 'ZIP_NOT_FOUND' ? (
        <p role="alert" className="store-search__error">
          We couldn’t find the ZIP code {place}. Check it and try again.
        </p>
      ) : failure ? (
        <Notice as="div" role="alert">
          <p>We couldn’t load stores just now.</p>
          <Button onClick={() => void refetch()}>Try again</Button>
        </Notice>
      ) : data ? (
        <div
          className="store-results__layout"
          aria-busy={!currentData}
          data-ready-for={currentData ? query : undefined}
        >
          <div className="store-results__list">
            {data.total === 0 ? (
              <div className="store-results__empty">
                <p>
                  We have no stores within {data.radius} miles of {place} yet.
                </p>
                {wider && <Button onClick={() => onRadius(wider)}>Search within {wider} miles</Button>}
              </div>
            ) : (
              <StoreList stores={data.stores} />
            )}
          </div>
          <StoreMap result={data} outline={outline} place={place} />
        </div>
      ) : (
        <Skeleton shape="block" />
      )}
    </section>
  );
}
