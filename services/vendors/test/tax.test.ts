import type { RunningVendors } from '../src/server';
import { quoteTax, taxOnAmount } from '../src/tax/tax-quote';
import { LOCAL_RATES, SHIPPING_TAXABLE, STATE_RATES, rateFor } from '../src/tax/tax-rates';
import { KEYS, call, startVendors } from './support';

describe('tax arithmetic (SPEC §9: half-up at the unit price level)', () => {
  const ny = rateFor('NY', '10001', 'New York');

  it('rounds each unit half up: a half cent goes up, less than half goes down', () => {
    // 8.875 % of 400 = 35.5 -> 36; of 399 = 35.41 -> 35; of 1000 = 88.75 -> 89.
    expect(taxOnAmount(400, 8875)).toBe(36);
    expect(taxOnAmount(399, 8875)).toBe(35);
    expect(taxOnAmount(1000, 8875)).toBe(89);
    // 10 % of 5 = 0.5 cent -> 1; of 4 = 0.4 -> 0.
    expect(taxOnAmount(5, 10_000)).toBe(1);
    expect(taxOnAmount(4, 10_000)).toBe(0);
  });

  it('taxes a multi-quantity line unit by unit: 3 x 9.99 at 8.875 % is 3 x 0.89, not 8.875 % of 29.97', () => {
    const quote = quoteTax(ny, [{ id: 'a', quantity: 3, unitAmounts: [999, 999, 999] }]);
    expect(quote.lines).toEqual([{ id: 'a', rate: 0.08875, tax: 267, exemptAmount: 0 }]);
    expect(taxOnAmount(2997, ny.rate)).toBe(266);
    expect(quote.totalTax).toBe(267);
  });

  it('taxes discounted units that differ by a cent each on its own amount', () => {
    // A line of two 4.50 units with 0.99 off spread over them: 4.00 and 4.01 after discounts.
    const quote = quoteTax(ny, [{ id: 'a', quantity: 2, unitAmounts: [400, 401] }]);
    // 400 x 0.08875 = 35.5 -> 36; 401 x 0.08875 = 35.59 -> 36; the line's 801 would give 71.09 -> 71.
    expect(quote.lines[0].tax).toBe(72);
    expect(taxOnAmount(801, ny.rate)).toBe(71);
    const lower = quoteTax(ny, [{ id: 'b', quantity: 2, unitAmounts: [399, 400] }]);
    expect(lower.lines[0].tax).toBe(35 + 36);
  });

  it('charges nothing where there is no sales tax: OR, MT, NH, DE, AK', () => {
    for (const state of ['OR', 'MT', 'NH', 'DE', 'AK']) {
      expect(STATE_RATES[state]).toBe(0);
      expect(LOCAL_RATES[state]).toBeUndefined();
      const quote = quoteTax(rateFor(state, '97201', state), [{ id: 'a', quantity: 2, unitAmounts: [5000, 5000] }], {
        amount: 999,
      });
      expect(quote.totalTax).toBe(0);
    }
  });

  it('taxes shipping where the state taxes delivery charges (NY, TX, WA) and not elsewhere (CA, IL)', () => {
    expect(quoteTax(ny, [], { amount: 1000 }).shipping).toEqual({ rate: 0.08875, tax: 89 });
    for (const state of ['TX', 'WA']) expect(SHIPPING_TAXABLE.has(state)).toBe(true);
    const ca = rateFor('CA', '94103', 'California');
    expect(quoteTax(ca, [], { amount: 1000 }).shipping).toEqual({ rate: 0, tax: 0 });
    expect(SHIPPING_TAXABLE.has('IL')).toBe(false);
  });

  it('combines the state rate with the longest local ZIP prefix', () => {
    expect(ny).toMatchObject({ rate: 8875, name: 'New York sales tax + New York City' });
    expect(rateFor('NY', '14201', 'New York').rate).toBe(4000);
    expect(rateFor('CA', '94103', 'California').rate).toBe(8625);
    expect(rateFor('TX', '78701', 'Texas').rate).toBe(8250);
    expect(rateFor('WA', '98101', 'Washington').rate).toBe(10_350);
    expect(rateFor('IL', '60601', 'Illinois').rate).toBe(10_250);
    expect(rateFor('OR', '97201', 'Oregon').name).toBe('Oregon: no sales tax');
  });
});

