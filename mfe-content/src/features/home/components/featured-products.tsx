import type { HomeContent } from '@shop/contracts/browser';
import { Card, Price, Skeleton } from '@shop/ui';
import { Link } from 'react-router-dom';
import { contentApi } from '../../../lib/content-api';

/** Real products from the catalog: the first page of the content's category. */
export function FeaturedProducts({ section }: { section: HomeContent['featuredProducts'] }) {
  const { data, isLoading, isError } = contentApi.useContentGetFeaturedProductsQuery({
    category: section.category,
    limit: section.limit,
  });
  if (isError) return null;
  return (
    <section aria-labelledby="featured-products-title" aria-busy={isLoading}>
      <div className="section-head">
        <h2 id="featured-products-title">{section.title}</h2>
        <Link to={section.link.href}>{section.link.label}</Link>
      </div>
      <ul className="featured-products" data-testid="featured-products">
        {isLoading &&
          Array.from({ length: section.limit }, (_, index) => (
            <li key={index} aria-hidden="true">
              <Skeleton shape="card" />
            </li>
          ))}
        {data?.results.map((product) => (
          <Card as="li" look="flush" key={product.key} className="featured-product">
            <Link to={product.url}>
              <img src={product.image.url} alt={product.image.alt} width={300} height={400} loading="lazy" />
              <span className="featured-product__name">{product.name}</span>
              <Price
                price={product.price}
                salePrice={product.salePrice}
                from={product.priceFrom}
                className="featured-product__price"
              />
            </Link>
          </Card>
        ))}
      </ul>
    </section>
  );
}
