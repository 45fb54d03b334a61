import type { ShippingMethodRecord } from '../../clients/commercetools';
import { defaultChoice, shippingChoices } from './shipping-options';

const method = (key: string, price: number, freeAbove?: number, extra: Partial<ShippingMethodRecord> = {}) => ({
  key,
  name: key,
  description: `${key} days`,
  isDefault: false,
  active: true,
  zoneRates: [
    { zoneKey: 'us', locations: [{ country: 'US' }], rates: [{ price, ...(freeAbove ? { freeAbove } : {}) }] },
  ],
  ...extra,
});

describe('shipping choices', () => {
  const methods = [
    method('vanityfair-overnight', 2500),
    method('vanityfair-standard-ground', 595, 7500),
    method('vanityfair-expedited', 1295),
    method('everwear-standard-ground', 495),
    method('vanityfair-retired', 100, undefined, { active: false }),
  ];

  it('lists the store’s active methods without the store prefix, cheapest first, priced for the cart', () => {
    const choices = shippingChoices(methods, 'vanityfair', { goods: 5000 });
    expect(choices.map((c) => [c.key, c.price.centAmount])).toEqual([
      ['standard-ground', 595],
      ['expedited', 1295],
      ['overnight', 2500],
    ]);
    expect(choices[0]).toMatchObject({ methodKey: 'vanityfair-standard-ground', freeAbove: { centAmount: 7500 } });
    expect(shippingChoices(methods, 'vanityfair', { goods: 7500 })[0].price.centAmount).toBe(0);
  });

  it('preselects the method whose key starts with standard (SPEC §9)', () => {
    expect(defaultChoice(shippingChoices(methods, 'vanityfair', { goods: 0 }))?.key).toBe('standard-ground');
    expect(defaultChoice(shippingChoices(methods.slice(0, 1), 'vanityfair', { goods: 0 }))).toBeUndefined();
  });

  it('takes a zone naming the state over the country’s', () => {
    const alaska = method('vanityfair-standard-ground', 595, undefined, {
      zoneRates: [
        { locations: [{ country: 'US' }], rates: [{ price: 595 }] },
        { locations: [{ country: 'US', state: 'AK' }], rates: [{ price: 1995 }] },
      ],
    });
    expect(shippingChoices([alaska], 'vanityfair', { goods: 0, state: 'AK' })[0].price.centAmount).toBe(1995);
    expect(shippingChoices([alaska], 'vanityfair', { goods: 0, state: 'NY' })[0].price.centAmount).toBe(595);
  });
});
