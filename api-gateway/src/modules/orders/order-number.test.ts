import { ORDER_NUMBER_DIGITS } from '@shop/contracts';
import { ORDER_NUMBER, newOrderNumber } from './order-number';

describe('order numbers', () => {
  it('are the brand’s prefix and ten random digits', () => {
    const number = newOrderNumber('VF');
    expect(number).toMatch(/^VF\d{10}$/);
    expect(newOrderNumber('HC')).toMatch(/^HC\d{10}$/);
    expect(ORDER_NUMBER.test(newOrderNumber('EW'))).toBe(true);
    expect(ORDER_NUMBER.test(number)).toBe(true);
    expect(ORDER_NUMBER_DIGITS).toBe(10);
  });

  it('draw every digit from the random source, so consecutive numbers share nothing', () => {
    const drawn: number[] = [];
    const number = newOrderNumber('VF', (max) => {
      drawn.push(max);
      return drawn.length % 10;
    });
    expect(number).toBe('VF1234567890');
    expect(drawn).toEqual(Array(10).fill(10));
    const many = new Set(Array.from({ length: 2000 }, () => newOrderNumber('VF')));
    expect(many.size).toBe(2000);
    // Every digit appears in every position over many draws: no position is fixed or counted.
    for (let position = 2; position < 12; position += 1)
      expect(new Set([...many].map((n) => n[position])).size).toBe(10);
  });

  it('refuses what is not an order number', () => {
    for (const text of ['VF123', 'vf1234567890', 'VF12345678901', 'V11234567890', 'VF12345 7890', 'VFX1234567890'])
      expect(ORDER_NUMBER.test(text)).toBe(false);
  });
});