describe('POST /tax/v1/quote', () => {
  let vendors: RunningVendors;
  beforeAll(async () => {
    vendors = await startVendors('pglite');
  });
  afterAll(() => vendors.stop());
  const quote = (body: unknown, key: string | null = KEYS.taxApiKey) =>
    call(`${vendors.url}/tax/v1/quote`, { method: 'POST', key, body });
  const good = {
    currency: 'USD',
    address: { country: 'US', state: 'NY', postalCode: '10001', city: 'New York' },
    lines: [
      { id: 'line-1', quantity: 3, unitAmounts: [999, 999, 999] },
      { id: 'line-2', quantity: 1, unitAmounts: [4000] },
    ],
    shipping: { amount: 795 },
  };

  it('quotes per line and shipping at the address rate, rounding each unit half up', async () => {
    const { status, body } = await quote(good);
    expect(status).toBe(200);
    expect(body).toEqual({
      rate: { name: 'New York sales tax + New York City', amount: 0.08875, state: 'NY', postalCode: '10001' },
      lines: [
        { id: 'line-1', rate: 0.08875, tax: 267, exemptAmount: 0 },
        { id: 'line-2', rate: 0.08875, tax: 355, exemptAmount: 0 },
      ],
      // 795 x 0.08875 = 70.56 -> 71.
      shipping: { rate: 0.08875, tax: 71 },
      totalTax: 267 + 355 + 71,
    });
  });

  it('quotes clothing by the state’s rule: a $40 bra in New York City at nothing, a $200 coat in Boston on $25', async () => {
    const bra = { id: 'bra', quantity: 1, unitAmounts: [4000], taxCategory: 'clothing' };
    const ball = { id: 'ball', quantity: 2, unitAmounts: [4000, 4000], taxCategory: 'general' };
    const nyc = await quote({ ...good, lines: [bra, ball] });
    expect(nyc.status).toBe(200);
    expect(nyc.body).toMatchObject({
      rate: { amount: 0.08875 },
      lines: [
        { id: 'bra', rate: 0, tax: 0, exemptAmount: 4000 },
        { id: 'ball', rate: 0.08875, tax: 2 * 355, exemptAmount: 0 },
      ],
      // Two thirds of the goods are taxed: 795 x 0.08875 x 2/3 = 47.04 -> 47.
      shipping: { rate: 0.059, tax: 47 },
      totalTax: 710 + 47,
    });
    const boston = await quote({
      ...good,
      address: { country: 'US', state: 'MA', postalCode: '02108' },
      lines: [{ id: 'coat', quantity: 1, unitAmounts: [20_000], taxCategory: 'clothing' }],
    });
    // 2500 x 0.0625 = 156.25 -> 156; Massachusetts does not tax shipping.
    expect(boston.body).toMatchObject({
      lines: [{ id: 'coat', rate: 0.0078, tax: 156, exemptAmount: 17_500 }],
      shipping: { rate: 0, tax: 0 },
      totalTax: 156,
    });
  });

  it('quotes San Francisco at 8.625 % without taxing shipping, and Oregon at nothing', async () => {
    const sf = await quote({ ...good, address: { country: 'US', state: 'CA', postalCode: '94103' } });
    expect(sf.body.rate).toMatchObject({ amount: 0.08625, name: 'California sales tax + San Francisco' });
    expect(sf.body.shipping).toEqual({ rate: 0, tax: 0 });
    const or = await quote({ ...good, address: { country: 'US', state: 'OR', postalCode: '97201-1234' } });
    expect(or.body).toMatchObject({ totalTax: 0, rate: { amount: 0, postalCode: '97201-1234' } });
  });

  it('refuses a ZIP code that does not exist or is not in the state with 400 UNKNOWN_ZIP', async () => {
    const unknown = await quote({ ...good, address: { country: 'US', state: 'NY', postalCode: '00000' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toMatchObject({ code: 'UNKNOWN_ZIP', field: 'postalCode' });
    const elsewhere = await quote({ ...good, address: { country: 'US', state: 'CA', postalCode: '10001' } });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.code).toBe('UNKNOWN_ZIP');
  });

  it.each([
    ['another currency', { currency: 'EUR' }, 'currency'],
    ['a country other than the US', { address: { ...good.address, country: 'CA' } }, 'address.country'],
    ['a state that is not one', { address: { ...good.address, state: 'ZZ' } }, 'address.state'],
    ['a malformed ZIP code', { address: { ...good.address, postalCode: '1000' } }, 'address.postalCode'],
    ['no lines', { lines: [] }, 'lines'],
    ['fewer unit amounts than units', { lines: [{ id: 'x', quantity: 2, unitAmounts: [100] }] }, 'lines.0.unitAmounts'],
    ['a negative amount', { lines: [{ id: 'x', quantity: 1, unitAmounts: [-1] }] }, 'lines.0.unitAmounts.0'],
    ['fractional cents', { lines: [{ id: 'x', quantity: 1, unitAmounts: [10.5] }] }, 'lines.0.unitAmounts.0'],
    [
      'a tax category it does not know',
      { lines: [{ id: 'x', quantity: 1, unitAmounts: [100], taxCategory: 'food' }] },
      'lines.0.taxCategory',
    ],
    [
      'a tax category that is not text',
      { lines: [{ id: 'x', quantity: 1, unitAmounts: [100], taxCategory: { key: 'clothing' } }] },
      'lines.0.taxCategory',
    ],
    ['a repeated line id', { lines: [good.lines[1], good.lines[1]] }, 'lines.1.id'],
    ['an unknown field', { discount: 5 }, 'discount'],
  ])('refuses %s with 400 INVALID_REQUEST naming the field', async (_what, change, field) => {
    const { status, body } = await quote({ ...good, ...change });
    expect(status).toBe(400);
    expect(body.error.code).toBe('INVALID_REQUEST');
    expect(body.error.message.startsWith(`${field}:`)).toBe(true);
  });

  it('needs its own key, and JSON', async () => {
    expect((await quote(good, null)).status).toBe(401);
    expect((await quote(good, KEYS.addressApiKey)).body.error.code).toBe('UNAUTHORIZED');
    const notJson = await call(`${vendors.url}/tax/v1/quote`, {
      method: 'POST',
      key: KEYS.taxApiKey,
      body: '{"currency":',
    });
    expect(notJson).toMatchObject({ status: 400, body: { error: { code: 'INVALID_REQUEST' } } });
    const form = await call(`${vendors.url}/tax/v1/quote`, {
      method: 'POST',
      key: KEYS.taxApiKey,
      body: 'currency=USD',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });
});
