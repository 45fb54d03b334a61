import type { CheckoutResponse, OrderConfirmation, ShippingMethodOption } from '@shop/contracts/browser';
import { track } from '@shop/platform';

/**
 * The checkout's tracking events (SPEC §3). The platform's `track` sends the record with exactly
 * the fields SPEC §3 keeps (BEGIN_CHECKOUT, ADD_SHIPPING_INFO and ADD_PAYMENT_INFO: only eventId
 * and sessionToken; ORDER: the order number) and pushes the rest to the data layer, from which it
 * strips addresses, payment, shipping method and shipping price but the method's description and
 * the price's discountedAmount. What is passed here is about the bag, never about the shopper:
 * no address, e-mail or card ever reaches `track`.
 */
const value = (checkout: CheckoutResponse) => ({
  value: checkout.checkout.totals.total.centAmount,
  currency: checkout.checkout.totals.total.currencyCode,
  items: checkout.cart.lines.slice(0, 100).map((line) => ({
    sku: line.sku,
    quantity: line.quantity,
    price: (line.salePrice ?? line.unitPrice).centAmount,
  })),
});

export function trackBeginCheckout(checkout: CheckoutResponse): void {
  track({ event: 'BEGIN_CHECKOUT', ...value(checkout) });
}

export function trackShippingInfo(checkout: CheckoutResponse, method: ShippingMethodOption): void {
  track({
    event: 'ADD_SHIPPING_INFO',
    ...value(checkout),
    shippingMethod: { key: method.key, name: method.name, description: method.description },
    shippingPrice: { ...method.price, discountedAmount: method.price.centAmount },
  });
}

export function trackPaymentInfo(checkout: CheckoutResponse): void {
  track({ event: 'ADD_PAYMENT_INFO', ...value(checkout) });
}

export function trackOrder(order: OrderConfirmation): void {
  track({
    event: 'ORDER',
    orderNumber: order.orderNumber,
    value: order.totals.total.centAmount,
    currency: order.totals.total.currencyCode,
    tax: order.totals.tax.centAmount,
    shippingPrice: { discountedAmount: order.totals.shipping.centAmount },
    items: order.lines.slice(0, 100).map((line) => ({
      sku: line.sku,
      quantity: line.quantity,
      price: line.unitPrice.centAmount,
    })),
  });
}
