import type { CheckoutCart, CommerceClient } from '../../clients/commercetools';
import type { CheckoutVendors } from '../../clients/checkout-vendors';
import type { Authorization } from '../../clients/payment';
import { VendorRefusal } from '../../clients/vendor-http';
import { DomainError } from '../../shared/domain-error';
import { FIELDS, PAYMENT_INTERFACE, PAYMENT_TYPE } from '../checkout/checkout-fields';
import { cardBindingOf } from '../checkout/card-binding';
import type { CheckoutScope } from '../checkout/checkout-use-cases';
import type { DeclineLimits } from './decline-limits';

/** The commerce Payment's key: the authorisation's id, unique per project like the authorisation itself. */
export const paymentKeyOf = (authorizationId: string) =>
  `payment-${authorizationId.replace(/[^A-Za-z0-9_-]/g, '')}`.slice(0, 256);

/**
 * The placement's payment steps: the card authorised with the vendor, its commerce Payment (an
 * Authorization transaction; the card's public details only), and the void when no order comes of it.
 */
export function orderPayments({
  commerce,
  vendors,
  declines,
}: {
  commerce: CommerceClient;
  vendors: CheckoutVendors;
  declines: DeclineLimits;
}) {
  const call = (scope: CheckoutScope) => ({
    correlationId: scope.correlationId,
    expected: ['ConcurrentModification'],
  });

  const enterCardAgain = (message: string) =>
    new DomainError('CHECKOUT_INCOMPLETE', message, undefined, { missing: ['payment'] });

  /**
   * Authorises `amount` on the cart's card under a vendor key derived from the record, the amount
   * and the token: the vendor authorises once per key, and another card or amount is a new one.
   * The token pays only for this bag in this session and brand, once. Before the card is tried, a
   * decline is reserved against the bag, the client address and the card's fingerprint
   * (decline-limits.ts): one of them used up is 429 TOO_MANY_REQUESTS with `retryAfterSeconds`.
   */
  const authorize = async (
    scope: CheckoutScope,
    key: string,
    cart: CheckoutCart,
    amount: number,
    ipAddress?: string,
  ): Promise<Authorization> => {
    const token = String(cart.custom[FIELDS.paymentToken]);
    const binding = cardBindingOf(scope, cart.id);
    const found = await vendors.payment.token(token, binding, scope.correlationId);
    if (typeof found === 'string')
      throw enterCardAgain(
        found === 'expired' || found === 'missing'
          ? 'The card details expired. Enter the card again.'
          : 'We could not use that card here. Enter the card again.',
      );
    const subject = { cartId: cart.id, ipAddress, fingerprint: found.fingerprint };
    const place = await declines.reserve(subject);
    if (!place.allowed)
      throw new DomainError(
        'TOO_MANY_REQUESTS',
        'Too many card attempts. Wait a few minutes before you try again.',
        undefined,
        { retryAfterSeconds: place.retryAfterSeconds },
      );
    let authorization: Authorization | undefined;
    try {
      authorization = await vendors.payment.authorize(
        { token, amount, ...binding, idempotencyKey: `${key.slice(0, 40)}-${amount}-${token.slice(-12)}` },
        scope.correlationId,
      );
      return authorization;
    } catch (error) {
      if (error instanceof VendorRefusal && (error.code === 'TOKEN_EXPIRED' || error.code === 'TOKEN_NOT_FOUND'))
        throw enterCardAgain('The card details expired. Enter the card again.');
      if (error instanceof VendorRefusal && (error.code === 'TOKEN_USED' || error.code === 'TOKEN_NOT_BOUND'))
        throw enterCardAgain('We could not use that card here. Enter the card again.');
      throw error;
    } finally {
      // Only a fresh decline keeps its place (a replayed one was counted when it happened).
      if (authorization?.status !== 'declined' || authorization.replayed) await place.release();
    }
  };

  /** The commerce Payment of an authorisation (keyed by it, so a repeat finds the one made before). */
  const paymentOf = async (
    scope: CheckoutScope,
    key: string,
    authorization: Authorization,
    total: number,
    fraud?: string,
  ) => {
    const review = authorization.status === 'review';
    const made = await commerce.createPayment(
      {
        key: paymentKeyOf(authorization.id),
        amount: total,
        paymentInterface: PAYMENT_INTERFACE,
        method: 'CREDIT_CARD',
        interfaceId: authorization.id,
        transactions: [
          {
            type: 'Authorization',
            state: review ? 'Pending' : 'Success',
            amount: authorization.amount.centAmount,
            interactionId: authorization.id,
          },
        ],
        custom: {
          type: PAYMENT_TYPE,
          fields: {
            gatewayReference: authorization.id,
            authorizationStatus: authorization.status,
            idempotencyKey: key,
            cardBrand: authorization.card.brand,
            cardLast4: authorization.card.last4,
            cardExpMonth: authorization.card.expMonth,
            cardExpYear: authorization.card.expYear,
            ...(fraud ? { fraudDecision: fraud } : {}),
          },
        },
      },
      call(scope),
    );
    if (!('duplicate' in made)) return made;
    const found = await commerce.paymentByKey(paymentKeyOf(authorization.id), call(scope));
    if (!found) throw new Error(`Payment ${paymentKeyOf(authorization.id)} exists and cannot be read`);
    return found;
  };

  /** Releases an authorisation that will not become an order, and records it on the commerce Payment. */
  const voidAuthorization = async (scope: CheckoutScope, authorizationId: string, cart: CheckoutCart) => {
    await vendors.payment.void(authorizationId, scope.correlationId);
    for (const paymentId of cart.paymentIds) {
      const payment = await commerce.paymentByKey(paymentKeyOf(authorizationId), call(scope));
      if (!payment || payment.id !== paymentId) continue;
      await commerce.updatePayment(
        payment,
        [
          {
            addTransaction: {
              type: 'CancelAuthorization',
              state: 'Success',
              amount: payment.amountPlanned,
              interactionId: authorizationId,
            },
          },
        ],
        call(scope),
      );
      await commerce.updateCheckoutCart(scope.storeKey, cart, [{ removePayment: payment.id }], call(scope));
    }
  };

  /**
   * A placement that finds the bag's card token used while the bag is still open: an earlier
   * attempt had the card authorised and stopped before it recorded the authorisation (a crash, a
   * lost answer from the vendor). No order came of it, since the bag is open, so every hold still
   * open on the bag is released before the shopper enters the card again: one bag never holds a
   * card twice. The ids released, for the log.
   */
  const releaseUnorderedHolds = async (scope: CheckoutScope, cart: CheckoutCart): Promise<string[]> => {
    const token = cart.custom[FIELDS.paymentToken];
    if (typeof token !== 'string') return [];
    const found = await vendors.payment.token(token, cardBindingOf(scope, cart.id), scope.correlationId);
    if (found !== 'used') return [];
    const released: string[] = [];
    for (const held of await vendors.payment.authorizationsFor(cart.id, scope.correlationId)) {
      if (held.status !== 'authorized' && held.status !== 'review') continue;
      await voidAuthorization(scope, held.id, cart);
      released.push(held.id);
    }
    return released;
  };

  return { authorize, paymentOf, voidAuthorization, releaseUnorderedHolds };
}
