import { invalidField } from '../../errors';

/**
 * 13 to 19 digits starting with 2 to 6 (the card networks' ranges), optionally grouped by single
 * spaces or dashes, and not part of a longer digit string: how card numbers are written. A
 * millisecond timestamp (13 digits starting with 1) is not one.
 */
const CARD_LIKE = /(?<!\d[ -]?)[2-6](?:[ -]?\d){12,18}(?![ -]?\d)/g;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Whether the text holds something that passes as a payment card number (length and Luhn check). */
export function containsCardNumber(text: string): boolean {
  for (const match of text.matchAll(CARD_LIKE)) if (luhnValid(match[0].replace(/[ -]/g, ''))) return true;
  return false;
}

/** Whether the whole value is a card number (13 to 19 digits starting 2 to 6, grouped or not, Luhn-valid). */
export function isCardNumber(text: string): boolean {
  const value = text.trim();
  return /^[2-6](?:[ -]?\d){12,18}$/.test(value) && luhnValid(value.replace(/[ -]/g, ''));
}

/**
 * The check for an opaque key, hash, token or reference. A sha256 hex string or a UUID holds a
 * Luhn-valid digit run by chance (about 1 in 450 and 1 in 900), so a run inside one is not a
 * card number. A card number pasted where a key belongs still is: the whole value, or one of
 * its parts between _ : . / | = , ; (tok_4242424242424242). A value with whitespace is no key
 * but text, and is searched as text.
 */
export function opaqueValueHoldsCardNumber(text: string): boolean {
  if (/\s/.test(text)) return containsCardNumber(text);
  return text.split(/[_:./|=,;]+/).some(isCardNumber);
}

/**
 * Payments and checkout fields keep a card's brand and last four digits, never its number: a
 * value that holds one is refused before it is stored, so no record can leak it. Text (what a
 * person or a provider writes) is searched for one anywhere; an opaque key, hash, token or
 * reference refuses only being one (opaqueValueHoldsCardNumber), as digit runs occur in them by chance.
 */
export function refuseCardNumber(field: string, value: unknown, kind: 'text' | 'opaque' = 'text') {
  if (typeof value === 'string' && (kind === 'opaque' ? opaqueValueHoldsCardNumber(value) : containsCardNumber(value)))
    throw invalidField(field, '[redacted]', `${field} must not contain a payment card number.`);
}
