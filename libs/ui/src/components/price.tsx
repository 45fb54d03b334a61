import { cx } from './class-names';
import { VisuallyHidden } from '@shop/ui/core';
import './price.css';

/** Money as commercetools carries it: an integer of minor units, its currency and their digits. */
export interface PriceMoney {
  centAmount: number;
  currencyCode: string;
  fractionDigits: number;
}

const formatters = new Map<string, Intl.NumberFormat>();

/** The amount in the money's own currency, with exactly its own fraction digits (JPY 0, KWD 3, USD 2). */
export function formatPrice(money: PriceMoney, locale = 'en-US'): string {
  const key = `${locale}|${money.currencyCode}|${money.fractionDigits}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: money.currencyCode,
      minimumFractionDigits: money.fractionDigits,
      maximumFractionDigits: money.fractionDigits,
    });
    formatters.set(key, format);
  }
  return format.format(money.centAmount / 10 ** money.fractionDigits);
}

interface Props {
  price: PriceMoney;
  /** The current price when it is reduced; `price` is then shown struck through as the old one. */
  salePrice?: PriceMoney;
  showSavings?: boolean;
  locale?: string;
  className?: string;
}

/** A price, or a sale price with the old one struck through (and, if asked, the saving). */
export function Price({ price, salePrice, showSavings = false, locale, className }: Props) {
  if (!salePrice) {
    return (
      <span className={cx('ui-price', className)} data-price={price.centAmount}>
        {formatPrice(price, locale)}
      </span>
    );
  }
  const saving = { ...price, centAmount: price.centAmount - salePrice.centAmount };
  return (
    <span className={cx('ui-price', 'ui-price--sale', className)} data-price={salePrice.centAmount}>
      <span className="ui-price__sale">{formatPrice(salePrice, locale)}</span>{' '}
      <s className="ui-price__was">
        <VisuallyHidden>was </VisuallyHidden>
        {formatPrice(price, locale)}
      </s>
      {showSavings && saving.centAmount > 0 && (
        <span className="ui-price__savings"> Save {formatPrice(saving, locale)}</span>
      )}
    </span>
  );
}
