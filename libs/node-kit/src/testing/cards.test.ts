import { ownCardNumber } from './cards';

/** The Luhn check as a card network runs it, over all 16 digits. */
function luhnValid(digits: string): boolean {
  let sum = 0;
  [...digits].reverse().forEach((char, index) => {
    const digit = Number(char);
    sum += index % 2 === 1 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit;
  });
  return sum % 10 === 0;
}

describe('ownCardNumber', () => {
  it('gives Luhn-valid 16-digit Visa numbers, a different one each time', () => {
    const numbers = Array.from({ length: 200 }, ownCardNumber);
    for (const number of numbers) {
      expect(number).toMatch(/^4\d{15}$/);
      expect(luhnValid(number)).toBe(true);
    }
    expect(new Set(numbers).size).toBeGreaterThan(190);
  });
});
