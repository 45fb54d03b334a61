export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';
export type CardField = 'number' | 'expiry' | 'cvc';

/**
 * The card checks both sides run: the hosted field in the shopper's browser (as the shopper
 * types) and the tokens endpoint (which trusts nothing the browser says). The browser gets this
 * very function's source (card-field-script.ts), so it is self-contained: everything it uses is
 * defined inside it, and it uses nothing but the language.
 */
export function cardRules() {
  /** Digits of a card number as typed: spaces and dashes dropped. */
  const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

  const luhnValid = (digits: string) => {
    if (!/^\d{12,19}$/.test(digits)) return false;
    let sum = 0;
    let double = false;
    for (let i = digits.length - 1; i >= 0; i -= 1) {
      let digit = digits.charCodeAt(i) - 48;
      if (double) {
        digit *= 2;
        if (digit > 9) digit -= 9;
      }
      sum += digit;
      double = !double;
    }
    return sum % 10 === 0;
  };

  /** The brand from the leading digits (IIN ranges), as soon as they tell. */
  const brandOf = (digits: string): CardBrand => {
    if (/^4/.test(digits)) return 'visa';
    if (/^3[47]/.test(digits)) return 'amex';
    if (/^(5[1-5]|222[1-9]|22[3-9]|2[3-6]|27[01]|2720)/.test(digits)) return 'mastercard';
    if (/^(6011|65|64[4-9]|622)/.test(digits)) return 'discover';
    return 'unknown';
  };

  const lengthsOf = (brand: CardBrand): number[] =>
    brand === 'visa'
      ? [13, 16, 19]
      : brand === 'mastercard'
        ? [16]
        : brand === 'amex'
          ? [15]
          : brand === 'discover'
            ? [16, 17, 18, 19]
            : [12, 13, 14, 15, 16, 17, 18, 19];

  const cvcLengthOf = (brand: CardBrand) => (brand === 'amex' ? 4 : 3);

  /** What is wrong with a card number, for the shopper; '' when nothing is. */
  const numberProblem = (value: string) => {
    const digits = digitsOf(value);
    if (!digits) return 'Enter your card number.';
    if (!/^\d+$/.test(digits)) return 'Card number: use digits only.';
    if (!lengthsOf(brandOf(digits)).includes(digits.length) || !luhnValid(digits)) {
      return 'Enter a valid card number.';
    }
    return '';
  };

  /** MM/YY (also M/YY, MM/YYYY, MMYY) as a month and a four-digit year; undefined when it is not one. */
  const parseExpiry = (value: string) => {
    const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
    if (!match) return undefined;
    const month = Number(match[1]);
    const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
    return month >= 1 && month <= 12 ? { month, year } : undefined;
  };

  /** A card is good through the last day of its expiry month; more than 20 years ahead is a typo. */
  const expiryProblem = (month: number, year: number, now: Date) => {
    const current = now.getFullYear() * 12 + now.getMonth();
    const expires = year * 12 + (month - 1);
    if (expires < current) return 'This card has expired.';
    if (expires > current + 20 * 12) return 'Enter a valid expiry date.';
    return '';
  };

  const expiryTextProblem = (value: string, now: Date) => {
    if (!value.trim()) return 'Enter the expiry date as MM/YY.';
    const parsed = parseExpiry(value);
    if (!parsed) return 'Enter the expiry date as MM/YY, for example 04/29.';
    return expiryProblem(parsed.month, parsed.year, now);
  };

  const cvcProblem = (value: string, brand: CardBrand) => {
    const length = cvcLengthOf(brand);
    if (!value.trim()) return 'Enter the security code.';
    if (!new RegExp(`^\\d{${length}}$`).test(value.trim())) return `Enter the ${length}-digit security code.`;
    return '';
  };

  return {
    digitsOf,
    luhnValid,
    brandOf,
    lengthsOf,
    cvcLengthOf,
    numberProblem,
    parseExpiry,
    expiryProblem,
    expiryTextProblem,
    cvcProblem,
  };
}

export type CardRules = ReturnType<typeof cardRules>;
export const rules: CardRules = cardRules();
