import type { BrandCatalog } from '@shop/brands';
import { BrandFlags, etagOf } from './brand-flags';

const catalog = new Map([
  [
    'hoopcraft',
    {
      flags: {
        flags: {
          loyalty: { state: 'ENABLED', variants: { on: true, off: false }, defaultVariant: 'off' },
          // Half the shoppers, by targeting key; customers only see the new header.
          newHeader: {
            state: 'ENABLED',
            variants: { on: true, off: false },
            defaultVariant: 'off',
            targeting: {
              if: [
                { '===': [{ var: 'userType' }, 'customer'] },
                {
                  fractional: [
                    ['on', 50],
                    ['off', 50],
                  ],
                },
                'off',
              ],
            },
          },
          retired: { state: 'DISABLED', variants: { on: true, off: false }, defaultVariant: 'on' },
          heroCopy: { state: 'ENABLED', variants: { a: 'Court ready', b: 'Game on' }, defaultVariant: 'a' },
        },
      },
    },
  ],
]) as unknown as BrandCatalog;
const flags = new BrandFlags(catalog);

describe('BrandFlags (flagd-core per brand)', () => {
  it('answers the default variant of a flag without targeting, typed as its variants are', () => {
    expect(flags.evaluate('hoopcraft', 'loyalty', {})).toEqual({
      key: 'loyalty',
      value: false,
      variant: 'off',
      reason: 'STATIC',
    });
    expect(flags.evaluate('hoopcraft', 'heroCopy', {}).value).toBe('Court ready');
    expect(flags.isOn('hoopcraft', 'loyalty', {})).toBe(false);
    expect(flags.isOn('hoopcraft', 'noSuchFlag', {})).toBe(false);
  });

  it('gives a disabled flag no value', () => {
    expect(flags.evaluate('hoopcraft', 'retired', {})).toEqual({ key: 'retired', reason: 'DISABLED' });
    expect(flags.isOn('hoopcraft', 'retired', {})).toBe(false);
  });

  it('splits a percentage rollout by targeting key, the same answer every time for one shopper', () => {
    const answers = Array.from({ length: 400 }, (_, i) =>
      flags.isOn('hoopcraft', 'newHeader', { targetingKey: `shopper-${i}`, userType: 'customer' }),
    );
    const on = answers.filter(Boolean).length;
    expect(on).toBeGreaterThan(150);
    expect(on).toBeLessThan(250);
    for (let i = 0; i < 20; i += 1)
      expect(flags.isOn('hoopcraft', 'newHeader', { targetingKey: `shopper-${i}`, userType: 'customer' })).toBe(
        answers[i],
      );
    expect(flags.evaluate('hoopcraft', 'newHeader', { targetingKey: 'shopper-1', userType: 'guest' })).toMatchObject({
      value: false,
      reason: 'TARGETING_MATCH',
    });
  });

  it('tags equal answers alike and different ones apart', () => {
    const all = (userType: string) => ({ flags: flags.evaluateAll('hoopcraft', { targetingKey: 'k', userType }) });
    expect(etagOf(all('guest'))).toBe(etagOf(all('guest')));
    expect(etagOf(flags.evaluateAll('hoopcraft', {}))).not.toBe(etagOf({ flags: [] }));
  });
});
