import { CommerceRequestError } from '../../clients/commercetools';
import { DomainError } from '../../shared/domain-error';

/**
 * A code the platform would not put on the cart (DiscountCodeNonApplicable and its reason, a
 * commercetools DiscountCodeState or DoesNotExist), in words a shopper can act on.
 */
export function discountCodeRefusal(error: unknown, typed: string, brandName: string): DomainError | undefined {
  if (!(error instanceof CommerceRequestError) || error.code !== 'DiscountCodeNonApplicable') return undefined;
  const code = typed.trim().toUpperCase();
  const { reason, validFrom } = error.extensions as { reason?: unknown; validFrom?: unknown };
  const notYet = typeof validFrom === 'string' && Date.parse(validFrom) > Date.now();
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
