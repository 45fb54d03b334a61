import type { OrderConfirmation } from '@shop/contracts';

const dollars = (money: { centAmount: number }) =>
  `${money.centAmount < 0 ? '-' : ''}$${(Math.abs(money.centAmount) / 100).toFixed(2)}`;

/**
 * The order e-mail (to the outbox): the number, the lines, the totals, where it goes and what
 * happens next. The card appears as its brand and last four digits only.
 */
export function orderEmail(
  brandName: string,
  confirmation: Omit<OrderConfirmation, 'viewableUntil'>,
  trackingUrl: string,
): { to: string; subject: string; text: string } {
  const { totals, shippingAddress: a } = confirmation;
  const review = confirmation.status === 'in-review';
  const text = [
    `Thank you for your order with ${brandName}.`,
    '',
    `Order number: ${confirmation.orderNumber}`,
    '',
    ...confirmation.lines.map(
      (line) =>
        `${line.quantity} x ${line.name}${line.attributes.length ? ` (${line.attributes.map((x) => `${x.label}: ${x.value}`).join(', ')})` : ''}: ${dollars(line.total)}`,
    ),
    '',
    `Subtotal: ${dollars(totals.subtotal)}`,
    ...(totals.discount.centAmount > 0 ? [`Discounts: -${dollars(totals.discount)}`] : []),
    ...(totals.loyalty ? [`Loyalty points: -${dollars(totals.loyalty)}`] : []),
    `Shipping (${confirmation.shippingMethod.name}): ${dollars(totals.shipping)}`,
    `Tax: ${dollars(totals.tax)}`,
    `Total: ${dollars(totals.total)}`,
    '',
    'Shipping to:',
    `${a.firstName} ${a.lastName}`,
    a.streetName,
    ...(a.additionalStreetInfo ? [a.additionalStreetInfo] : []),
    `${a.city}, ${a.state} ${a.postalCode}`,
    '',
    `Paid with: ${confirmation.payment.brand} ending in ${confirmation.payment.last4}`,
    '',
    'What happens next:',
    review
      ? 'Your order is being reviewed before it ships. Your card has not been charged; we will e-mail you when the review is done.'
      : `Your card is charged when the order ships. We will e-mail you when it is on its way (${confirmation.shippingMethod.description || confirmation.shippingMethod.name}).`,
    `Track your order at ${trackingUrl} with your order number and e-mail address.`,
  ].join('\n');
  return { to: confirmation.email, subject: `${brandName}: order ${confirmation.orderNumber}`, text };
}
