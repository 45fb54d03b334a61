import type { CheckoutCart, CommerceClient } from '../../clients/commercetools';
import type { CheckoutVendors } from '../../clients/checkout-vendors';
import type { Authorization } from '../../clients/payment';
import { VendorRefusal } from '../../clients/vendor-http';
import { DomainError } from '../../shared/domain-error';
import { FIELDS, PAYMENT_INTERFACE, PAYMENT_TYPE } from '../checkout/checkout-fields';
import type { CheckoutScope } from '../checkout/checkout-use-cases';

/** The commerce Payment's key: the authorisation's id, unique per project like the authorisation itself. */
export const paymentKeyOf = (authorizationId: string) =>
  `payment-${authorizationId.replace(/[^A-Za-z0-9_-]/g, '')}`.slice(0, 256);

/**
 * The placement's payment steps: the card authorised with the vendor, its commerce Payment (an
 * Authorization transaction; the card's public details only), and the void when no order comes of it.
 */
export function orderPayments({ commerce, vendors }: { commerce: CommerceClient; vendors: CheckoutVendors }) {
  const call = (scope: CheckoutScope) => ({
    correlationId: scope.correlationId,
    expected: ['ConcurrentModification'],
  });

  /**
   * Authorises `amount` on the cart's card under a vendor key derived from the record, the amount
   * and the token: the vendor authorises once per key, and another card or amount is a new one.
   */
  const authorize = async (
    scope: CheckoutScope,
    key: string,
    cart: CheckoutCart,
    amount: number,
  ): Promise<Authorization> => {
    const token = String(cart.custom[FIELDS.paymentToken]);
    try {
      return await vendors.payment.authorize(
        { token, amount, reference: cart.id, idempotencyKey: `${key.slice(0, 40)}-${amount}-${token.slice(-12)}` },
        scope.correlationId,
      );
    } catch (error) {
      if (error instanceof VendorRefusal && (error.code === 'TOKEN_EXPIRED' || error.code === 'TOKEN_NOT_FOUND'))
        throw new DomainError('CHECKOUT_INCOMPLETE', 'The card details expired. Enter the card again.', undefined, {
          missing: ['payment'],
        });
      throw error;
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

  return { authorize, paymentOf, voidAuthorization };
}
