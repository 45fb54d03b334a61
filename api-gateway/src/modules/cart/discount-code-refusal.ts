import { CommerceRequestError } from '../../clients/commercetools';
import { DomainError } from '../../shared/domain-error';

/**
 * A code the platform would not put on the cart (DiscountCodeNonApplicable and its reason, a
 * commercetools DiscountCodeState or DoesNotExist), in words a shopper can act on.
 */
export function discountCodeRefusal(error: unknown, typed: string, brandName: string): DomainError | undefined {
  if (!(error instanceof CommerceRequestError) || error.code !== 'DiscountCodeNonApplicable') return undefined;
  const code = typed.trim().toUpperCase();
  const { reason, validFrom, rule } = error.extensions as { reason?: unknown; validFrom?: unknown; rule?: unknown };
  const notYet = typeof validFrom === 'string' && Date.parse(validFrom) > Date.now();
  // The shop's own rules behind a commercetools reason (commerce's code groups).
  if (rule === 'FirstOrderOnly')
    return new DomainError(
      'DISCOUNT_CODE_INVALID',
      `The code ${code} is for a first order, and this e-mail address or account has ordered from ${brandName} before.`,
    );
  if (rule === 'IssuedForAnotherEmail')
    return new DomainError(
      'DISCOUNT_CODE_INVALID',
      `The code ${code} was sent to another e-mail address: it works only with the address it was sent to.`,
    );
  if (rule === 'OnePerCustomer')
    return new DomainError(
      'DISCOUNT_CODE_INVALID',
      `The code ${code} cannot be used: you have used a verified discount before.`,
    );
  const messages: Record<string, string> = {
    DoesNotExist: `We don't recognise the code ${code}. Check it and try again.`,
    NotValid: notYet ? `The code ${code} is not valid yet.` : `The code ${code} has expired.`,
    NotActive: `The code ${code} is no longer active.`,
    MaxApplicationReached: `The code ${code} has already been used.`,
    DoesNotMatchCart: `The code ${code} is not valid on ${brandName}.`,
  };
  return new DomainError(
    'DISCOUNT_CODE_INVALID',
    messages[String(reason)] ?? `The code ${code} cannot be used on this bag.`,
  );
}

/** A code as a shopper types it: letters, digits, - and _; anything else cannot be a code. */
export const CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * One shopper-entered code per bag: a code the bag does not have yet is refused while it holds
 * another, unless the brand lists both as combinable (brand config `promotions.combinableCodes`).
 * The shopper may remove the code on the bag and use this one instead.
 */
export function notCombinable(onBag: string[], typed: string, combinable: readonly string[] = []) {
  const code = typed.trim().toUpperCase();
  const others = onBag.map((c) => c.toUpperCase()).filter((c) => c !== code);
  if (others.length === 0 || onBag.some((c) => c.toUpperCase() === code)) return undefined;
  const combines = (c: string) => combinable.includes(c);
  if (combines(code) && others.every(combines)) return undefined;
  const current = others.join(', ');
  return new DomainError(
    'DISCOUNT_CODE_NOT_COMBINABLE',
    `The code ${code} cannot be combined with ${current}, already in your bag. One promo code per order: remove ${current} to use ${code} instead.`,
  );
}
