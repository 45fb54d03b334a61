import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { applyDeliveryAction, type DeliveringOrder } from '../orders/order-deliveries';
import { parsePaymentDraft } from '../payments/payment-draft';
import { containsCardNumber } from './card-number-guard';
import { customFromDraft, withCustomField } from './custom-types';

const KEYS = 100_000;
const sha256 = () => createHash('sha256').update(randomBytes(16)).digest('hex');

/** A Payment draft as the gateway sends one: the authorisation's id and the hashed Idempotency-Key. */
const paymentDraft = (reference: string, idempotencyKey: string) => ({
  amountPlanned: { centAmount: 3200, currencyCode: 'USD' },
  interfaceId: reference,
  anonymousId: reference,
  paymentMethodInfo: { paymentInterface: 'hosted-card', method: 'CREDIT_CARD' },
  transactions: [
    { type: 'Authorization', amount: { centAmount: 3200, currencyCode: 'USD' }, interactionId: reference },
  ],
  custom: {
    typeKey: 'payment',
    fields: [
      { name: 'idempotencyKey', value: JSON.stringify(idempotencyKey) },
      { name: 'gatewayReference', value: JSON.stringify(reference) },
      { name: 'cardBrand', value: '"visa"' },
      { name: 'cardLast4', value: '"4242"' },
    ],
  },
});

/**
 * Stores the keys where the checkout keeps them: the Payment (its references and custom fields)
 * and the cart's custom fields, with their real validation.
 */
function store(reference: string, key: string) {
  const draft = parsePaymentDraft(paymentDraft(reference, key));
  customFromDraft(draft.custom as never, 'payment');
  customFromDraft(
    {
      typeKey: 'order-b2c',
      fields: [
        { name: 'idempotencyKey', value: JSON.stringify(key) },
        { name: 'paymentToken', value: JSON.stringify(`tok_${key}`) },
        { name: 'fraudSessionId', value: JSON.stringify(reference) },
        { name: 'placedBySession', value: JSON.stringify(reference) },
        { name: 'loyaltyHoldId', value: JSON.stringify(reference) },
      ],
    },
    'cart',
  );
}

/** The values among `values` the store refuses. */
const refused = (pairs: Array<[string, string]>) =>
  pairs.filter(([reference, key]) => {
    try {
      store(reference, key);
      return false;
    } catch {
      return true;
    }
  });

describe('opaque keys and hashes pass the card-number guard where they are stored', () => {
  it(`stores ${KEYS.toLocaleString('en-US')} random UUIDs and ${KEYS.toLocaleString('en-US')} sha256 hex keys, including those holding a Luhn-valid digit run`, () => {
    // The gateway's shape: UUIDs and provider ids as references, the sha256 hex of the Idempotency-Key as the key.
    const pairs = Array.from({ length: KEYS }, (): [string, string] => [randomUUID(), sha256()]);
    const cardLikeRuns = pairs.flat().filter((value) => containsCardNumber(value)).length;
    expect(refused(pairs)).toEqual([]);
    // Swapped (those holding a card-like run, and a sample), so every field also takes the other kind of value.
    const swapped = pairs.filter((pair, i) => i < 5_000 || pair.some(containsCardNumber)).map(([u, h]) => [h, u]);
    expect(refused(swapped as Array<[string, string]>)).toEqual([]);
    // About 0.11 % of UUIDs and 0.22 % of sha256 hex strings hold one (~330 here): each used to be refused.
    expect(cardLikeRuns).toBeGreaterThan(100);
  });

  it('still refuses a card number typed where a key, token or reference belongs, and inside free text', () => {
    expect(() => store('4242424242424242', sha256())).toThrow(/card number/);
    expect(() => store(randomUUID(), '4242 4242 4242 4242')).toThrow(/card number/);
    expect(() => store(`pan 4242 4242 4242 4242`, sha256())).toThrow(/card number/);
    expect(() => store(`auth_4000000000009995`, sha256())).toThrow(/card number/);
    const cart = customFromDraft({ typeKey: 'order-b2c', fields: [] }, 'cart');
    expect(() => withCustomField(cart, 'paymentToken', '"5555-5555-5555-4444"')).toThrow(/card number/);
    expect(() => withCustomField(cart, 'paymentToken', '"tok_4242424242424242"')).toThrow(/card number/);
    const order = customFromDraft({ typeKey: 'order-b2c', fields: [] }, 'order');
    expect(() => withCustomField(order, 'cardLast4', '"card 4242424242424242"')).toThrow(/card number/);
    const typed = paymentDraft(randomUUID(), sha256());
    expect(() =>
      parsePaymentDraft({ ...typed, paymentStatus: { interfaceText: 'paid with 4000 0000 0000 9995' } }),
    ).toThrow(/card number/);
  });
});

describe('carrier tracking numbers on a parcel', () => {
  const order: DeliveringOrder = { lineItems: [{ id: 'line-1', quantity: 1 }], shippingInfo: {} as never };
  /** A number of `length` digits whose Luhn check passes (the shape the card guard looks for). */
  const luhnValid = (length: number) => {
    const body = Array.from({ length: length - 1 }, (_, i) => String((i * 7 + length) % 10));
    body[0] = '4';
    const sum = body
      .slice()
      .reverse()
      .reduce((acc, digit, i) => {
        const n = Number(digit) * (i % 2 === 0 ? 2 : 1);
        return acc + (n > 9 ? n - 9 : n);
      }, 0);
    return `${body.join('')}${(10 - (sum % 10)) % 10}`;
  };

  it.each([15, 16, 19, 20, 22])(
    'accepts a %i-digit tracking number, Luhn-valid as a card number would be',
    (length) => {
      const trackingId = luhnValid(length);
      if (length <= 19) expect(containsCardNumber(trackingId)).toBe(true);
      const next = applyDeliveryAction(order, 'addDelivery', {
        items: [{ id: 'line-1', quantity: 1 }],
        parcels: [{ key: 'p-1', trackingData: { trackingId, carrier: length > 20 ? 'USPS' : 'FedEx' } }],
      });
      expect(next?.shippingInfo?.deliveries?.[0].parcels[0].trackingData?.trackingId).toBe(trackingId);
    },
  );
});
