import { invalidInput } from '../../errors';

/**
 * The part of commercetools' cart predicate language a DiscountCode's `cartPredicate` may use
 * here: `1 = 1` (every cart), `customerId = "<id>"` (one customer's carts, how a code issued
 * to one person is kept to that person) or `customerEmail = "<e-mail>"` (carts with that e-mail,
 * or a signed-in customer's carts with it: how a welcome code stays with the address it was sent
 * to). Anything else is refused at creation rather than stored and misread later.
 */
const CUSTOMER = /^customerId\s*=\s*"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"$/i;
/** A string literal: any character but a quote, a backslash or a space, or \" and \\ escaped. */
const EMAIL = /^customerEmail\s*=\s*"((?:[^"\\\s]|\\["\\]){3,640})"$/;
const ADDRESS = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

export type CodePredicate =
  { kind: 'any' } | { kind: 'customer'; customerId: string } | { kind: 'email'; email: string };

export function parseCodePredicate(predicate: string): CodePredicate {
  const text = predicate.trim();
  if (/^1\s*=\s*1$/.test(text)) return { kind: 'any' };
  const customer = CUSTOMER.exec(text);
  if (customer) return { kind: 'customer', customerId: customer[1].toLowerCase() };
  const literal = EMAIL.exec(text);
  const email = literal?.[1].replace(/\\(["\\])/g, '$1');
  // E-mails compare without case (as customers' e-mails do in commerce), nothing else is changed.
  if (email && ADDRESS.test(email)) return { kind: 'email', email: email.toLowerCase() };
  throw invalidInput(
    'cartPredicate: only 1 = 1, customerId = "<customer id>" and customerEmail = "<e-mail>" are supported.',
  );
}

/** Who a cart is for: its customer (none for a guest) and its e-mail, or else its customer's. */
export interface CartShopper {
  customerId?: string;
  email?: string;
}

/**
 * Whether a cart of this shopper matches the code's predicate. A cart with no e-mail yet matches
 * an e-mail predicate for now (a guest adds the code before typing the address) unless
 * `emailRequired`, as when the order is placed.
 */
export function cartMatches(
  predicate: string | undefined,
  shopper: CartShopper,
  { emailRequired = false }: { emailRequired?: boolean } = {},
): boolean {
  if (!predicate) return true;
  const parsed = parseCodePredicate(predicate);
  if (parsed.kind === 'any') return true;
  if (parsed.kind === 'customer') return parsed.customerId === shopper.customerId?.toLowerCase();
  const email = shopper.email?.trim().toLowerCase();
  return email ? email === parsed.email : !emailRequired;
}
