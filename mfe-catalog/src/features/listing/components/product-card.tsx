import type { ProductSummary } from '@shop/contracts/browser';
import { Link } from 'react-router-dom';
import { Card, Price } from '@shop/ui';

export function ProductCard({ product }: { product: ProductSummary }) {
  return (
    <Card as="li" look="flush" className="product-card">
      <Link to={product.url} className="product-card__link">
        <img src={product.image.url} alt="" width={300} height={400} loading="lazy" className="product-card__image" />
        <span className="product-card__name">{product.name}</span>
      </Link>
      <p className="product-card__price">
        <Price price={product.price} salePrice={product.salePrice} />
      </p>
      {product.colors.length > 1 && <p className="product-card__colors">{product.colors.length} colours</p>}
    </Card>
  );
}
