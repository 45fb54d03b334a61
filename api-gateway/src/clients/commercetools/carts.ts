import type { RawCart } from './ctp-types';
import { ANONYMOUS_CART, TAKE_CART } from './documents';
import type { CallOptions, Graphql } from './transport';

export interface CommerceCart {
  id: string;
  version: number;
  customerId?: string;
  anonymousId?: string;
  /** Active, Merged, Ordered or Frozen. */
  state: string;
}

type Call = CallOptions & { correlationId: string };

const reshapeCart = (raw: RawCart): CommerceCart => ({
  id: raw.id,
  version: raw.version,
  ...(raw.customerId ? { customerId: raw.customerId } : {}),
  ...(raw.anonymousId ? { anonymousId: raw.anonymousId } : {}),
  state: raw.cartState,
});

/** Carts of a store. */
export function cartOperations(graphql: Graphql) {
  return {
    /** The store's cart with this id, or undefined. */
    async getCart(storeKey: string, id: string, call: Call): Promise<CommerceCart | undefined> {
      const { inStore } = await graphql<{ inStore: { cart: RawCart | null } }>(
        'AnonymousCart',
        ANONYMOUS_CART,
        { id, storeKey },
        call,
      );
      return inStore.cart ? reshapeCart(inStore.cart) : undefined;
    },

    /** Makes the cart the customer's (setCustomerId at the cart's version). */
    async assignCartToCustomer(
      cart: Pick<CommerceCart, 'id' | 'version'>,
      customerId: string,
      call: Call,
    ): Promise<void> {
      await graphql(
        'TakeCart',
        TAKE_CART,
        { id: cart.id, version: cart.version, actions: [{ setCustomerId: { customerId } }] },
        call,
      );
    },
  };
}
