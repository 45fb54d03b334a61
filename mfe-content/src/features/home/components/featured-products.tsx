import type { HomeContent, Money } from '@shop/contracts/browser';
import { formatMoney } from '@shop/platform';
import { Link } from 'react-router-dom';
import { contentApi } from '../../../lib/content-api';

/** Real products from the catalog: the first page of the content's category. */
export function FeaturedProducts({ section }: { section: HomeContent['featuredProducts'] }) {
  const { data, isLoading, isError } = contentApi.useContentGetFeaturedProductsQuery({ category: section.category, limit: section.limit });
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
              <div className="shimmer shimmer--card" />
            </li>
          ))}
        {data?.results.map((product) => (
          <li key={product.key} className="featured-product">
            <Link to={product.url}>
              <img src={product.image.url} alt={product.image.alt} width={300} height={400} loading="lazy" />
              <span className="featured-product__name">{product.name}</span>
              <Price price={product.price} sale={product.salePrice} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Price({ price, sale }: { price: Money; sale?: Money }) {
  if (!sale) return <span className="featured-product__price">{formatMoney(price)}</span>;
  return (
    <span className="featured-product__price">
      <span className="price--sale">{formatMoney(sale)}</span> <s aria-label={`was ${formatMoney(price)}`}>{formatMoney(price)}</s>
    </span>
  );
}
