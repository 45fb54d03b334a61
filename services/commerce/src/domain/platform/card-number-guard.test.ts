import { containsCardNumber, refuseCardNumber } from './card-number-guard';

describe('recognising a payment card number in text', () => {
  it.each([
    '4242424242424242',
    'card 4242 4242 4242 4242 exp 12/30',
    '5555-5555-5555-4444',
    '378282246310005',
    'x4000000000009995y',
  ])('finds %s', (text) => {
    expect(containsCardNumber(text)).toBe(true);
  });

  it.each([
    'tok_3fK9x2LmQ8',
    'VF4821937465',
    '1763912345678',
    '4242424242424241',
    'auth_8f14e45fceea167a5a36dedd4bea2543',
    '123e4567-e89b-12d3-a456-426614174000',
  ])('leaves %s alone (no card number: a token, an order number, a timestamp, a failing check digit, ids)', (text) => {
    expect(containsCardNumber(text)).toBe(false);
  });

  it('refuses a field holding one without echoing it back', () => {
    expect(() => refuseCardNumber('interactionId', 'pan 4242424242424242')).toThrow(
      expect.objectContaining({ code: 'InvalidField', extras: { field: 'interactionId', invalidValue: '[redacted]' } }),
    );
  });
});
