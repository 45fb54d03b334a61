import '../stores.css';
import { useFlag } from '@shop/platform';
import { PageShell } from '@shop/ui';
import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { type StoreSearch, parseStoreSearch, storeSearchQuery } from '../stores-url';
import { StoreResults } from './store-results';
import { StoreSearchForm } from './store-search-form';

/** /stores: the store locator, on brands whose storeLocator flag is on. */
export default function StoresPage() {
  const enabled = useFlag('storeLocator', false);
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="stores" title="Find a store">
      {enabled ? (
        <StoreLocator />
      ) : (
        <p>
          The store locator isn’t available on this site. <Link to="/customer-service/contact">Contact us</Link> and
          we’ll help you find a store.
        </p>
      )}
    </PageShell>
  );
}

/** The search lives in the URL (?zip=10001&radius=15), so reload, back and shared links show the same stores. */
function StoreLocator() {
  const location = useLocation();
  const navigate = useNavigate();
  const search = useMemo(() => parseStoreSearch(new URLSearchParams(location.search)), [location.search]);
  const go = (next: StoreSearch) => navigate(`${location.pathname}?${storeSearchQuery(next)}`);
  return (
    <div className="store-locator">
      <StoreSearchForm search={search} onSearch={go} />
      {search.origin ? (
        <StoreResults search={search} onRadius={(radius) => go({ ...search, radius })} />
      ) : (
        <p className="store-locator__intro">
          Enter a ZIP code, or use your location, to see our stores near you with their hours and directions.
        </p>
      )}
    </div>
  );
}
