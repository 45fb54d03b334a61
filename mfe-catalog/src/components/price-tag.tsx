import type { Money } from '@shop/contracts/browser';
import { formatMoney } from '@shop/platform';

/** A price, or a sale price with the old one struck through (and, if asked, the saving). */
export function PriceTag({ price, salePrice, showSavings = false }: { price: Money; salePrice?: Money; showSavings?: boolean }) {
  if (!salePrice) return <span className="price">{formatMoney(price)}</span>;
  return (
    <>
      <span className="price price--sale">{formatMoney(salePrice)}</span>{' '}
      <s className="price price--was">
        <span className="visually-hidden">was </span>
        {formatMoney(price)}
      </s>
      {showSavings && <span className="price__savings"> Save {formatMoney({ centAmount: price.centAmount - salePrice.centAmount })}</span>}
    </>
  );
}
