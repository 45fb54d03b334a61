import type { Cart } from '../carts/cart-types';

/**
 * What still lacks an external tax rate on a cart in the External tax mode (commercetools orders
 * such a cart only once every line item, custom line item and the shipping method has one).
 * Empty for other modes and for a fully taxed cart.
 */
export function missingTaxRates(cart: Cart): string[] {
  if (cart.taxMode !== 'External') return [];
  return [
    ...cart.lineItems.filter((line) => !line.taxRate).map((line) => `lineItem ${line.id}`),
    ...cart.customLineItems.filter((line) => !line.taxRate).map((line) => `customLineItem ${line.id}`),
    ...(cart.shippingInfo && !cart.shippingInfo.taxRate ? ['shippingInfo'] : []),
  ];
}
