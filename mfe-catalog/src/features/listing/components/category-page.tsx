import { useParams } from 'react-router-dom';
import { ListingPage } from './listing-page';

/** /c/{categoryPath}: the last path segment names the category. */
export default function CategoryPage() {
  const path = (useParams()['*'] ?? '').split('/').filter(Boolean);
  return <ListingPage page="category" category={path.at(-1)} basePath={`/c/${path.join('/')}`} />;
}
