import type { CartLine } from '@shop/contracts/browser';
import { Link } from 'react-router-dom';
import './line-details.css';

/** A bag line's picture, name (a link to its product page) and chosen options. */
export function LineDetails({
  line,
  size = 'large',
}: {
  /** A bag line, or an order's line (the same fields). */
  line: Pick<CartLine, 'image' | 'name' | 'url' | 'attributes'>;
  size?: 'small' | 'large';
}) {
  const width = size === 'small' ? 64 : 96;
  return (
    <div className={`line-details line-details--${size}`}>
      {line.image ? (
        <img
          className="line-details__image"
          src={line.image.url}
          alt={line.image.alt}
          width={width}
          height={(width * 4) / 3}
        />
      ) : (
        <span className="line-details__image line-details__image--none" aria-hidden="true" />
      )}
      <div className="line-details__text">
        <Link className="line-details__name" to={line.url}>
          {line.name}
        </Link>
        {line.attributes.length > 0 && (
          <p className="line-details__options">
            {line.attributes.map((attribute) => `${attribute.label}: ${attribute.value}`).join(' · ')}
          </p>
        )}
      </div>
    </div>
  );
}
