import type { ProductSummary } from '@shop/contracts/browser';
import { Link } from 'react-router-dom';
import { Card, Price } from '@shop/ui';
import { useState } from 'react';
import { Swatches } from './swatches';

/**
 * `priority` for the first cards of a listing: they are on the first screen, often the page's
 * largest paint, so they load at once instead of lazily.
 */
export function ProductCard({ product, priority = false }: { product: ProductSummary; priority?: boolean }) {
  const swatches = product.swatches ?? [];
  // Until a shopper points at a swatch, the card is as the server drew it (hydration must match);
  // new results (another filter) start over from what the server chose for them.
  const [preview, setPreview] = useState<{ of: ProductSummary; index: number }>();
  const chosen = preview?.of === product ? preview.index : undefined;
  const swatch = chosen === undefined ? undefined : swatches[chosen];
  const shown = Math.max(
    0,
    swatches.findIndex((s) => s.image === product.image.url),
  );
  return (
    <Card as="li" look="flush" className="product-card">
      <Link to={swatch?.url ?? product.url} className="product-card__link">
        <img
          src={swatch?.image ?? product.image.url}
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
      {swatches.length > 1 ? (
        <Swatches
          productName={product.name}
          swatches={swatches}
          current={chosen ?? shown}
          onPreview={(index) => setPreview({ of: product, index })}
        />
      ) : (
        product.colors.length > 1 && <p className="product-card__colors">{product.colors.length} colours</p>
      )}
    </Card>
  );
}
