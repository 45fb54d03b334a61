/**
 * What checkout keeps on the cart in the `order-b2c` custom type (SPEC §3), copied to the order
 * when it is placed. The card is kept as the hosted field's token and its public details only.
 */
export const ORDER_TYPE = 'order-b2c';

export const FIELDS = {
  paymentToken: 'paymentToken',
  cardBrand: 'cardBrand',
  cardLast4: 'cardLast4',
  /** "true" while the billing address follows the shipping address. */
  billingSameAsShipping: 'billingSameAsShipping',
  loyaltyHoldId: 'loyaltyHoldId',
  loyaltyPoints: 'loyaltyPoints',
  fraudSessionId: 'fraudSessionId',
  fraudDecision: 'fraudDecision',
  idempotencyKey: 'idempotencyKey',
  orderSource: 'orderSource',
} as const;

/** The custom line a loyalty redemption adds (negative money, SPEC §9 loyalty as a cart discount). */
export const LOYALTY_SLUG = 'loyalty-redemption';

/** The payment custom type (SPEC §3) and the provider's name on commerce Payments. */
export const PAYMENT_TYPE = 'payment';
export const PAYMENT_INTERFACE = 'shop-payments';
