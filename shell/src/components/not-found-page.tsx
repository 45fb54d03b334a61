import { useBrand } from '@shop/platform';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  const brand = useBrand();
  useEffect(() => {
    document.title = `Page not found | ${brand.name}`;
  }, [brand.name]);
  return (
    <section className="not-found" data-page="not-found">
      <h1>We can’t find that page</h1>
      <p>The page may have moved, or the address may be mistyped.</p>
      <p>
        <Link className="button" to={brand.routing.homePath}>
          Go to the home page
        </Link>{' '}
        <Link to="/customer-service/contact">Contact customer service</Link>
      </p>
    </section>
  );
}
