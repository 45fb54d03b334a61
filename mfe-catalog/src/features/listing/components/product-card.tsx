import type { ProductSummary } from '@shop/contracts/browser';
import { formatMoney } from '@shop/platform';
import { Link } from 'react-router-dom';

export function ProductCard({ product }: { product: ProductSummary }) {
  return (
    <li className="product-card">
      <Link to={product.url} className="product-card__link">
        <img src={product.image.url} alt="" width={300} height={400} loading="lazy" className="product-card__image" />
        <span className="product-card__name">{product.name}</span>
      </Link>
      <p className="product-card__price">
        {product.salePrice ? (
          <>
            <span className="price price--sale">{formatMoney(product.salePrice)}</span>{' '}
            <s className="price price--was">
              <span className="visually-hidden">was </span>
              {formatMoney(product.price)}
            </s>
          </>
        ) : (
          <span className="price">{formatMoney(product.price)}</span>
        )}
      </p>
      {product.colors.length > 1 && <p className="product-card__colors">{product.colors.length} colours</p>}
    </li>
  );
}
