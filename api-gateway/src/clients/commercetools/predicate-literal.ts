import { hasControlCharacter, hasLoneSurrogate } from '@shop/contracts';
import { HttpError } from '../../errors';

/**
 * A value as a string literal of a commercetools query predicate (the `where` argument) or of a
 * search filter (`variants.attributes.size:"M"`), which quote strings the same way:
 * wrapped in double quotes with backslash and double quote escaped, so no input can close the
 * literal and add `or ...` to the predicate. Control characters and lone surrogates have no
 * agreed escape in the predicate language (JSON.stringify's \u0000 is not one commercetools
 * documents), so they are refused rather than guessed at; validated input never has them.
 */
export function predicateLiteral(value: string): string {
  if (hasControlCharacter(value) || hasLoneSurrogate(value)) {
    throw new HttpError(400, 'INVALID_TEXT', 'A value contains control characters or broken Unicode.');
  }
  return `"${value.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}
