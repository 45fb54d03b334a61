import type { Logger } from '@shop/node-kit';
import type { Request } from 'express';
import { type CommerceClient, CommerceRequestError } from '../clients/commercetools';
import { UpstreamUnavailableError } from '../clients/upstream-guard';
import type { SessionClaims } from '../sessions/session-token';

/** A guest's bag a sign-in may move: the guest session's id and its active cart with items. */
export interface GuestBag {
  guestId: string;
  cartId?: string;
}

/** What a sign-in did with the carts: the customer's earlier bag it set aside, to offer back. */
export interface HandOver {
  previousCartId?: string;
}

/**
 * A request another site made (a form or a link on it): it never moves a cart. A browser
 * sends Sec-Fetch-Site with every request; a request without one is not from a browser page.
 */
export const isCrossSite = (req: Request) => ['cross-site', 'same-site'].includes(req.get('sec-fetch-site') ?? '');

const unavailable = (error: unknown) =>
  error instanceof CommerceRequestError || error instanceof UpstreamUnavailableError;

/**
 * The bag across sign-in (SPEC §9, UseAsNewActiveCustomerCart): the guest's cart becomes the
 * customer's active cart, and a customer's earlier bag with items is remembered so the cart
 * API can offer it back. A sign-in never fails for a cart: when the platform cannot move one,
 * the shopper is signed in and the cart stays where it was.
 */
export function createCartHandOver(commerce: CommerceClient, logger: Logger) {
  return {
    /** The guest bag of the session a sign-in replaces; none for a customer, or a cross-site request. */
    async guestBag(
      claims: SessionClaims | undefined,
      crossSite: boolean,
      storeKey: string,
      correlationId: string,
    ): Promise<GuestBag | undefined> {
      if (!claims || claims.user.isLoggedIn || crossSite) return undefined;
      const guestId = claims.user.id;
      try {
        const cart = await commerce.findCart(storeKey, { anonymousId: guestId }, { correlationId });
        return cart && !cart.customerId && cart.lines.length > 0 ? { guestId, cartId: cart.id } : { guestId };
      } catch (error) {
        if (!unavailable(error)) throw error;
        return { guestId };
      }
    },

    /**
     * After the customer is known: the guest's cart becomes theirs, unless the in-store login
     * already made it so (`loginCartId`); then the customer's newest other active cart with
     * items, if any, is the earlier bag to offer back.
     */
    async complete(
      storeKey: string,
      customerId: string,
      bag: GuestBag | undefined,
      loginCartId: string | undefined,
      correlationId: string,
    ): Promise<HandOver> {
      if (!bag?.cartId) return {};
      const call = { correlationId, expected: ['InvalidOperation', 'ConcurrentModification'] };
      try {
        if (loginCartId !== bag.cartId) {
          const cart = await commerce.getCart(storeKey, bag.cartId, call);
          if (!cart || cart.state !== 'Active' || cart.customerId || cart.anonymousId !== bag.guestId) return {};
          await commerce.assignCartToCustomer(cart, customerId, call);
        }
        const earlier = await commerce.findCart(storeKey, { customerId, exceptId: bag.cartId }, call);
        return earlier && earlier.lines.length > 0 ? { previousCartId: earlier.id } : {};
      } catch (error) {
        if (!unavailable(error)) throw error;
        logger.warn('The guest bag stayed with the guest', { correlationId, reason: String(error) });
        return {};
      }
    },
  };
}
export type CartHandOver = ReturnType<typeof createCartHandOver>;
