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

/**
 * Payments and checkout fields keep a card's brand and last four digits, never its number: a
 * value that holds one is refused before it is stored, so no record can leak it.
 */
export function refuseCardNumber(field: string, value: unknown) {
  if (typeof value === 'string' && containsCardNumber(value))
    throw invalidField(field, '[redacted]', `${field} must not contain a payment card number.`);
}
