import type { RunningCommerce } from '../src/server';
import { type DatabaseKind, client, startCommerce } from './support';

const DAY = 24 * 60 * 60_000;
const CODE_FIELDS = `id key code isActive validFrom validUntil maxApplications maxApplicationsPerCustomer name(locale: "en-US")
  cartDiscountsRef { typeId id } cartDiscounts { key value { type ... on RelativeDiscountValue { permyriad } } } storesRef { key }`;
const CREATE = `mutation Create($draft: DiscountCodeDraft!) {
  createDiscountCode(draft: $draft) { ${CODE_FIELDS} } }`;
const CART_FIELDS =
  'id version cartState totalPrice { centAmount } lineItems { price { value { centAmount } discounted { value { centAmount } } } } discountCodes { code }';

type Failure = { code?: string; extensions?: Record<string, unknown> };
const failureOf = async (promise: Promise<unknown>): Promise<Failure> => {
  try {
    await promise;
  } catch (error) {
    return error as Failure;
  }
  throw new Error('expected the call to fail');
};

/** Discount codes created through the API and redeemed on carts and orders, on PGlite and PostgreSQL. */
export function discountCodeSuite(kind: DatabaseKind) {
  const start = Date.parse('2026-11-21T12:00:00Z');
  let clock = start;
  let commerce: RunningCommerce;
  let api: ReturnType<typeof client>;
  let skus: string[];
  let serial = 0;

  beforeAll(async () => {
    commerce = await startCommerce(kind, 40, () => clock);
    api = client(commerce);
    const data = await api.gql(`{ productProjectionSearch(storeProjection: "everwear", limit: 20, sorts: ["id asc"]) {
      results { allVariants { sku availability { noChannel { availableQuantity } } } } } }`);
    skus = data.productProjectionSearch.results
      .flatMap(
        (p: {
          allVariants: Array<{ sku: string; availability: { noChannel: { availableQuantity: number } } | null }>;
        }) => p.allVariants,
      )
      .filter(
        (v: { availability: { noChannel: { availableQuantity: number } } | null }) =>
          (v.availability?.noChannel.availableQuantity ?? 0) >= 3,
      )
      .map((v: { sku: string }) => v.sku);
  });
  afterEach(() => {
    clock = start;
  });
  afterAll(() => commerce?.stop());

  const iso = (at: number) => new Date(at).toISOString();
  const unique = (prefix: string) => `${prefix}-${kind}-${(serial += 1)}`;
  /** A code granting a store's 15% welcome discount (cart discount keys are project-wide: `{store}-welcome-15`). */
  const create = async (draft: Record<string, unknown>, storeKey = 'everwear') =>
    (await api.gql(CREATE, { draft: { cartDiscounts: [{ key: `${storeKey}-welcome-15` }], ...draft } }))
      .createDiscountCode;
  const newCart = async (customerId?: string, storeKey = 'everwear', sku = skus[serial++ % skus.length]) =>
    (
      await api.gql(
        `mutation($draft: CartDraft!, $storeKey: KeyReferenceInput) { createCart(draft: $draft, storeKey: $storeKey) { ${CART_FIELDS} } }`,
        {
          storeKey,
          // A different sku per cart, so no order here runs short of stock.
          draft: {
            currency: 'USD',
            // No tax rates to set before ordering: these tests are about the codes.
            taxMode: 'Disabled',
            lineItems: [{ sku, quantity: 1 }],
            ...(customerId ? { customerId } : {}),
          },
        },
      )
    ).createCart;
  const addCode = async (cart: { id: string; version: number }, code: string) =>
    (
      await api.gql(
        `mutation($id: String!, $version: Long!, $actions: [CartUpdateAction!]!) { updateCart(id: $id, version: $version, actions: $actions) { ${CART_FIELDS} } }`,
        {
          id: cart.id,
          version: cart.version,
          actions: [{ addDiscountCode: { code } }],
        },
      )
    ).updateCart;
  const placeOrder = async (cart: { id: string; version: number }, orderNumber?: string) =>
    (
      await api.gql(
        `mutation($draft: OrderCartCommand!) { createOrderFromCart(draft: $draft) { orderNumber discountCodes { code } } }`,
        {
          draft: { id: cart.id, version: cart.version, ...(orderNumber ? { orderNumber } : {}) },
        },
      )
    ).createOrderFromCart;
  const cartState = async (id: string) =>
    (await api.gql(`query($id: String!) { cart(id: $id) { cartState } }`, { id })).cart.cartState;
  const applicationCount = async (id: string) =>
    (
      await commerce.db.query<{ application_count: number }>(
        'SELECT application_count FROM discount_codes WHERE id = $1',
        [id],
      )
    )[0].application_count;
  const customer = async (email: string) =>
    (
      await api.gql(
        `mutation($draft: CustomerSignUpDraft!) { customerSignUp(draft: $draft, storeKey: "everwear") { customer { id } } }`,
        {
          draft: { email, password: 'Secret-Pass-1' },
        },
      )
    ).customerSignUp.customer.id as string;

  it('creates a code granting the store’s 15% welcome discount, finds it by key or id, and takes 15% off a cart', async () => {
    const key = unique('signup');
    const created = await create({
      code: `welcome-1121-${kind}`,
      key,
      name: [{ locale: 'en-US', value: 'Welcome' }],
      validFrom: iso(clock),
      validUntil: iso(clock + 30 * DAY),
      maxApplications: 1,
    });
    expect(created).toMatchObject({
      key,
      code: `WELCOME-1121-${kind.toUpperCase()}`,
      isActive: true,
      validFrom: iso(start),
      validUntil: iso(start + 30 * DAY),
      maxApplications: 1,
      maxApplicationsPerCustomer: null,
      name: 'Welcome',
      cartDiscounts: [{ key: 'everwear-welcome-15', value: { type: 'relative', permyriad: 1500 } }],
      storesRef: [{ key: 'everwear' }],
    });
    const byKey = `query($key: String, $id: String) { discountCode(key: $key, id: $id) { id code validUntil } }`;
    expect((await api.gql(byKey, { key })).discountCode).toEqual({
      id: created.id,
      code: created.code,
      validUntil: created.validUntil,
    });
    expect((await api.gql(byKey, { id: created.id })).discountCode.code).toBe(created.code);
    expect((await api.gql(byKey, { key: `${key}-none` })).discountCode).toBeNull();

    const cart = await newCart();
    const line = cart.lineItems[0].price;
    const unit = line.discounted?.value.centAmount ?? line.value.centAmount;
    const discounted = await addCode(cart, created.code.toLowerCase());
    expect(discounted.discountCodes).toEqual([{ code: created.code }]);
    expect(discounted.totalPrice.centAmount).toBe(Math.floor(unit * 0.85 + 0.5));
  });

  it('refuses a code or key the project already has, in any store, with DuplicateField, decided atomically', async () => {
    const key = unique('dup');
    const code = unique('DUP');
    await create({ code, key });
    expect(await failureOf(create({ code: code.toLowerCase() }))).toMatchObject({
      code: 'DuplicateField',
      extensions: { field: 'code' },
    });
    expect(await failureOf(create({ code: unique('OTHER'), key }))).toMatchObject({
      code: 'DuplicateField',
      extensions: { field: 'key', duplicateValue: key },
    });
    // Codes and keys belong to no store: another brand's cart discount does not make them new.
    expect(await failureOf(create({ code }, 'hoopcraft'))).toMatchObject({
      code: 'DuplicateField',
      extensions: { field: 'code' },
    });
    expect(await failureOf(create({ code: unique('OTHER'), key }, 'hoopcraft'))).toMatchObject({
      code: 'DuplicateField',
      extensions: { field: 'key' },
    });

    const raceKey = unique('race');
    const results = await Promise.allSettled(
      [1, 2, 3, 4, 5].map((n) => create({ code: `${raceKey}-${n}`, key: raceKey })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual(
      Array(4).fill('DuplicateField'),
    );
    const rows = await commerce.db.query('SELECT id FROM discount_codes WHERE key = $1', [raceKey]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a code before validFrom and after validUntil with NotValid, on the cart and when ordering', async () => {
    const early = await create({ code: unique('EARLY'), validFrom: iso(clock + DAY) });
    expect(await failureOf(addCode(await newCart(), early.code))).toMatchObject({
      code: 'DiscountCodeNonApplicable',
      extensions: { reason: 'NotValid' },
    });

    const welcome = await create({ code: unique('WELCOME'), validFrom: iso(clock), validUntil: iso(clock + 30 * DAY) });
    const carried = await addCode(await newCart(), welcome.code);
    clock += 31 * DAY;
    expect(await failureOf(addCode(await newCart(), welcome.code))).toMatchObject({
      code: 'DiscountCodeNonApplicable',
      extensions: {
        reason: 'NotValid',
        discountCodeId: welcome.id,
        validUntil: welcome.validUntil,
        validityCheckTime: iso(clock),
      },
    });
    // A cart that took the code in time cannot turn it into an order once it has expired.
    expect(await failureOf(placeOrder(carried))).toMatchObject({
      code: 'DiscountCodeNonApplicable',
      extensions: { reason: 'NotValid' },
    });
    expect(await cartState(carried.id)).toBe('Active');
    expect(await applicationCount(welcome.id)).toBe(0);
  });

  it('refuses a switched-off code with NotActive, and an unknown one with DoesNotExist', async () => {
    const off = await create({ code: unique('OFF'), isActive: false });
    expect(off.isActive).toBe(false);
    expect(await failureOf(addCode(await newCart(), off.code))).toMatchObject({
      code: 'DiscountCodeNonApplicable',
      extensions: { reason: 'NotActive' },
    });
    expect(await failureOf(addCode(await newCart(), 'NO-SUCH-CODE'))).toMatchObject({
      code: 'DiscountCodeNonApplicable',
      extensions: { reason: 'DoesNotExist' },
    });
  });

  it("applies a code only to carts of its cart discounts' stores, as commercetools does", async () => {
    const hoopSku = (
      await api.gql(`{ productProjectionSearch(storeProjection: "hoopcraft", limit: 1, sorts: ["id asc"]) {
        results { masterVariant { sku } } } }`)
    ).productProjectionSearch.results[0].masterVariant.sku as string;
    const everwearOnly = await create({ code: unique('EW-ONLY') });
    expect(await failureOf(addCode(await newCart(undefined, 'hoopcraft', hoopSku), everwearOnly.code))).toMatchObject({
      code: 'DiscountCodeNonApplicable',
      extensions: { reason: 'DoesNotMatchCart', discountCodeId: everwearOnly.id },
    });
    const both = await create({
      code: unique('BOTH'),
      cartDiscounts: [{ key: 'everwear-welcome-15' }, { key: 'hoopcraft-percent-10' }],
    });
    expect(both.storesRef).toEqual([{ key: 'everwear' }, { key: 'hoopcraft' }]);
    // In each store only that store's cart discount counts: 15% in everwear, 10% in hoopcraft.
    const hoopCart = await newCart(undefined, 'hoopcraft', hoopSku);
    const hoopLine = hoopCart.lineItems[0].price;
    const hoopUnit = hoopLine.discounted?.value.centAmount ?? hoopLine.value.centAmount;
    expect((await addCode(hoopCart, both.code)).totalPrice.centAmount).toBe(Math.floor(hoopUnit * 0.9 + 0.5));
    const everCart = await newCart();
    const everLine = everCart.lineItems[0].price;
    const everUnit = everLine.discounted?.value.centAmount ?? everLine.value.centAmount;
    expect((await addCode(everCart, both.code)).totalPrice.centAmount).toBe(Math.floor(everUnit * 0.85 + 0.5));
  });

  it('counts a code when an order is placed: with maxApplications 1 a second order and a later cart are refused', async () => {
    const once = await create({ code: unique('ONCE'), maxApplications: 1 });
    const first = await addCode(await newCart(), once.code);
    const second = await addCode(await newCart(), once.code);
    expect((await placeOrder(first)).discountCodes).toEqual([{ code: once.code }]);
    expect(await applicationCount(once.id)).toBe(1);

    expect(await failureOf(placeOrder(second))).toMatchObject({
      code: 'DiscountCodeNonApplicable',
      extensions: { reason: 'MaxApplicationReached' },
    });
    expect(await cartState(second.id)).toBe('Active');
    expect(await applicationCount(once.id)).toBe(1);
    expect(await failureOf(addCode(await newCart(), once.code))).toMatchObject({
      code: 'DiscountCodeNonApplicable',
      extensions: { reason: 'MaxApplicationReached' },
    });
  });

  it('gives a code with one application left to exactly one of two carts ordered at the same moment', async () => {
    const once = await create({ code: unique('RACE'), maxApplications: 1 });
    const carts = [await addCode(await newCart(), once.code), await addCode(await newCart(), once.code)];
    const [a, b] = await Promise.allSettled(carts.map((cart, i) => placeOrder(cart, `RACE-${kind}-${serial}-${i}`)));
    const outcomes = [a, b].map((result) => result.status);
    expect(outcomes.sort()).toEqual(['fulfilled', 'rejected']);
    const refused = [a, b].find((result): result is PromiseRejectedResult => result.status === 'rejected');
    // The loser learns why, in commercetools' terms, and keeps its cart.
    expect(refused?.reason).toMatchObject({
      code: 'DiscountCodeNonApplicable',
      extensions: { reason: 'MaxApplicationReached' },
    });
    expect(await applicationCount(once.id)).toBe(1);
    const states = await Promise.all(carts.map((cart) => cartState(cart.id)));
    expect(states.sort()).toEqual(['Active', 'Ordered']);
    const [{ n }] = await commerce.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE cart_id::text = ANY($1)',
      [carts.map((cart) => cart.id)],
    );
    expect(n).toBe(1);
  });

  it('turns one cart ordered twice at the same moment into one order', async () => {
    const cart = await newCart();
    const results = await Promise.allSettled([
      placeOrder(cart, unique('TWICE-A')),
      placeOrder(cart, unique('TWICE-B')),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    // Whichever comes second finds the cart moved on: a newer version, or already ordered.
    expect(['ConcurrentModification', 'InvalidOperation']).toContain((refused?.reason as Failure).code);
    const [{ n }] = await commerce.db.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE cart_id = $1', [
      cart.id,
    ]);
    expect(n).toBe(1);
  });

  it('limits each customer to maxApplicationsPerCustomer, and other customers not at all', async () => {
    const perCustomer = await create({ code: unique('PERCUSTOMER'), maxApplicationsPerCustomer: 1 });
    const ada = await customer(`${unique('ada')}@example.com`);
    const bob = await customer(`${unique('bob')}@example.com`);
    await placeOrder(await addCode(await newCart(ada), perCustomer.code));
    expect(await failureOf(addCode(await newCart(ada), perCustomer.code))).toMatchObject({
      extensions: { reason: 'MaxApplicationReached' },
    });
    await expect(placeOrder(await addCode(await newCart(bob), perCustomer.code))).resolves.toMatchObject({
      discountCodes: [{ code: perCustomer.code }],
    });
    expect(await applicationCount(perCustomer.id)).toBe(2);
  });

  it("keeps a code with a customerId cartPredicate to that customer's carts", async () => {
    const ada = await customer(`${unique('ada')}@example.com`);
    const bob = await customer(`${unique('bob')}@example.com`);
    const code = unique('ONLYADA');
    const created = await api.gql(
      `mutation($draft: DiscountCodeDraft!) { createDiscountCode(draft: $draft) { code cartPredicate } }`,
      { draft: { code, cartDiscounts: [{ key: 'everwear-idme-military' }], cartPredicate: `customerId = "${ada}"` } },
    );
    expect(created.createDiscountCode.cartPredicate).toBe(`customerId = "${ada}"`);
    for (const other of [bob, undefined]) {
      expect(await failureOf(addCode(await newCart(other), code))).toMatchObject({
        extensions: { reason: 'DoesNotMatchCart' },
      });
    }
    const discounted = await addCode(await newCart(ada), code);
    expect(discounted.discountCodes).toEqual([{ code: code.toUpperCase() }]);
    expect(
      await failureOf(create({ code: unique('BADPREDICATE'), cartPredicate: 'lineItemCount(1 = 1) > 0' })),
    ).toMatchObject({ code: 'InvalidInput' });
  });

  it('answers a malformed draft with InvalidInput and a 4xx, never a 500, and stores nothing', async () => {
    const [{ n: before }] = await commerce.db.query<{ n: number }>('SELECT count(*)::int AS n FROM discount_codes');
    const welcome = [{ key: 'everwear-welcome-15' }];
    const bad: Array<Record<string, unknown>> = [
      { cartDiscounts: welcome },
      { code: 'has spaces', cartDiscounts: welcome },
      { code: 'X'.repeat(65), cartDiscounts: welcome },
      { code: '<script>alert(1)</script>', cartDiscounts: welcome },
      { code: 'OK-1', key: 'k', cartDiscounts: welcome },
      { code: 'OK-1', key: 'with space', cartDiscounts: welcome },
      { code: 'OK-1', validFrom: 'tomorrow', cartDiscounts: welcome },
      { code: 'OK-1', validFrom: iso(clock + DAY), validUntil: iso(clock), cartDiscounts: welcome },
      { code: 'OK-1', maxApplications: 0, cartDiscounts: welcome },
      { code: 'OK-1', maxApplications: -1, cartDiscounts: welcome },
      { code: 'OK-1', maxApplications: 1.5, cartDiscounts: welcome },
      { code: 'OK-1', maxApplications: '3', cartDiscounts: welcome },
      { code: 'OK-1', maxApplicationsPerCustomer: 2 ** 40, cartDiscounts: welcome },
      { code: 'OK-1', cartDiscounts: [] },
      { code: 'OK-1', cartDiscounts: [{ key: 'everwear-welcome-15', id: 'also-an-id' }] },
      { code: 'OK-1', cartDiscounts: [{ typeId: 'product-discount', key: 'everwear-welcome-15' }] },
      { code: 'OK-1', name: [{ locale: 'english', value: 'Welcome' }], cartDiscounts: welcome },
      { code: 'OK-1', cartDiscounts: welcome, isActive: 'yes' },
    ];
    for (const draft of bad) {
      const { status, body } = await api.post('/graphql', {
        query: CREATE,
        variables: { draft },
      });
      expect({ draft, status: status < 500, code: body.errors?.[0]?.extensions?.code }).toEqual({
        draft,
        status: true,
        code: 'InvalidInput',
      });
    }
    const missingCode = await api.post('/graphql', {
      query: CREATE,
      variables: { draft: { cartDiscounts: welcome } },
    });
    expect(missingCode.status).toBe(400);
    // Codes belong to no store: a storeKey argument is refused as commercetools refuses it.
    const withStore = await api.post('/graphql', {
      query: `mutation($draft: DiscountCodeDraft!) { createDiscountCode(draft: $draft, storeKey: "everwear") { id } }`,
      variables: { draft: { code: 'OK-1', cartDiscounts: welcome } },
    });
    expect(withStore.status).toBe(400);
    const unknownDiscount = await api.post('/graphql', {
      query: CREATE,
      variables: { draft: { code: 'OK-1', cartDiscounts: [{ key: 'nope' }] } },
    });
    expect(unknownDiscount.body.errors[0].extensions).toMatchObject({
      code: 'ReferencedResourceNotFound',
      typeId: 'cart-discount',
    });
    const storeScopedKey = await api.post('/graphql', {
      query: CREATE,
      variables: { draft: { code: 'OK-1', cartDiscounts: [{ key: 'welcome-15' }] } },
    });
    expect(storeScopedKey.body.errors[0].extensions.code).toBe('ReferencedResourceNotFound');
    const [{ n: after }] = await commerce.db.query<{ n: number }>('SELECT count(*)::int AS n FROM discount_codes');
    expect(after).toBe(before);
  });
}
