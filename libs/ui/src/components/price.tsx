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

/**
 * US dollars in US English, as Intl.NumberFormat writes them (-$1,234.56), without it: the first
 * currency formatter a page creates costs a phone tens of milliseconds of main thread (ICU's
 * currency data), in the middle of hydrating a listing full of prices.
 */
function usDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** The amount in the money's own currency, with exactly its own fraction digits (JPY 0, KWD 3, USD 2). */
export function formatPrice(money: PriceMoney, locale = 'en-US'): string {
  if (locale === 'en-US' && money.currencyCode === 'USD' && money.fractionDigits === 2) {
    return usDollars(money.centAmount);
  }
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
  /** The price is where a range starts (variants that cost different amounts): "from $46.99". */
  from?: boolean;
  locale?: string;
  className?: string;
}

/** A price, or a sale price with the old one struck through (and, if asked, the saving). */
export function Price({ price, salePrice, showSavings = false, from = false, locale, className }: Props) {
  const start = from && <span className="ui-price__from">from </span>;
  if (!salePrice) {
    return (
      <span className={cx('ui-price', className)} data-price={price.centAmount}>
        {start}
        {formatPrice(price, locale)}
      </span>
    );
  }
  const saving = { ...price, centAmount: price.centAmount - salePrice.centAmount };
  return (
    <span className={cx('ui-price', 'ui-price--sale', className)} data-price={salePrice.centAmount}>
      {start}
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
