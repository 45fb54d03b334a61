import { invalidInput } from '../../errors';

/**
 * The part of commercetools' cart predicate language a DiscountCode's `cartPredicate` may use
 * here: `1 = 1` (every cart) or `customerId = "<id>"` (one customer's carts, how a code issued
 * to one person is kept to that person). Anything else is refused at creation rather than
 * stored and misread later.
 */
const CUSTOMER = /^customerId\s*=\s*"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"$/i;

export type CodePredicate = { kind: 'any' } | { kind: 'customer'; customerId: string };

export function parseCodePredicate(predicate: string): CodePredicate {
  const text = predicate.trim();
  if (/^1\s*=\s*1$/.test(text)) return { kind: 'any' };
  const customer = CUSTOMER.exec(text);
  if (customer) return { kind: 'customer', customerId: customer[1].toLowerCase() };
  throw invalidInput('cartPredicate: only 1 = 1 and customerId = "<customer id>" are supported.');
}

/** Whether a cart of this customer (none for a guest) matches the code's predicate. */
export function cartMatches(predicate: string | undefined, customerId: string | undefined): boolean {
  if (!predicate) return true;
  const parsed = parseCodePredicate(predicate);
  return parsed.kind === 'any' || parsed.customerId === customerId?.toLowerCase();
}
