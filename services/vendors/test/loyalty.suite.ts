import { randomUUID } from 'node:crypto';
import type { RunningVendors } from '../src/server';
import { type DatabaseKind, KEYS, call, startVendors } from './support';

/** The same loyalty tests on PGlite and on PostgreSQL (where concurrent holds really race). */
export function loyaltySuite(kind: DatabaseKind) {
  let vendors: RunningVendors;
  beforeAll(async () => {
    vendors = await startVendors(kind);
  });
  afterAll(() => vendors?.stop());
  const api = (path: string, options: Parameters<typeof call>[1] = {}) =>
    call(`${vendors.url}/loyalty/v1${path}`, { key: KEYS.loyaltyApiKey, ...options });
  const member = (brand: string, customer: string) => api(`/members/${brand}/${customer}`);
  const hold = (brand: string, customer: string, points: number, reference = 'cart-1') =>
    api(`/members/${brand}/${customer}/holds`, { method: 'POST', body: { points, reference } });
  const earn = (brand: string, customer: string, reference: string, centAmount: number) =>
    api(`/members/${brand}/${customer}/earn`, {
      method: 'POST',
      body: { reference, amount: { centAmount, currencyCode: 'USD' } },
    });
  const join = (brand: string, customer: string) => api(`/members/${brand}/${customer}`, { method: 'PUT' });
  const history = (brand: string, customer: string, query = '') => api(`/members/${brand}/${customer}/history${query}`);
  /** A customer who joined the given brands' programmes. */
  const customer = async (...brands: string[]) => {
    const id = randomUUID();
    for (const brand of brands.length ? brands : ['vanityfair', 'everwear', 'rallyathletic', 'hoopcraft']) {
      expect((await join(brand, id)).status).toBe(201);
    }
    return id;
  };

  it('joins a customer with the 1000-point welcome bonus once per brand, however many joins race', async () => {
    const id = randomUUID();
    expect((await member('vanityfair', id)).body.error.code).toBe('NOT_A_MEMBER');
    expect((await history('vanityfair', id)).body.error.code).toBe('NOT_A_MEMBER');
    const answers = await Promise.all(Array.from({ length: 5 }, () => join('vanityfair', id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const expected = {
      brand: 'vanityfair',
      customerId: id,
      balance: 1000,
      held: 0,
      available: 1000,
      pointsPerDollar: 1,
      centsPerPoint: 1,
      joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    };
    for (const answer of answers) expect(answer.body).toEqual(expected);
    expect((await member('vanityfair', id)).body).toEqual(expected);
    expect((await history('vanityfair', id)).body).toEqual({
      lines: [{ kind: 'welcome', points: 1000, at: expected.joinedAt }],
    });
    expect((await member('everwear', id)).status).toBe(404);
    expect((await join('everwear', id)).body).toMatchObject({ balance: 1000, pointsPerDollar: 2 });
  });

  it('describes each brand’s programme', async () => {
    expect((await api('/programmes/everwear')).body).toEqual({
      brand: 'everwear',
      pointsPerDollar: 2,
      centsPerPoint: 1,
      welcomeBonus: 1000,
    });
    expect((await api('/programmes/acme')).body.error.code).toBe('UNKNOWN_BRAND');
  });

  it('holds and earns for members only', async () => {
    const id = randomUUID();
    expect((await hold('vanityfair', id, 10)).body.error.code).toBe('NOT_A_MEMBER');
    expect((await earn('vanityfair', id, 'VF0000000001', 1_000)).body.error.code).toBe('NOT_A_MEMBER');
    expect((await member('vanityfair', id)).status).toBe(404);
  });

  it('lists the history newest first: the welcome bonus, points earned and redeemed per order', async () => {
    const id = await customer('everwear');
    await earn('everwear', id, 'VF0000000401', 5_000);
    const { body } = await hold('everwear', id, 300);
    await api(`/holds/${body.id}/redeem`, { method: 'POST', body: { reference: 'VF0000000402' } });
    await earn('everwear', id, 'VF0000000402', 2_000);
    const lines = (await history('everwear', id)).body.lines;
    expect(
      lines.map((l: { kind: string; points: number; orderNumber?: string }) => [l.kind, l.points, l.orderNumber]),
    ).toEqual([
      ['earn', 40, 'VF0000000402'],
      ['redeem', -300, 'VF0000000402'],
      ['earn', 100, 'VF0000000401'],
      ['welcome', 1000, undefined],
    ]);
    expect((await history('everwear', id, '?limit=2')).body.lines).toHaveLength(2);
    expect((await history('everwear', id, '?limit=0')).body.error.code).toBe('INVALID_REQUEST');
    expect((await history('everwear', id, '?limit=x')).body.error.code).toBe('INVALID_REQUEST');
    expect((await history('everwear', id, '?after=1')).body.error.code).toBe('INVALID_REQUEST');
  });

  it('earns the brand’s points per whole dollar, once per reference', async () => {
    const id = await customer();
    expect((await earn('vanityfair', id, 'VF0000000101', 12_345)).body).toEqual({ earned: 123, balance: 1123 });
    expect((await earn('everwear', id, 'VF0000000101', 12_345)).body).toEqual({ earned: 246, balance: 1246 });
    const again = await earn('vanityfair', id, 'VF0000000101', 12_345);
    expect(again.body).toEqual({ earned: 123, balance: 1123 });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await earn('vanityfair', id, 'VF0000000101', 99_999);
    expect(other).toMatchObject({ status: 409, body: { error: { code: 'REFERENCE_REUSED' } } });
    expect((await earn('hoopcraft', id, 'VF0000000102', 99)).body).toEqual({ earned: 0, balance: 1000 });
    expect((await earn('rallyathletic', id, 'VF0000000103', 5_000)).body).toEqual({ earned: 50, balance: 1050 });
  });

  it('earns once when the same order is reported five times at once', async () => {
    const id = await customer();
    const answers = await Promise.all(Array.from({ length: 5 }, () => earn('everwear', id, 'VF0000000201', 10_000)));
    expect(answers.map((a) => a.body)).toEqual(Array(5).fill({ earned: 200, balance: 1200 }));
  });

  it('holds points as money, and refuses more than are free', async () => {
    const id = await customer();
    const held = await hold('vanityfair', id, 600);
    expect(held.status).toBe(201);
    expect(held.body).toMatchObject({
      points: 600,
      amount: { centAmount: 600, currencyCode: 'USD' },
      status: 'held',
      reference: 'cart-1',
    });
    expect(held.body.id).toMatch(/^hold_[A-Za-z0-9]{24}$/);
    expect((await member('vanityfair', id)).body).toMatchObject({ balance: 1000, held: 600, available: 400 });
    const tooMany = await hold('vanityfair', id, 401);
    expect(tooMany).toMatchObject({ status: 400, body: { error: { code: 'INSUFFICIENT_POINTS' } } });
    expect((await hold('vanityfair', id, 400)).status).toBe(201);
  });

  it('never holds more than the balance, however many holds race', async () => {
    const id = await customer();
    const answers = await Promise.all(Array.from({ length: 20 }, () => hold('hoopcraft', id, 150)));
    // 1000 points: six holds of 150 fit, the seventh would need 1050.
    expect(answers.filter((a) => a.status === 201)).toHaveLength(6);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(14);
    expect((await member('hoopcraft', id)).body).toMatchObject({ balance: 1000, held: 900, available: 100 });
  });

  it('releases a hold (again and again), giving the points back', async () => {
    const id = await customer();
    const { body } = await hold('vanityfair', id, 700);
    const released = await api(`/holds/${body.id}`, { method: 'DELETE' });
    expect(released.body).toEqual({ id: body.id, status: 'released', points: 700 });
    expect((await api(`/holds/${body.id}`, { method: 'DELETE' })).body.status).toBe('released');
    expect((await member('vanityfair', id)).body).toMatchObject({ balance: 1000, held: 0 });
    const redeem = await api(`/holds/${body.id}/redeem`, { method: 'POST', body: { reference: 'VF1' } });
    expect(redeem).toMatchObject({ status: 409, body: { error: { code: 'HOLD_RELEASED' } } });
  });

  it('redeems a hold for an order once: the points leave the balance; a repeat answers the same', async () => {
    const id = await customer();
    const { body } = await hold('everwear', id, 250);
    const redeem = () => api(`/holds/${body.id}/redeem`, { method: 'POST', body: { reference: 'VF0000000301' } });
    const [first, second] = await Promise.all([redeem(), redeem()]);
    const expected = { id: body.id, status: 'redeemed', points: 250, reference: 'VF0000000301', balance: 750 };
    expect(first.body).toEqual(expected);
    expect(second.body).toEqual(expected);
    expect([first, second].filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);
    expect((await member('everwear', id)).body).toMatchObject({ balance: 750, held: 0 });
    const other = await api(`/holds/${body.id}/redeem`, { method: 'POST', body: { reference: 'VF0000000302' } });
    expect(other.body.error.code).toBe('HOLD_REDEEMED');
    expect((await api(`/holds/${body.id}`, { method: 'DELETE' })).body.error.code).toBe('HOLD_REDEEMED');
  });

  it.each([
    ['an unknown brand', () => member('acme', 'c1'), 404, 'UNKNOWN_BRAND'],
    ['a malformed customer id', () => member('vanityfair', 'a%20b'), 400, 'INVALID_REQUEST'],
    ['zero points', () => hold('vanityfair', 'c1', 0), 400, 'INVALID_REQUEST'],
    ['fractional points', () => hold('vanityfair', 'c1', 1.5), 400, 'INVALID_REQUEST'],
    ['an unknown hold', () => api('/holds/hold_000000000000000000000000', { method: 'DELETE' }), 404, 'HOLD_NOT_FOUND'],
    [
      'a malformed hold id',
      () => api('/holds/x/redeem', { method: 'POST', body: { reference: 'a' } }),
      404,
      'HOLD_NOT_FOUND',
    ],
    [
      'an earn in euros',
      () =>
        api('/members/vanityfair/c1/earn', {
          method: 'POST',
          body: { reference: 'r', amount: { centAmount: 1, currencyCode: 'EUR' } },
        }),
      400,
      'INVALID_REQUEST',
    ],
    ['a call without the key', () => call(`${vendors.url}/loyalty/v1/members/vanityfair/c1`), 401, 'UNAUTHORIZED'],
  ])('answers %s with its error', async (_what, send, status, code) => {
    const answer = await send();
    expect(answer.status).toBe(status);
    expect(answer.body.error.code).toBe(code);
  });
}
