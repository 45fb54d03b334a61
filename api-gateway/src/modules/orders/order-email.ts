import type { OrderConfirmation } from '@shop/contracts';
import type { Mail } from '../../data-access/mailer';

/**
 * The order e-mail: the number, the lines, the totals, where it goes and what happens next. The
 * card appears as its brand and last four digits only.
 */
export function orderEmail(confirmation: Omit<OrderConfirmation, 'viewableUntil'>, trackUrl: string): Mail {
  const { totals, shippingAddress: a } = confirmation;
  return {
    kind: 'order-placed',
    to: confirmation.email,
    orderNumber: confirmation.orderNumber,
    inReview: confirmation.status === 'in-review',
    lines: confirmation.lines.map((line) => ({
      name: line.name,
      quantity: line.quantity,
      details: line.attributes.map((x) => `${x.label}: ${x.value}`).join(', ') || undefined,
      totalCents: line.total.centAmount,
    })),
    totals: [
      { label: 'Subtotal', cents: totals.subtotal.centAmount },
      ...(totals.discount.centAmount > 0 ? [{ label: 'Discounts', cents: -totals.discount.centAmount }] : []),
      ...(totals.loyalty ? [{ label: 'Loyalty points', cents: -totals.loyalty.centAmount }] : []),
      { label: `Shipping (${confirmation.shippingMethod.name})`, cents: totals.shipping.centAmount },
      { label: 'Tax', cents: totals.tax.centAmount },
    ],
    totalCents: totals.total.centAmount,
    shipTo: {
      name: `${a.firstName} ${a.lastName}`,
      lines: [
        a.streetName,
        ...(a.additionalStreetInfo ? [a.additionalStreetInfo] : []),
        `${a.city}, ${a.state} ${a.postalCode}`,
      ],
    },
    shippingMethod: confirmation.shippingMethod.description || confirmation.shippingMethod.name,
    payment: `${confirmation.payment.brand} ending in ${confirmation.payment.last4}`,
    trackUrl,
  };
}
