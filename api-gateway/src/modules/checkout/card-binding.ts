import { createHash } from 'node:crypto';
import type { CardBinding } from '../../clients/payment';
import type { CartScope } from '../cart/cart-use-cases';

/**
 * What a card token is bound to at the payment vendor: this bag, this session and this brand. The
 * vendor gets a hash of the session's id, never the id itself (it is what the session cookie
 * stands for); a new session (a sign-in) is a new binding, so a card entered before it is entered
 * again.
 */
export const cardBindingOf = (scope: Pick<CartScope, 'sessionId' | 'storeKey'>, cartId: string): CardBinding => ({
  reference: cartId,
  session: createHash('sha256').update(`payment-session:${scope.sessionId}`).digest('base64url'),
  brand: scope.storeKey,
});
