import type { CommerceClient, CommerceOrder } from '../../clients/commercetools';
import { GUEST_ORDER_GRANT_MINUTES, type SessionClaims } from '../../sessions/session-token';
import { DomainError } from '../../shared/domain-error';
import { ORDER_NUMBER } from './order-number';

/**
 * Who may read, track and return an order. Every account, order and returns route goes through
 * here, so the answer for "not yours" is the same everywhere: 404 ORDER_NOT_FOUND, exactly as for
 * a number that does not exist, and never another brand's order (the lookup is in the brand's
 * store).
 */
export interface OrderAccess {
  /** A signed-in customer's own order in this brand's store. */
  forCustomer(
    storeKey: string,
    claims: SessionClaims | undefined,
    orderNumber: unknown,
    correlationId: string,
  ): Promise<CommerceOrder>;
  /** An order this session looked up by number and e-mail less than an hour ago (`claims.guestOrders`). */
  forGuest(
    storeKey: string,
    claims: SessionClaims | undefined,
    orderNumber: unknown,
    correlationId: string,
  ): Promise<CommerceOrder>;
  /** The grant a successful lookup adds to the session (newest last, the five newest kept). */
  grant(claims: SessionClaims, orderNumber: string, now?: number): SessionClaims;
}

const notFound = () => new DomainError('ORDER_NOT_FOUND', 'There is no such order.');

export function createOrderAccess(commerce: CommerceClient, now: () => number = Date.now): OrderAccess {
  const load = async (storeKey: string, orderNumber: unknown, correlationId: string) => {
    if (typeof orderNumber !== 'string' || !ORDER_NUMBER.test(orderNumber)) throw notFound();
    const order = await commerce.orderByNumber(storeKey, orderNumber, { correlationId });
    if (!order) throw notFound();
    return order;
  };
  const granted = (claims: SessionClaims | undefined, orderNumber: unknown) =>
    claims?.guestOrders?.some(
      (grant) => grant.n === orderNumber && now() - grant.at < GUEST_ORDER_GRANT_MINUTES * 60_000,
    ) ?? false;

  return {
    async forCustomer(storeKey, claims, orderNumber, correlationId) {
      if (!claims?.user.isLoggedIn) throw new DomainError('SessionRequired', 'Sign in to see your orders.');
      const order = await load(storeKey, orderNumber, correlationId);
      if (order.customerId !== claims.user.id) throw notFound();
      return order;
    },
    async forGuest(storeKey, claims, orderNumber, correlationId) {
      if (!granted(claims, orderNumber)) throw notFound();
      return load(storeKey, orderNumber, correlationId);
    },
    grant(claims, orderNumber, at = now()) {
      return {
        ...claims,
        guestOrders: [...(claims.guestOrders ?? []).filter((grant) => grant.n !== orderNumber), { n: orderNumber, at }],
      };
    },
  };
}
