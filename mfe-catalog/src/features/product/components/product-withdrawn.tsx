import type { CategoryNode } from '@shop/contracts/browser';
import { PageShell } from '@shop/ui';
import { Link } from 'react-router-dom';
import { catalogApi } from '../../../lib/catalog-api';

function findCategory(nodes: CategoryNode[], slug: string): CategoryNode | undefined {
  for (const node of nodes) {
    if (node.slug === slug) return node;
    const below = findCategory(node.children, slug);
    if (below) return below;
  }
  return undefined;
}

/**
 * A product the brand has withdrawn from sale (the gateway answered 410 for it, and for its
 * page): says so, and leads on to its category when the brand still has it, and to search.
 */
export function ProductWithdrawn({ category }: { category: string }) {
  const { data } = catalogApi.useCatalogGetCategoriesQuery();
  const node = data ? findCategory(data.categories, category) : undefined;
  return (
    <PageShell
      remote={__APP_NAME__}
      version={__APP_VERSION__}
      page="product-withdrawn"
      title="This product is no longer available"
    >
      <p>We have stopped selling it, so it can no longer be added to your bag.</p>
      <ul className="product-withdrawn__next">
        {node ? (
          <li>
            <Link to={`/c/${node.path}`}>Shop {node.name}</Link>
          </li>
        ) : null}
        <li>
          <Link to="/c?q=">Search the shop</Link>
        </li>
      </ul>
    </PageShell>
  );
}
