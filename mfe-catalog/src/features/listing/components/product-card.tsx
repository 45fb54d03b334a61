import type { ProductSummary } from '@shop/contracts/browser';
import { Link } from 'react-router-dom';
import { Card, Price } from '@shop/ui';

/**
 * `priority` for the first cards of a listing: they are on the first screen, often the page's
 * largest paint, so they load at once instead of lazily.
 */
export function ProductCard({ product, priority = false }: { product: ProductSummary; priority?: boolean }) {
  return (
    <Card as="li" look="flush" className="product-card">
      <Link to={product.url} className="product-card__link">
        <img
          src={product.image.url}
          alt=""
          width={300}
          height={400}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          className="product-card__image"
        />
        <span className="product-card__name">{product.name}</span>
      </Link>
      <p className="product-card__price">
        <Price price={product.price} salePrice={product.salePrice} from={product.priceFrom} />
      </p>
      {product.colors.length > 1 && <p className="product-card__colors">{product.colors.length} colours</p>}
    </Card>
  );
}
