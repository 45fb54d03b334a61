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
  const order = (brand: string, customer: string, orderNumber: string, step: string, body?: unknown) =>
    api(`/members/${brand}/${customer}/orders/${orderNumber}/${step}`, { method: 'POST', ...(body ? { body } : {}) });
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
      pending: 0,
      owed: 0,
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
    await order('everwear', id, 'VF0000000401', 'capture');
    const { body } = await hold('everwear', id, 300);
    await api(`/holds/${body.id}/redeem`, { method: 'POST', body: { reference: 'VF0000000402' } });
    await earn('everwear', id, 'VF0000000402', 2_000);
    const lines = (await history('everwear', id)).body.lines;
    expect(
      lines.map((l: { kind: string; points: number; orderNumber?: string }) => [l.kind, l.points, l.orderNumber]),
    ).toEqual([
      ['earn-pending', 40, 'VF0000000402'],
      ['redeem', -300, 'VF0000000402'],
      ['earn-posted', 100, 'VF0000000401'],
      ['earn-pending', 100, 'VF0000000401'],
      ['welcome', 1000, undefined],
    ]);
    expect((await history('everwear', id, '?limit=2')).body.lines).toHaveLength(2);
    expect((await history('everwear', id, '?limit=0')).body.error.code).toBe('INVALID_REQUEST');
    expect((await history('everwear', id, '?limit=x')).body.error.code).toBe('INVALID_REQUEST');
    expect((await history('everwear', id, '?after=1')).body.error.code).toBe('INVALID_REQUEST');
  });

  it('earns the brand’s points per whole dollar, once per reference', async () => {
    const id = await customer();
    const pending = (earned: number) => ({ earned, balance: 1000, pending: earned, posted: false });
    expect((await earn('vanityfair', id, 'VF0000000101', 12_345)).body).toEqual(pending(123));
    expect((await earn('everwear', id, 'VF0000000101', 12_345)).body).toEqual(pending(246));
    const again = await earn('vanityfair', id, 'VF0000000101', 12_345);
    expect(again.body).toEqual(pending(123));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await earn('vanityfair', id, 'VF0000000101', 99_999);
    expect(other).toMatchObject({ status: 409, body: { error: { code: 'REFERENCE_REUSED' } } });
    expect((await earn('hoopcraft', id, 'VF0000000102', 99)).body).toEqual(pending(0));
    expect((await earn('rallyathletic', id, 'VF0000000103', 5_000)).body).toEqual(pending(50));
  });

  it('earns once when the same order is reported five times at once', async () => {
    const id = await customer();
    const answers = await Promise.all(Array.from({ length: 5 }, () => earn('everwear', id, 'VF0000000201', 10_000)));
    expect(answers.map((a) => a.body)).toEqual(
      Array(5).fill({ earned: 200, balance: 1000, pending: 200, posted: false }),
    );
  });

  it('keeps earned points pending until the order is captured, then posts them once', async () => {
    const id = await customer('everwear');
    await earn('everwear', id, 'EW0000000501', 6_800);
    expect((await member('everwear', id)).body).toMatchObject({ balance: 1000, available: 1000, pending: 136 });
    expect((await hold('everwear', id, 1001)).body.error.code).toBe('INSUFFICIENT_POINTS');
    const captures = await Promise.all([1, 2, 3].map(() => order('everwear', id, 'EW0000000501', 'capture')));
    for (const answer of captures)
      expect(answer.body.member).toMatchObject({ balance: 1136, available: 1136, pending: 0, owed: 0 });
    // A capture that comes before the earn posts the points at the earn.
    await order('everwear', id, 'EW0000000502', 'capture');
    expect((await earn('everwear', id, 'EW0000000502', 1_000)).body).toEqual({
      earned: 20,
      balance: 1156,
      pending: 0,
      posted: true,
    });
  });

  it('on a cancel takes back the earned points and gives back the redeemed ones, once', async () => {
    const id = await customer('everwear');
    const { body } = await hold('everwear', id, 300);
    await api(`/holds/${body.id}/redeem`, { method: 'POST', body: { reference: 'EW0000000601' } });
    await earn('everwear', id, 'EW0000000601', 6_800);
    expect((await member('everwear', id)).body).toMatchObject({ balance: 700, pending: 136 });
    const cancels = await Promise.all([1, 2].map(() => order('everwear', id, 'EW0000000601', 'cancel')));
    expect(cancels.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(1);
    for (const answer of cancels) {
      expect(answer.body.member).toMatchObject({ balance: 1000, pending: 0, owed: 0 });
      expect(answer.body.order).toMatchObject({ earned: 136, cancelled: true, reversed: 136, redeemReturned: 300 });
    }
    // Late messages for the cancelled order move nothing.
    await order('everwear', id, 'EW0000000601', 'capture');
    expect((await earn('everwear', id, 'EW0000000601', 6_800)).body).toMatchObject({ earned: 136, balance: 1000 });
    const late = await hold('everwear', id, 50);
    const redeem = await api(`/holds/${late.body.id}/redeem`, { method: 'POST', body: { reference: 'EW0000000601' } });
    expect(redeem.body.error.code).toBe('ORDER_CANCELLED');
    const lines = (await history('everwear', id)).body.lines.map((l: { kind: string; points: number }) => [
      l.kind,
      l.points,
    ]);
    expect(lines).toEqual([
      ['redeem-reversed', 300],
      ['earn-reversed', -136],
      ['earn-pending', 136],
      ['redeem', -300],
      ['welcome', 1000],
    ]);
  });

  it('on returns takes back the returned share of posted points, never below zero, owing the rest', async () => {
    const id = await customer('everwear');
    await earn('everwear', id, 'EW0000000701', 10_000);
    await order('everwear', id, 'EW0000000701', 'capture');
    // All but 100 of the 1200 points are spent.
    const { body } = await hold('everwear', id, 1100);
    await api(`/holds/${body.id}/redeem`, { method: 'POST', body: { reference: 'EW0000000702' } });
    const ret = (returnId: string, centAmount: number) =>
      order('everwear', id, 'EW0000000701', 'returns', {
        returnId,
        returned: { centAmount },
        goods: { centAmount: 10_000 },
      });
    const first = await ret('EW0000000701-R1', 2_500);
    expect(first.body).toMatchObject({ reversed: 50, member: { balance: 50, owed: 0 } });
    expect((await ret('EW0000000701-R1', 2_500)).headers.get('idempotent-replayed')).toBe('true');
    const rest = await ret('EW0000000701-R2', 7_500);
    expect(rest.body).toMatchObject({ reversed: 150, member: { balance: 0, available: 0, owed: 100 } });
    expect(rest.body.order).toMatchObject({ earned: 200, reversed: 200 });
    const [line] = (await history('everwear', id)).body.lines;
    expect(line).toMatchObject({ kind: 'earn-reversed', points: -150, returnId: 'EW0000000701-R2', owed: 100 });
    // What is owed is paid from the next points to post.
    await earn('everwear', id, 'EW0000000703', 7_000);
    const paid = await order('everwear', id, 'EW0000000703', 'capture');
    expect(paid.body.member).toMatchObject({ balance: 40, owed: 0 });
  });

  it('takes back the points of an order earned before points waited for the capture from the balance, not from pending', async () => {
    const id = await customer('everwear');
    // Two orders earned the old way: an `earn` line and the points in the balance at once; the
    // loyalty_002 migration gave each its order_number and a captured loyalty_orders row.
    const db = await vendors.database();
    for (const [orderNumber, points, amount] of [
      ['EW0000000801', 200, 10_000],
      ['EW0000000802', 100, 5_000],
    ] as const) {
      await db.query(
        `INSERT INTO loyalty_ledger (brand, customer_id, kind, points, reference, order_number, amount)
         VALUES ('everwear', $1, 'earn', $2, $3, $3, $4)`,
        [id, points, orderNumber, amount],
      );
      await db.query(
        "UPDATE loyalty_members SET balance = balance + $2 WHERE brand = 'everwear' AND customer_id = $1",
        [id, points],
      );
    }
    await db.query(
      `INSERT INTO loyalty_orders (brand, customer_id, order_number, earned, amount, captured)
       SELECT brand, customer_id, reference, points, amount, true FROM loyalty_ledger
       WHERE kind = 'earn' AND brand = 'everwear' AND customer_id = $1`,
      [id],
    );
    // A new order's 100 points wait for its capture; all but 50 of the 1300 posted are spent.
    await earn('everwear', id, 'EW0000000803', 5_000);
    const { body } = await hold('everwear', id, 1250);
    await api(`/holds/${body.id}/redeem`, { method: 'POST', body: { reference: 'EW0000000804' } });
    expect((await member('everwear', id)).body).toMatchObject({ balance: 50, pending: 100, owed: 0 });

    const returned = await order('everwear', id, 'EW0000000802', 'returns', {
      returnId: 'EW0000000802-R1',
      returned: { centAmount: 2_500 },
      goods: { centAmount: 5_000 },
    });
    expect(returned.body).toMatchObject({ reversed: 50, member: { balance: 0, pending: 100, owed: 0 } });
    const cancelled = await order('everwear', id, 'EW0000000801', 'cancel');
    expect(cancelled.body.member).toMatchObject({ balance: 0, available: 0, pending: 100, owed: 200 });
    expect(cancelled.body.order).toMatchObject({ earned: 200, captured: true, cancelled: true, reversed: 200 });

    // The new order's capture still posts (it pays 100 of what is owed), and again.
    for (let i = 0; i < 2; i++) {
      const captured = await order('everwear', id, 'EW0000000803', 'capture');
      expect(captured.status).toBe(200);
      expect(captured.body.member).toMatchObject({ balance: 0, pending: 0, owed: 100 });
    }
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
