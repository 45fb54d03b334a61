import { useLocation } from 'react-router-dom';
import { ListingPage } from './listing-page';

/** Lingerie sitemap pages (/bras, /panties ...): the category listing of the same name. */
export default function CategoryLandingPage() {
  const slug = useLocation().pathname.replace(/^\//, '').split('/')[0];
  return <ListingPage page="category" category={slug} basePath={`/${slug}`} />;
}
