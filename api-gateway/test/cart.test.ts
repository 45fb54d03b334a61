import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CartResponse, CreateCartResponse } from '@shop/contracts';
import {
  authClient,
  captchaAt,
  commerceAt,
  commerceGraphql as commerceGraphqlAt,
  startBuiltService,
  startTestGateway,
} from './support';

const INTERNAL_CAPTCHA = 'internal-captcha-secret-for-tests-0007';
const CRM_KEY = 'crm-key-for-gateway-tests-0007';
let commerce: Awaited<ReturnType<typeof startBuiltService>>;
let vendors: Awaited<ReturnType<typeof startBuiltService>>;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;

beforeAll(async () => {
  const data = mkdtempSync(join(tmpdir(), 'gw-cart-'));
  [commerce, vendors] = await Promise.all([
    startBuiltService(
      'commerce',
      { COMMERCE_DATA_DIR: join(data, 'commerce-db'), COMMERCE_SEED_PRODUCTS: '200' },
      'COMMERCE_PORT',
    ),
    startBuiltService(
      'vendors',
      { CAPTCHA_SECRET: 'captcha-secret-for-tests', CRM_API_KEY: CRM_KEY, VENDORS_DATA_DIR: join(data, 'vendors-db') },
      'VENDORS_PORT',
    ),
  ]);
  // The CRM opens its database on its first request; the signup test should not wait on that.
  await fetch(`${vendors.url}/leads`, { headers: { authorization: `Bearer ${CRM_KEY}` } });
  gateway = await startTestGateway({
    commerce: commerceAt(commerce.url),
    captcha: captchaAt(vendors.url, 'captcha-secret-for-tests', INTERNAL_CAPTCHA),
    crm: { url: vendors.url, apiKey: CRM_KEY },
    trustProxy: ['loopback'],
  });
}, 180_000);
afterAll(async () => {
  await gateway?.stop();
  await Promise.all([commerce?.stop(), vendors?.stop()]);
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Answer<T = CartResponse> = { status: number; body: T & { error?: Json } };

/** The commerce platform itself, for what a test arranges behind the gateway (a price change, an expired code). */
const commerceGraphql = (query: string, variables: Record<string, unknown> = {}): Promise<Json> =>
  commerceGraphqlAt(commerce.url, query, variables);

type Stocked = { sku: string; productKey: string; available: number; price: number };
/** The brand's skus with at least `min` in stock, one per product, in a stable order. */
async function stocked(store: string, min: number): Promise<Stocked[]> {
  const data = await commerceGraphql(
    `query($store: String) { productProjectionSearch(storeProjection: $store, limit: 100, sorts: ["id asc"]) { results {
      key allVariants { sku price(currency: "USD") { value { centAmount } } availability { noChannel { availableQuantity } } } } } }`,
    { store },
  );
  return data.productProjectionSearch.results.flatMap((product: Json) => {
    const variant = product.allVariants.find(
      (v: Json) => v.price && (v.availability?.noChannel?.availableQuantity ?? 0) >= min,
    );
    return variant
      ? [
          {
            sku: variant.sku,
            productKey: product.key,
            available: variant.availability.noChannel.availableQuantity,
            price: variant.price.value.centAmount,
          },
        ]
      : [];
  });
}

const hostOf = (brand: string) => `${brand}.localhost:${new URL(gateway.url).port}`;

/** A shopper on one brand's site: a browser's cookies, its guest session, and the cart API. */
async function shopper(brand = 'vanityfair', options: { guest?: boolean } = {}) {
  const client = authClient(gateway.url, hostOf(brand));
  if (options.guest !== false) await client.signIn('guest', '/');
  const token = await client.csrfToken();
  const send = async <T = CartResponse>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> => {
    const response = await client.send(`/api/cart${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': token,
        'sec-fetch-site': 'same-origin',
        ...headers,
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as T & { error?: Json } };
  };
  const channel = `${brand}-online`;
  return {
    client,
    get: () => send('GET', ''),
    add: (sku: string, quantity: unknown = 1, inventoryListKey = channel) =>
      send('POST', '/lineItem', { sku, quantity, inventoryListKey }),
    /** An add with an Idempotency-Key, as the shop's pages send one per tap. */
    addOnce: (key: string, sku: string, quantity = 1) =>
      send('POST', '/lineItem', { sku, quantity, inventoryListKey: channel }, { 'idempotency-key': key }),
    change: (lineItemId: string, quantity: unknown, method = 'PATCH', key?: string) =>
      send(method, `/lineItem/${lineItemId}`, { quantity }, key ? { 'idempotency-key': key } : {}),
    remove: (lineItemId: string, key?: string) =>
      send('DELETE', `/lineItem/${lineItemId}`, undefined, key ? { 'idempotency-key': key } : {}),
    addCode: (code: string) => send('POST', '/discountCode', { code }),
    removeCode: (id: string) => send('DELETE', `/discountCode/${id}`),
    create: (cartTemplate: string) => send<CreateCartResponse>('POST', '/create', { cartTemplate }),
    addBack: () => send('POST', '/previousBag'),
    dismiss: () => send('DELETE', '/previousBag'),
    async signIn(email: string) {
      const response = await client.send('/callback/credentials', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-auth-return-redirect': '1',
          'sec-fetch-site': 'same-origin',
        },
        body: new URLSearchParams({
          csrfToken: token,
          email,
          password: 'Shopper-Pass-1',
          captchaToken: INTERNAL_CAPTCHA,
          callbackUrl: '/cart',
        }).toString(),
      });
      expect(((await response.json()) as { url: string }).url).toContain('/cart');
    },
    async signOut() {
      await client.signOut('/');
      await client.signIn('guest', '/');
    },
  };
}

const quantities = (cart: CartResponse) => Object.fromEntries(cart.lines.map((line) => [line.sku, line.quantity]));
const cartStats = async () =>
  (await (await fetch(`${gateway.url}/api/dev/cart-stats`)).json()) as { writes: number; conflicts: number };

describe('the bag', () => {
  it('answers an empty bag before the first add, without making a cart, and to a visitor without a session', async () => {
    expect((await (await shopper('vanityfair', { guest: false })).get()).body).toEqual({
      lines: [],
      itemCount: 0,
      subtotal: { centAmount: 0, currencyCode: 'USD', fractionDigits: 2 },
      discountCodes: [],
      discountTotal: { centAmount: 0, currencyCode: 'USD', fractionDigits: 2 },
      total: { centAmount: 0, currencyCode: 'USD', fractionDigits: 2 },
    });
    const guest = await shopper();
    expect((await guest.get()).body.id).toBeUndefined();
    const guestId = (await guest.client.getSession())?.user.id;
    const carts = await commerceGraphql(
      `query($w: String) { inStore(key: "vanityfair") { carts(where: $w) { total } } }`,
      { w: `anonymousId="${guestId}"` },
    );
    expect(carts.inStore.carts.total).toBe(0);
  });

  it('adds two products with what the bag shows of each, and raises a line when its sku is added again', async () => {
    const [first, second] = await stocked('vanityfair', 5);
    const bag = await shopper();
    expect((await bag.add(first.sku, 2)).status).toBe(200);
    const { status, body } = await bag.add(second.sku, 1);
    expect(status).toBe(200);
    expect(body.itemCount).toBe(3);
    const line = body.lines.find((l) => l.sku === first.sku);
    expect(line).toMatchObject({
      sku: first.sku,
      productKey: first.productKey,
      quantity: 2,
      inventoryListKey: 'vanityfair-online',
      unitPrice: { centAmount: first.price, currencyCode: 'USD', fractionDigits: 2 },
      maxQuantity: Math.min(99, first.available),
    });
    expect(line?.name.length).toBeGreaterThan(3);
    expect(line?.url).toMatch(new RegExp(`^/p/[a-z0-9-]+/[a-z0-9-]+/${first.sku}$`));
    expect(line?.image?.url).toMatch(/^\/media\/[a-z-]+\/[0-9a-f]{6}-front\.svg$/);
    expect(line?.attributes.map((a) => a.label)).toContain('Colour');
    const each = line?.salePrice?.centAmount ?? first.price;
    expect(line?.subtotal.centAmount).toBe(each * 2);
    expect(line?.total.centAmount).toBe(each * 2);
    const again = await bag.add(first.sku, 1);
    expect(again.body.lines).toHaveLength(2);
    expect(quantities(again.body)[first.sku]).toBe(3);
    expect(again.body.subtotal.centAmount).toBe(again.body.lines.reduce((n, l) => n + l.subtotal.centAmount, 0));
    // PATCH and PUT change a line; DELETE removes it.
    const lineId = again.body.lines.find((l) => l.sku === first.sku)!.lineItemId;
    expect(quantities((await bag.change(lineId, 1)).body)[first.sku]).toBe(1);
    expect(quantities((await bag.change(lineId, 2, 'PUT')).body)[first.sku]).toBe(2);
    const removed = await bag.remove(lineId);
    expect(removed.body.lines.map((l) => l.sku)).toEqual([second.sku]);
    expect((await bag.get()).body.lines.map((l) => l.sku)).toEqual([second.sku]);
  });

  it('refuses quantities 0, 100, -1, 1.5, "2" and more than the stock with INVALID_QUANTITY saying the limit', async () => {
    const [item, scarce] = [
      (await stocked('everwear', 5))[0],
      (await stocked('everwear', 1)).find((s) => s.available < 90)!,
    ];
    const bag = await shopper('everwear');
    for (const quantity of [0, 100, -1, 1.5, '2', null]) {
      const { status, body } = await bag.add(item.sku, quantity);
      expect({ quantity, status, code: body.error?.code }).toEqual({ quantity, status: 400, code: 'INVALID_QUANTITY' });
      expect(body.error.message).toContain('1 to 99');
    }
    const tooMany = await bag.add(scarce.sku, scarce.available + 1);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toMatchObject({ code: 'INVALID_QUANTITY', message: `Only ${scarce.available} left.` });
    const { body } = await bag.add(item.sku, 1);
    const lineId = body.lines[0].lineItemId;
    for (const quantity of [0, 100, 2.5, '3']) {
      expect((await bag.change(lineId, quantity)).body.error.code).toBe('INVALID_QUANTITY');
    }
    const aboveStock = await bag.change(lineId, Math.min(item.available + 1, 99));
    if (item.available < 99) expect(aboveStock.body.error.message).toBe(`Only ${item.available} left.`);
    expect((await bag.get()).body.lines[0].quantity).toBe(1);
  });

  it('answers 404 for an unknown sku, another brand’s sku and another session’s line; 400 for another inventory', async () => {
    const [hoopItem] = await stocked('hoopcraft', 1);
    const [item] = await stocked('vanityfair', 2);
    const mine = await shopper();
    const theirs = await shopper();
    expect((await mine.add('VF99999-000000-XX')).body.error.code).toBe('PRODUCT_NOT_FOUND');
    const foreign = await mine.add(hoopItem.sku);
    expect({ status: foreign.status, code: foreign.body.error.code }).toEqual({
      status: 404,
      code: 'PRODUCT_NOT_FOUND',
    });
    expect((await mine.add(item.sku, 1, 'hoopcraft-online')).body.error).toMatchObject({
      code: 'INVALID_PARAMETER',
      message: expect.stringContaining('inventoryListKey'),
    });
    const lineId = (await theirs.add(item.sku)).body.lines[0].lineItemId;
    await mine.add(item.sku);
    for (const answer of [
      await mine.change(lineId, 2),
      await mine.remove(lineId),
      await mine.change(randomUUID(), 2),
    ]) {
      expect({ status: answer.status, code: answer.body.error.code }).toEqual({
        status: 404,
        code: 'LINE_ITEM_NOT_FOUND',
      });
    }
    expect((await theirs.get()).body.lines[0].quantity).toBe(1);
  });

  it('never answers one brand’s bag on another brand’s site, even with the same cookies', async () => {
    const [item] = await stocked('vanityfair', 2);
    const bag = await shopper();
    expect((await bag.add(item.sku)).body.itemCount).toBe(1);
    const elsewhere = authClient(gateway.url, hostOf('everwear'));
    for (const [name, value] of bag.client.jar) elsewhere.jar.set(name, value);
    const read = await elsewhere.send('/api/cart');
    expect(read.status).toBe(200);
    expect(((await read.json()) as CartResponse).lines).toEqual([]);
    const token = await elsewhere.csrfToken();
    const write = await elsewhere.send('/api/cart/lineItem', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-token': token },
      body: JSON.stringify({ sku: item.sku, quantity: 1, inventoryListKey: 'everwear-online' }),
    });
    expect(write.status).toBe(401);
    expect((await bag.get()).body.itemCount).toBe(1);
  });

  it('refuses a line whose price changed with INVALID_PRICE and the bag at the new price, which is then kept', async () => {
    const [item] = (await stocked('hoopcraft', 5)).slice(-1);
    const bag = await shopper('hoopcraft');
    const before = (await bag.add(item.sku, 1)).body.lines[0];
    const { product } = await commerceGraphql(`query($k: String!) { product(key: $k) { id version } }`, {
      k: item.productKey,
    });
    const newPrice = before.unitPrice.centAmount + 1000;
    await commerceGraphql(
      `mutation($id: String!, $v: Long!, $a: [ProductUpdateAction!]!) { updateProduct(id: $id, version: $v, actions: $a) { id } }`,
      {
        id: product.id,
        v: product.version,
        a: [
          {
            changePrice: {
              sku: item.sku,
              price: { value: { centPrecision: { currencyCode: 'USD', centAmount: newPrice } } },
            },
          },
        ],
      },
    );
    const refused = await bag.add(item.sku, 1);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'INVALID_PRICE',
      message: expect.stringContaining('price'),
      correlationId: expect.any(String),
      cart: {
        lines: [{ sku: item.sku, quantity: 1, unitPrice: { centAmount: newPrice } }],
        priceChanges: [
          {
            lineItemId: before.lineItemId,
            sku: item.sku,
            name: before.name,
            previous: { centAmount: (before.salePrice ?? before.unitPrice).centAmount },
            current: { centAmount: newPrice },
          },
        ],
      },
    });
    // The bag now holds the new price: the shopper's second try goes through, and nothing is reported twice.
    const accepted = await bag.add(item.sku, 1);
    expect(accepted.status).toBe(200);
    expect(accepted.body.lines[0]).toMatchObject({ quantity: 2, unitPrice: { centAmount: newPrice } });
    expect(accepted.body.priceChanges).toBeUndefined();
  });

  it('keeps every one of 200 concurrent adds and of 200 concurrent adds and changes on one bag, with no write refused', async () => {
    const skus = (await stocked('rallyathletic', 60)).slice(0, 8).map((s) => s.sku);
    expect(skus).toHaveLength(8);
    const bag = await shopper('rallyathletic');
    const before = await cartStats();
    let started = performance.now();
    const adds = await Promise.all(Array.from({ length: 200 }, (_, i) => bag.add(skus[i % 4], 1)));
    const addsMs = performance.now() - started;
    expect(adds.filter((a) => a.status !== 200).map((a) => a.body.error)).toEqual([]);
    const afterAdds = (await bag.get()).body;
    expect(quantities(afterAdds)).toEqual(Object.fromEntries(skus.slice(0, 4).map((sku) => [sku, 50])));

    // Changes to the first four lines race adds of four more skus: every add counts, every change lands.
    const lineOf = (sku: string) => afterAdds.lines.find((l) => l.sku === sku)!.lineItemId;
    const targets = [7, 8, 9, 10];
    started = performance.now();
    const mixed = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0
          ? bag.change(lineOf(skus[(i / 2) % 4]), targets[(i / 2) % 4])
          : bag.add(skus[4 + (((i - 1) / 2) % 4)], 1),
      ),
    );
    const mixedMs = performance.now() - started;
    expect(mixed.filter((a) => a.status !== 200).map((a) => a.body.error)).toEqual([]);
    const final = (await bag.get()).body;
    expect(quantities(final)).toEqual({
      ...Object.fromEntries(skus.slice(0, 4).map((sku, i) => [sku, targets[i]])),
      ...Object.fromEntries(skus.slice(4).map((sku) => [sku, 25])),
    });
    expect(final.lines).toHaveLength(8);
    const after = await cartStats();
    const conflicts = after.conflicts - before.conflicts;
    console.log(
      `cart concurrency: 200 adds in ${Math.round(addsMs)} ms, 200 adds and changes in ${Math.round(mixedMs)} ms, ` +
        `${after.writes - before.writes} commerce writes, ${conflicts} refused as CART_CONFLICT`,
    );
    // The per-bag queue is the one mechanism: no write waits on, or loses to, another.
    expect(conflicts).toBe(0);
  }, 180_000);
});

describe('a bag write retried with its Idempotency-Key', () => {
  it('adds once however often it is sent, the first add too, and answers the bag each time', async () => {
    const [first, second] = await stocked('hoopcraft', 5);
    const bag = await shopper('hoopcraft');
    const tap = randomUUID();
    // The first add makes the cart: it is noted there at once.
    const answers = [await bag.addOnce(tap, first.sku, 2), await bag.addOnce(tap, first.sku, 2)];
    expect(answers.map((a) => [a.status, quantities(a.body)[first.sku]])).toEqual([
      [200, 2],
      [200, 2],
    ]);
    // Another tap is another add; a retry of it after a later write still adds nothing.
    const other = randomUUID();
    expect(quantities((await bag.addOnce(other, first.sku)).body)[first.sku]).toBe(3);
    await bag.add(second.sku);
    expect(quantities((await bag.addOnce(other, first.sku)).body)).toEqual({ [first.sku]: 3, [second.sku]: 1 });
    // Without a key an add is an add.
    expect(quantities((await bag.add(first.sku)).body)[first.sku]).toBe(4);
  });

  it('adds once when the same request arrives many times at once (a browser retrying on a reset connection)', async () => {
    const [item] = await stocked('everwear', 5);
    const bag = await shopper('everwear');
    const tap = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => bag.addOnce(tap, item.sku)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(quantities((await bag.get()).body)[item.sku]).toBe(1);
  });

  it('changes and removes a line once: a repeat of a done removal answers the bag, not LINE_ITEM_NOT_FOUND', async () => {
    const [item, other] = await stocked('rallyathletic', 5);
    const bag = await shopper('rallyathletic');
    await bag.add(item.sku);
    const added = await bag.add(other.sku);
    const lineOf = (sku: string) => added.body.lines.find((l) => l.sku === sku)!.lineItemId;
    const change = randomUUID();
    for (let i = 0; i < 2; i += 1) {
      const answer = await bag.change(lineOf(item.sku), 3, 'PATCH', change);
      expect([answer.status, quantities(answer.body)[item.sku]]).toEqual([200, 3]);
    }
    const removal = randomUUID();
    const answers = [await bag.remove(lineOf(other.sku), removal), await bag.remove(lineOf(other.sku), removal)];
    expect(answers.map((a) => [a.status, quantities(a.body)])).toEqual([
      [200, { [item.sku]: 3 }],
      [200, { [item.sku]: 3 }],
    ]);
    // Without its key, the removal of a line that is gone is refused as before.
    expect((await bag.remove(lineOf(other.sku))).body.error?.code).toBe('LINE_ITEM_NOT_FOUND');
  });

  it('refuses a malformed key with IDEMPOTENCY_KEY_INVALID, adding nothing', async () => {
    const [item] = await stocked('vanityfair', 5);
    const bag = await shopper();
    for (const key of ['short', 'with spaces in it 0123456789', 'x'.repeat(129)]) {
      const answer = await bag.addOnce(key, item.sku);
      expect([answer.status, answer.body.error?.code]).toEqual([400, 'IDEMPOTENCY_KEY_INVALID']);
    }
    expect((await bag.get()).body.lines).toEqual([]);
  });
});

describe('promo codes', () => {
  const lead = async (email: string, brand: string) => {
    const client = authClient(gateway.url, hostOf(brand));
    const response = await client.send('/api/leads', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.77' },
      body: JSON.stringify({ csrfToken: await client.csrfToken(), email, placement: 'footer' }),
    });
    return ((await response.json()) as { code: string }).code;
  };

  it('takes the {STORE}10 code off each line and the total, and removes it again', async () => {
    const [item, other] = await stocked('vanityfair', 3);
    const bag = await shopper();
    await bag.add(item.sku, 2);
    await bag.add(other.sku, 1);
    const { status, body } = await bag.addCode('vanityfair10');
    expect(status).toBe(200);
    expect(body.discountCodes).toEqual([
      {
        id: expect.any(String),
        code: 'VANITYFAIR10',
        state: 'MatchesCart',
        description: '10% off',
        amount: { centAmount: body.discountTotal.centAmount, currencyCode: 'USD', fractionDigits: 2 },
      },
    ]);
    for (const line of body.lines) {
      const off = line.subtotal.centAmount - Math.floor(line.subtotal.centAmount * 0.9 + 0.5);
      expect(line.discount?.centAmount).toBe(off);
      expect(line.total.centAmount).toBe(line.subtotal.centAmount - off);
    }
    expect(body.total.centAmount).toBe(body.subtotal.centAmount - body.discountTotal.centAmount);
    expect(body.discountTotal.centAmount).toBeGreaterThan(0);
    const removed = await bag.removeCode(body.discountCodes[0].id);
    expect(removed.body.discountCodes).toEqual([]);
    expect(removed.body.total).toEqual(removed.body.subtotal);
    expect((await bag.removeCode(body.discountCodes[0].id)).body.error.code).toBe('DISCOUNT_CODE_NOT_FOUND');
  });

  it('takes 15% off with the WELCOME code an e-mail signup gave', async () => {
    const [item] = await stocked('everwear', 2);
    const code = await lead('welcome-cart@example.com', 'everwear');
    expect(code).toMatch(/^EW-WELCOME-/);
    const bag = await shopper('everwear');
    await bag.add(item.sku, 1);
    const { body } = await bag.addCode(code.toLowerCase());
    expect(body.discountCodes[0]).toMatchObject({ code, state: 'MatchesCart' });
    expect(body.total.centAmount).toBe(Math.floor(body.subtotal.centAmount * 0.85 + 0.5));
    expect(body.lines[0].discount?.centAmount).toBe(body.discountTotal.centAmount);
  });

  it('says why a code does not apply: unknown, expired, another brand’s; and refuses codes where the brand has none', async () => {
    const [item] = await stocked('vanityfair', 2);
    const bag = await shopper();
    expect((await bag.addCode('VANITYFAIR10')).body.error.code).toBe('CART_EMPTY');
    await bag.add(item.sku, 1);
    const expired = `EXPIRED-${Date.now()}`;
    await commerceGraphql(`mutation($d: DiscountCodeDraft!) { createDiscountCode(draft: $d) { id } }`, {
      d: {
        code: expired,
        cartDiscounts: [{ key: 'vanityfair-percent-10' }],
        validFrom: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        validUntil: new Date(Date.now() - 86_400_000).toISOString(),
      },
    });
    const cases: Array<[string, string]> = [
      ['NOPE-123', "We don't recognise the code NOPE-123. Check it and try again."],
      [expired, `The code ${expired} has expired.`],
      ['EVERWEAR10', 'The code EVERWEAR10 is not valid on Vanity Fair.'],
      ['not a code!', "We don't recognise that code. Check it and try again."],
    ];
    for (const [code, message] of cases) {
      const { status, body } = await bag.addCode(code);
      expect({ code, status, error: body.error }).toEqual({
        code,
        status: 400,
        error: { code: 'DISCOUNT_CODE_INVALID', message, correlationId: expect.any(String) },
      });
    }
    expect((await bag.get()).body.discountCodes).toEqual([]);
    const rally = await shopper('rallyathletic');
    const off = await rally.addCode('RALLYATHLETIC10');
    expect({ status: off.status, code: off.body.error.code }).toEqual({ status: 404, code: 'FEATURE_DISABLED' });
  });
});

describe('the bag across sign-in', () => {
  it('keeps the guest bag at sign-in, offers the older bag back, adds it back once; sign-out starts an empty bag', async () => {
    const [older, guestItem, third] = await stocked('everwear', 3);
    const customer = 'shopper@everwear.example';
    // The customer's bag from an earlier visit.
    const earlier = await shopper('everwear');
    await earlier.signIn(customer);
    await earlier.add(older.sku, 2);
    await earlier.signOut();
    expect((await earlier.get()).body.lines).toEqual([]);

    const visit = await shopper('everwear');
    await visit.add(guestItem.sku, 1);
    await visit.signIn(customer);
    const afterSignIn = (await visit.get()).body;
    expect(quantities(afterSignIn)).toEqual({ [guestItem.sku]: 1 });
    expect(afterSignIn.previousBag?.lines).toEqual([
      expect.objectContaining({ sku: older.sku, quantity: 2, url: expect.stringContaining(older.sku) }),
    ]);
    const [added, twice] = await Promise.all([visit.addBack(), visit.addBack()]);
    expect(quantities(added.body)).toEqual({ [guestItem.sku]: 1, [older.sku]: 2 });
    expect(quantities(twice.body)).toEqual({ [guestItem.sku]: 1, [older.sku]: 2 });
    expect(added.body.previousBag).toBeUndefined();
    expect((await visit.get()).body.previousBag).toBeUndefined();

    // Next visit: the bag of this one is the older bag; dismissing the offer leaves it out.
    await visit.signOut();
    expect((await visit.get()).body.lines).toEqual([]);
    await visit.add(third.sku, 1);
    await visit.signIn(customer);
    const offered = (await visit.get()).body;
    expect(quantities(offered)).toEqual({ [third.sku]: 1 });
    expect(offered.previousBag?.lines.map((l) => l.sku).sort()).toEqual([guestItem.sku, older.sku].sort());
    const dismissed = await visit.dismiss();
    expect(quantities(dismissed.body)).toEqual({ [third.sku]: 1 });
    expect(dismissed.body.previousBag).toBeUndefined();
    expect((await visit.get()).body.previousBag).toBeUndefined();
  });

  it('keeps the guest bag when the guest registers', async () => {
    const [item] = await stocked('hoopcraft', 2);
    const bag = await shopper('hoopcraft');
    await bag.add(item.sku, 1);
    const response = await bag.client.send('/api/account/register', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'sec-fetch-site': 'same-origin',
        'x-forwarded-for': '198.51.100.90',
      },
      body: JSON.stringify({
        csrfToken: await bag.client.csrfToken(),
        email: `bag-${Date.now()}@example.com`,
        password: 'A-Long-Passphrase-42',
        firstName: 'Bea',
        lastName: 'Baker',
      }),
    });
    expect(response.status).toBe(201);
    expect((await bag.client.getSession())?.user.isLoggedIn).toBe(true);
    const { body } = await bag.get();
    expect(quantities(body)).toEqual({ [item.sku]: 1 });
    expect(body.previousBag).toBeUndefined();
  });
});

describe('cart templates', () => {
  it('sends a guest to sign in, makes a signed-in shopper one cart per session, and answers 404 for no such template', async () => {
    const guest = await shopper('hoopcraft');
    const refused = await guest.create('starter-kit');
    expect({ status: refused.status, code: refused.body.error.code }).toEqual({ status: 401, code: 'SessionRequired' });

    const customer = await shopper('hoopcraft');
    await customer.signIn('shopper@hoopcraft.example');
    const [made, tab] = await Promise.all([customer.create('starter-kit'), customer.create('starter-kit')]);
    expect(made.status).toBe(200);
    expect(made.body.next).toBe('/checkout');
    expect(made.body.cart.lines.length).toBeGreaterThan(0);
    expect(tab.body.cart.id).toBe(made.body.cart.id);
    const reload = await customer.create('starter-kit');
    expect(reload.body.cart.id).toBe(made.body.cart.id);
    expect((await customer.get()).body.id).toBe(made.body.cart.id);
    const template = await commerceGraphql(
      `{ customObject(container: "cart-templates", key: "hoopcraft-starter-kit") { value } }`,
    );
    expect(made.body.cart.lines.map((l) => [l.sku, l.quantity])).toEqual(
      template.customObject.value.lines.map((l: { sku: string; quantity: number }) => [l.sku, l.quantity]),
    );
    const unknown = await customer.create('no-such-bag');
    expect({ status: unknown.status, code: unknown.body.error.code }).toEqual({
      status: 404,
      code: 'CART_TEMPLATE_NOT_FOUND',
    });
    // Another brand's template is not this brand's.
    expect((await customer.create('gift-set')).status).toBe(404);
  });
});
