import { recalculate, usd } from './cart-calculator';
import type { Cart, CustomLineItem, ExternalTaxRate, LineItem } from './cart-types';

const at = '2026-11-21T12:00:00.000Z';
const rate = (amount: number, name = 'TX'): ExternalTaxRate => ({
  name,
  amount,
  country: 'US',
  includedInPrice: false,
});

const line = (id: string, unit: number, quantity: number, taxRate?: ExternalTaxRate): LineItem => ({
  id,
  productId: `p-${id}`,
  productKey: `p-${id}`,
  name: { 'en-US': id },
  variant: { id: 1, sku: `sku-${id}`, attributes: [], images: [] },
  price: { id: `price-${id}`, value: usd(unit) },
  quantity,
  totalPrice: usd(0),
  ...(taxRate ? { taxRate } : {}),
  addedAt: at,
  lineItemMode: 'Standard',
  priceMode: 'Platform',
});

const credit = (centAmount: number, taxRate?: ExternalTaxRate): CustomLineItem => ({
  id: 'loyalty',
  name: { 'en-US': 'Loyalty points' },
  money: usd(centAmount),
  slug: 'loyalty-redemption',
  quantity: 1,
  totalPrice: usd(0),
  ...(taxRate ? { taxRate } : {}),
  discountedPricePerQuantity: [],
  priceMode: 'Standard',
});

const cart = (extra: Partial<Cart>): Cart => ({
  id: 'cart',
  version: 1,
  store: { typeId: 'store', key: 'everwear' },
  cartState: 'Active',
  lineItems: [],
  customLineItems: [],
  totalPrice: usd(0),
  taxMode: 'External',
  taxRoundingMode: 'HalfUp',
  taxCalculationMode: 'UnitPriceLevel',
  inventoryMode: 'None',
  country: 'US',
  discountCodes: [],
  createdAt: at,
  lastModifiedAt: at,
  ...extra,
});

const shipping = (price: number, freeAbove?: number, taxRate?: ExternalTaxRate): Cart['shippingInfo'] => ({
  shippingMethodName: 'Standard Ground',
  shippingMethod: { typeId: 'shipping-method', id: 'sm', key: 'everwear-standard-ground' },
  description: '',
  price: usd(price),
  shippingRate: { price: usd(price), ...(freeAbove ? { freeAbove: usd(freeAbove) } : {}) },
  ...(taxRate ? { taxRate } : {}),
});

/** 10% off every line through one code with one cart discount. */
const tenPercent: Cart['discountCodes'] = [
  {
    discountCode: { typeId: 'discount-code', id: 'code', code: 'TEN' },
    state: 'MatchesCart',
    percentOff: 10,
    cartDiscounts: [{ id: 'cd-10', permyriad: 1000 }],
  },
];

describe('recalculating a cart in the External tax mode', () => {
  it('taxes a discounted multi-unit line per discounted unit price and adds the portions up', () => {
    // 3 x $10.45 with 10% off = 2821.5 -> 2822 total: units of 941, 941, 940 cents.
    const result = recalculate(cart({ lineItems: [line('a', 1045, 3, rate(0.0725))], discountCodes: tenPercent }));
    const [a] = result.lineItems;
    expect(a.totalPrice.centAmount).toBe(2822);
    expect((a.discountedPricePerQuantity ?? []).map((g) => [g.quantity, g.discountedPrice.value.centAmount])).toEqual([
      [2, 941],
      [1, 940],
    ]);
    // 941 x 0.0725 = 68.2225 -> 68 twice; 940 x 0.0725 = 68.15 -> 68 once.
    expect(a.taxedPrice?.totalTax.centAmount).toBe(204);
    expect(result.taxedPrice).toMatchObject({ totalNet: { centAmount: 2822 }, totalGross: { centAmount: 3026 } });
  });

  it('computes the line total tax once at the line item level', () => {
    const result = recalculate(
      cart({
        lineItems: [line('a', 1045, 3, rate(0.0725))],
        discountCodes: tenPercent,
        taxCalculationMode: 'LineItemLevel',
      }),
    );
    // 2822 x 0.0725 = 204.595 -> 205.
    expect(result.lineItems[0].taxedPrice?.totalTax.centAmount).toBe(205);
  });

  it('counts a negative custom line in the total and the tax, and shipping with its own rate', () => {
    const result = recalculate(
      cart({
        lineItems: [line('a', 2500, 2, rate(0.0825)), line('b', 1000, 1, rate(0.0825))],
        customLineItems: [credit(-700, rate(0.0825))],
        shippingInfo: shipping(599, 10000, rate(0, 'Shipping')),
      }),
    );
    expect(result.customLineItems[0].totalPrice.centAmount).toBe(-700);
    // 5000 + 1000 - 700 + 599 shipping.
    expect(result.totalPrice.centAmount).toBe(5899);
    // 2 x 206.25 -> 2 x 206, 82.5 -> 83, -57.75 -> -58, shipping 0.
    expect(result.lineItems.map((l) => l.taxedPrice?.totalTax.centAmount)).toEqual([412, 83]);
    expect(result.customLineItems[0].taxedPrice?.totalTax.centAmount).toBe(-58);
    expect(result.taxedPrice).toMatchObject({
      totalNet: { centAmount: 5899 },
      totalTax: { centAmount: 437 },
      totalGross: { centAmount: 6336 },
    });
    expect(result.taxedPrice?.taxPortions?.map((p) => [p.name, p.amount.centAmount])).toEqual([
      ['TX', 437],
      ['Shipping', 0],
    ]);
    expect(result.taxedShippingPrice).toMatchObject({ totalNet: { centAmount: 599 }, totalTax: { centAmount: 0 } });
  });

  it('has no cart taxed price until every line, custom line and the shipping has a rate', () => {
    const base = {
      lineItems: [line('a', 2500, 1, rate(0.0825))],
      customLineItems: [credit(-500)],
      shippingInfo: shipping(599, undefined, rate(0)),
    };
    expect(recalculate(cart(base)).taxedPrice).toBeUndefined();
    expect(recalculate(cart({ ...base, customLineItems: [credit(-500, rate(0.0825))] })).taxedPrice).toBeDefined();
    expect(recalculate(cart({ ...base, customLineItems: [], shippingInfo: shipping(599) })).taxedPrice).toBeUndefined();
  });

  it('ships free only while the lines after custom lines reach the threshold, as freeAbove reads them', () => {
    const lines = [line('a', 5000, 1)];
    expect(
      recalculate(cart({ lineItems: lines, shippingInfo: shipping(599, 5000) })).shippingInfo?.price.centAmount,
    ).toBe(0);
    const withCredit = recalculate(
      cart({ lineItems: lines, customLineItems: [credit(-1)], shippingInfo: shipping(599, 5000) }),
    );
    expect(withCredit.shippingInfo?.price.centAmount).toBe(599);
    expect(withCredit.totalPrice.centAmount).toBe(5000 - 1 + 599);
  });
});

describe('recalculating a cart in the Disabled tax mode', () => {
  it('adds no taxes anywhere', () => {
    const result = recalculate(
      cart({ taxMode: 'Disabled', lineItems: [line('a', 1000, 2)], customLineItems: [credit(-100)] }),
    );
    expect(result.totalPrice.centAmount).toBe(1900);
    expect(result.taxedPrice).toBeUndefined();
    expect(result.lineItems[0].taxedPrice).toBeUndefined();
  });
});
