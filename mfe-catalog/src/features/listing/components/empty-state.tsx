import { useChrome } from '@shop/platform';
import { Link } from 'react-router-dom';
import { catalogApi } from '../../../lib/catalog-api';

/**
 * Nothing matched: for a search, categories whose names match ("did you mean"); else the brand's
 * main sections, with advice that fits what the shopper did (a filter to remove only when one is on).
 */
export function EmptyState({ query, filtered = false }: { query?: string; filtered?: boolean }) {
  const { nav } = useChrome();
  const { data } = catalogApi.useCatalogSuggestQuery(query ?? '', { skip: !query || query.length < 2 });
  const categories = data?.categories ?? [];
  return (
    <div className="empty-state">
      <h2>Nothing matches</h2>
      {categories.length > 0 ? (
        <>
          <p>Did you mean one of these?</p>
          <ul aria-label="Matching categories">
            {categories.map((category) => (
              <li key={category.path}>
                <Link to={category.path}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p>
            {filtered
              ? 'Try removing a filter, or look at one of these:'
              : query
                ? 'Check the spelling or try a shorter search, or look at one of these:'
                : 'Look at one of these:'}
          </p>
          <ul>
            {nav.links.map((link) => (
              <li key={link.href}>
                <Link to={link.href}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
