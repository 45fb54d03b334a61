import type { CheckoutCart } from '../../clients/commercetools';
import type { CheckoutVendors } from '../../clients/checkout-vendors';
import { cardBindingOf } from '../checkout/card-binding';
import { FIELDS } from '../checkout/checkout-fields';
import type { CheckoutScope } from '../checkout/checkout-use-cases';

/**
 * The payment vendor's fingerprint of the bag's card (an HMAC of the number: one card, one
 * fingerprint, whatever token, e-mail or device it comes with), for the fraud screen's card
 * velocity rules. It stays on the server. Undefined when the token no longer stands for a card
 * here (the placement then stops at the card, as before).
 */
export async function cardFingerprintOf(
  vendors: Pick<CheckoutVendors, 'payment'>,
  scope: CheckoutScope,
  cart: CheckoutCart,
): Promise<string | undefined> {
  const token = cart.custom[FIELDS.paymentToken];
  if (typeof token !== 'string') return undefined;
  const found = await vendors.payment.token(token, cardBindingOf(scope, cart.id), scope.correlationId);
  return typeof found === 'string' ? undefined : found.fingerprint;
}
