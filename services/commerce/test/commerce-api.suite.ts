import type { RunningCommerce } from '../src/server';
import { type DatabaseKind, client, codeOf, readJson, startCommerce } from './support';

const SIGN_UP = `mutation SignUp($draft: CustomerSignUpDraft!, $storeKey: KeyReferenceInput) {
  customerSignUp(draft: $draft, storeKey: $storeKey) { customer { id version email firstName lastName key createdAt
    custom { type { key } customFieldsRaw { name value } } stores { key } } } }`;
const CART_FIELDS = `id version cartState customerId anonymousId totalPrice { type currencyCode centAmount fractionDigits }
  taxedPrice { totalNet { centAmount } totalGross { centAmount } }
  lineItems { id quantity supplyChannel { key } variant { sku } totalPrice { centAmount } price { value { centAmount } discounted { value { centAmount } } } }
  shippingInfo { shippingMethodName price { centAmount } } discountCodes { code }`;
const UPDATE_CART = `mutation Update($id: String!, $version: Long!, $actions: [CartUpdateAction!]!) {
  updateCart(id: $id, version: $version, actions: $actions) { ${CART_FIELDS} } }`;

/** The same API tests, run against PGlite and against PostgreSQL. */
export function commerceApiSuite(kind: DatabaseKind) {
  let commerce: RunningCommerce;
  let api: ReturnType<typeof client>;
  let sku: string;
  let otherSku: string;

  beforeAll(async () => {
    commerce = await startCommerce(kind);
    api = client(commerce);
    const data = await api.gql(`{ productProjectionSearch(storeProjection: "everwear", limit: 2, sorts: ["id asc"]) {
      results { masterVariant { sku } } } }`);
    [sku, otherSku] = data.productProjectionSearch.results.map(
      (r: { masterVariant: { sku: string } }) => r.masterVariant.sku,
    );
  });
  afterAll(() => commerce?.stop());

  const signUp = (email: string, storeKey = 'everwear', extra: Record<string, unknown> = {}) =>
    api.gql(SIGN_UP, {
      storeKey,
      draft: { email, password: 'Secret-Pass-1', firstName: 'Ada', lastName: 'Lovelace', ...extra },
    });
  const newCart = async (storeKey = 'everwear', draft: Record<string, unknown> = {}) =>
    (
      await api.gql(
        `mutation($draft: CartDraft!, $storeKey: KeyReferenceInput) { createCart(draft: $draft, storeKey: $storeKey) { ${CART_FIELDS} } }`,
        {
          storeKey,
          draft: { currency: 'USD', ...draft },
        },
      )
    ).createCart;
  const updateCart = async (cart: { id: string; version: number }, actions: unknown[]) =>
    (await api.gql(UPDATE_CART, { id: cart.id, version: cart.version, actions })).updateCart;

  describe('auth', () => {
    it('issues client-credentials tokens and refuses bad client credentials', async () => {
      const ok = await fetch(`${commerce.baseUrl}/oauth/token?grant_type=client_credentials`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from('test-client-id:test-client-secret-0123456789').toString('base64')}`,
        },
      });
      expect(ok.status).toBe(200);
      expect(await readJson(ok)).toEqual({
        access_token: expect.any(String),
        token_type: 'Bearer',
        expires_in: expect.any(Number),
        scope: 'manage_project:shop',
      });
      const bad = await fetch(`${commerce.baseUrl}/oauth/token?grant_type=client_credentials`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('test-client-id:wrong').toString('base64')}` },
      });
      expect(bad.status).toBe(401);
      expect((await readJson(bad)).errors[0].code).toBe('invalid_client');
    });

    it('answers 401 without a token, or with a forged one', async () => {
      for (const authorization of [undefined, 'Bearer nope', 'Bearer eyJzdWIiOiJ4In0.AAAA']) {
        const response = await fetch(`${commerce.baseUrl}/shop/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
          body: JSON.stringify({ query: '{ stores { total } }' }),
        });
        expect(response.status).toBe(401);
        expect((await readJson(response)).errors[0].code).toBe('invalid_token');
      }
    });
  });

  describe('malformed requests', () => {
    it('gives malformed GraphQL and malformed JSON a 400, never a crash', async () => {
      const parse = await api.post('/graphql', { query: '{ stores { total ' });
      expect(parse.status).toBe(400);
      expect(parse.body.errors[0].extensions.code).toBe('InvalidInput');
      const unknown = await api.post('/graphql', { query: '{ nothing }' });
      expect(unknown.status).toBe(400);
      const noQuery = await api.post('/graphql', { variables: {} });
      expect(noQuery.status).toBe(400);
      const badVariables = await api.post('/graphql', {
        query: 'query($n: Int) { stores(limit: $n) { total } }',
        variables: { n: 'many' },
      });
      expect(badVariables.status).toBe(400);
      const token = (
        await readJson(
          await fetch(`${commerce.baseUrl}/oauth/token?grant_type=client_credentials`, {
            method: 'POST',
            headers: {
              authorization: `Basic ${Buffer.from('test-client-id:test-client-secret-0123456789').toString('base64')}`,
            },
          }),
        )
      ).access_token;
      const json = await fetch(`${commerce.baseUrl}/shop/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: '{"query": ',
      });
      expect(json.status).toBe(400);
      expect((await readJson(json)).errors[0].code).toBe('InvalidJsonInput');
      expect(await codeOf(api.gql('{ customers(where: "email = ") { total } }'))).toBe('InvalidInput');
    });
  });

  describe('customers', () => {
    it('signs a customer up in a store with the spec fields, and refuses a duplicate e-mail', async () => {
      const { customerSignUp } = await signUp('Ada@Example.com', 'everwear', {
        custom: { typeKey: 'customer-b2c', fields: [{ name: 'marketingOptIn', value: 'true' }] },
      });
      expect(customerSignUp.customer).toMatchObject({
        email: 'Ada@Example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        version: 1,
        stores: [{ key: 'everwear' }],
        custom: { type: { key: 'customer-b2c' }, customFieldsRaw: [{ name: 'marketingOptIn', value: true }] },
      });
      expect(customerSignUp.customer.key).toMatch(/^[0-9a-f]{64}$/);
      const duplicate = await codeOf(signUp('ada@example.com'));
      expect(duplicate).toBe('DuplicateField');
      // The same e-mail is a different customer in another brand's store.
      await expect(signUp('ada@example.com', 'hoopcraft')).resolves.toBeTruthy();
    });

    it('finds customers by e-mail and store', async () => {
      await signUp('grace@example.com');
      const query = `query($where: String) { customers(where: $where) { total results { email stores { key } custom { customFieldsRaw { name } } } } }`;
      const found = await api.gql(query, { where: 'email="GRACE@example.com" and stores(key="everwear")' });
      expect(found.customers.total).toBe(1);
      const elsewhere = await api.gql(query, { where: 'email="grace@example.com" and stores(key="vanityfair")' });
      expect(elsewhere.customers.total).toBe(0);
      const legacy = await api.gql(query, { where: 'email="legacy@vanityfair.example" and stores(key="vanityfair")' });
      expect(legacy.customers.results[0].custom.customFieldsRaw).toEqual([{ name: 'legacyHash' }]);
    });

    it('resets a password with a token once, clearing the legacy hash; unknown, used and expired tokens fail', async () => {
      expect(
        await codeOf(
          api.gql(
            `mutation { customerCreatePasswordResetToken(email: "nobody@example.com", storeKey: "vanityfair") { value } }`,
          ),
        ),
      ).toBe('InvalidSubject');
      const token = async () =>
        (
          await api.gql(
            `mutation { customerCreatePasswordResetToken(email: "legacy@vanityfair.example", ttlMinutes: 10, storeKey: "vanityfair") { value expiresAt } }`,
          )
        ).customerCreatePasswordResetToken;
      const first = await token();
      const reset = `mutation($t: String!) { customerResetPassword(tokenValue: $t, newPassword: "Brand-New-Pass-2", storeKey: "vanityfair") {
        version custom { customFieldsRaw { name } } } }`;
      const result = await api.gql(reset, { t: first.value });
      expect(result.customerResetPassword.custom.customFieldsRaw).toEqual([]);
      expect(await codeOf(api.gql(reset, { t: first.value }))).toBe('InvalidSubject');
      const second = await token();
      await commerce.db.query("UPDATE password_tokens SET expires_at = now() - interval '1 minute' WHERE value = $1", [
        second.value,
      ]);
      expect(await codeOf(api.gql(reset, { t: second.value }))).toBe('InvalidSubject');
      const login = await api.login('vanityfair', { email: 'legacy@vanityfair.example', password: 'Brand-New-Pass-2' });
      expect(login.status).toBe(200);
    });

    it('updates names, e-mail, custom fields and addresses, and rejects a stale version', async () => {
      const { customer } = (await signUp('linus@example.com')).customerSignUp;
      const update = `mutation($id: String!, $version: Long!, $actions: [CustomerUpdateAction!]!) {
        updateCustomer(id: $id, version: $version, actions: $actions) { version firstName lastName email
          addresses { id city country } custom { customFieldsRaw { name value } } } }`;
      const first = (
        await api.gql(update, {
          id: customer.id,
          version: 1,
          actions: [
            { setFirstName: { firstName: 'Linus' } },
            { setLastName: { lastName: 'Pauling' } },
            { changeEmail: { email: 'linus.p@example.com' } },
            { setCustomType: { typeKey: 'customer-b2c' } },
            { setCustomField: { name: 'loyaltyId', value: '"L-42"' } },
            { addAddress: { address: { city: 'Portland', country: 'US', streetName: 'Main St' } } },
          ],
        })
      ).updateCustomer;
      expect(first).toMatchObject({
        version: 2,
        firstName: 'Linus',
        lastName: 'Pauling',
        email: 'linus.p@example.com',
      });
      expect(first.custom.customFieldsRaw).toEqual([{ name: 'loyaltyId', value: 'L-42' }]);
      const addressId = first.addresses[0].id;
      const second = (
        await api.gql(update, {
          id: customer.id,
          version: 2,
          actions: [{ changeAddress: { addressId, address: { city: 'Salem', country: 'US' } } }],
        })
      ).updateCustomer;
      expect(second.addresses).toEqual([{ id: addressId, city: 'Salem', country: 'US' }]);
      const third = (
        await api.gql(update, { id: customer.id, version: 3, actions: [{ removeAddress: { addressId } }] })
      ).updateCustomer;
      expect(third.addresses).toEqual([]);
      try {
        await api.gql(update, { id: customer.id, version: 2, actions: [{ setFirstName: { firstName: 'Stale' } }] });
        throw new Error('stale update succeeded');
      } catch (error) {
        expect((error as { code: string }).code).toBe('ConcurrentModification');
        expect((error as { extensions: { currentVersion: number } }).extensions.currentVersion).toBe(4);
      }
      expect(
        await codeOf(
          api.gql(update, {
            id: customer.id,
            version: 4,
            actions: [{ setCustomField: { name: 'unknownField', value: '"x"' } }],
          }),
        ),
      ).toBe('InvalidField');
    });

    it('changes a password only with the current one and the current version (customerChangePassword)', async () => {
      const { customer } = (await signUp('hedy@example.com', 'vanityfair')).customerSignUp;
      const change = `mutation($id: String!, $version: Long!, $current: String!) {
        customerChangePassword(id: $id, version: $version, currentPassword: $current, newPassword: "Fresh-Pass-77",
          storeKey: "vanityfair") { version } }`;
      expect(await codeOf(api.gql(change, { id: customer.id, version: 1, current: 'wrong-password' }))).toBe(
        'InvalidCurrentPassword',
      );
      expect(await codeOf(api.gql(change, { id: customer.id, version: 7, current: 'Secret-Pass-1' }))).toBe(
        'ConcurrentModification',
      );
      const changed = await api.gql(change, { id: customer.id, version: 1, current: 'Secret-Pass-1' });
      expect(changed.customerChangePassword.version).toBe(2);
      expect((await api.login('vanityfair', { email: 'hedy@example.com', password: 'Secret-Pass-1' })).status).toBe(
        400,
      );
      expect((await api.login('vanityfair', { email: 'hedy@example.com', password: 'Fresh-Pass-77' })).status).toBe(
        200,
      );
    });
  });

  describe('catalog', () => {
    it('serves each store its category tree', async () => {
      const { categories } =
        await api.gql(`{ categories(where: "key=\\"vanityfair-bras\\"") { results { id key name(locale: "en-US") slug(locale: "en-US")
        ancestors { key } children { key } } } }`);
      const [bras] = categories.results;
      expect(bras).toMatchObject({
        key: 'vanityfair-bras',
        name: 'Bras',
        slug: 'bras',
        ancestors: [{ key: 'vanityfair' }],
      });
      expect(bras.children.map((c: { key: string }) => c.key)).toContain('vanityfair-bras-wireless');
    });

    it('searches with text, filters on spec attributes, facets with counts, sorts and pages', async () => {
      const search = `query($text: String, $filters: [SearchFilterInput!], $sorts: [String!], $offset: Int) {
        productProjectionSearch(storeProjection: "vanityfair", text: $text, filters: $filters, sorts: $sorts, limit: 5, offset: $offset,
          facets: [{ string: "variants.attributes.bandSize" }, { string: "variants.attributes.colorFamily counting products" }, { string: "variants.price.centAmount:range (0 to 3000), (3000 to *)" }]) {
          total count offset results { id name(locale: "en-US") allVariants { sku attributesRaw(includeNames: ["bandSize", "cupSize", "color"]) { name value }
            price(currency: "USD") { value { centAmount } discounted { value { centAmount } } } availability { noChannel { isOnStock availableQuantity } } } }
          facets { facet value { type ... on TermsFacetResult { terms { term count productCount } } ... on RangeFacetResult { ranges { from to count } } } } } }`;
      const all = (await api.gql(search, {})).productProjectionSearch;
      expect(all.total).toBeGreaterThan(20);
      const bras = (
        await api.gql(search, {
          text: 'bra',
          filters: [{ string: 'variants.attributes.bandSize:"36"' }, { string: 'variants.attributes.cupSize:"C","D"' }],
        })
      ).productProjectionSearch;
      expect(bras.total).toBeGreaterThan(0);
      for (const product of bras.results) {
        expect(product.name).toMatch(/Bra/);
        const sizes = product.allVariants.map((v: { attributesRaw: Array<{ name: string; value: string }> }) =>
          Object.fromEntries(v.attributesRaw.map((a) => [a.name, a.value])),
        );
        expect(sizes.some((s: Record<string, string>) => s.bandSize === '36' && ['C', 'D'].includes(s.cupSize))).toBe(
          true,
        );
      }
      const band = bras.facets.find((f: { facet: string }) => f.facet === 'variants.attributes.bandSize');
      expect(band.value.type).toBe('terms');
      expect(band.value.terms[0]).toEqual({ term: '36', count: expect.any(Number), productCount: bras.total });
      const price = bras.facets.find((f: { facet: string }) => f.facet.startsWith('variants.price'));
      expect(price.value.ranges).toHaveLength(2);

      const cheap = (await api.gql(search, { sorts: ['price asc'] })).productProjectionSearch.results;
      const prices = cheap.map(
        (p: {
          allVariants: Array<{
            price: { value: { centAmount: number }; discounted?: { value: { centAmount: number } } };
          }>;
        }) => Math.min(...p.allVariants.map((v) => v.price.discounted?.value.centAmount ?? v.price.value.centAmount)),
      );
      expect([...prices].sort((a, b) => a - b)).toEqual(prices);
      const page2 = (await api.gql(search, { sorts: ['createdAt desc'], offset: 5 })).productProjectionSearch;
      const page1 = (await api.gql(search, { sorts: ['createdAt desc'] })).productProjectionSearch;
      expect(page2.offset).toBe(5);
      expect(page2.results[0].id).not.toBe(page1.results[0].id);
      expect(
        await codeOf(
          api.gql('{ productProjectionSearch(filters: [{ string: "variants.attributes.size" }]) { total } }'),
        ),
      ).toBe('InvalidInput');
      expect(await codeOf(api.gql('{ productProjectionSearch(sorts: ["drop table"]) { total } }'))).toBe(
        'InvalidInput',
      );
    });

    it('finds a product by sku and key, with stock per inventory list', async () => {
      const { product } = await api.gql(
        `query($sku: String) { product(sku: $sku) { key
        masterData { current { name(locale: "en-US") variant(sku: $sku) { sku attributesRaw(includeNames: ["masterStyle"]) { name value }
          availability { channels { channelRef { key } availability { availableQuantity } } } } } } } }`,
        { sku },
      );
      expect(product.masterData.current.variant.sku).toBe(sku);
      expect(product.masterData.current.variant.availability.channels[0].channelRef.key).toBe('everwear-online');
      // The style number is a product-type attribute, as in commercetools; the product key is it in lower case.
      const [style] = product.masterData.current.variant.attributesRaw;
      expect(style).toEqual({ name: 'masterStyle', value: expect.stringMatching(/^[A-Z0-9]{2}\d{5}$/) });
      const byKey = await api.gql(`query($key: String) { product(key: $key) { key } }`, { key: product.key });
      expect(byKey.product.key).toBe(style.value.toLowerCase());
      const { inventoryEntries } = await api.gql(
        `query($where: String) { inventoryEntries(where: $where) { results { sku availableQuantity supplyChannel { key } } } }`,
        {
          where: `sku in ("${sku}", "${otherSku}")`,
        },
      );
      expect(inventoryEntries.results.map((e: { sku: string }) => e.sku).sort()).toEqual([sku, otherSku].sort());
    });

    it('names each product’s tax category: garments are clothing, basketballs general merchandise', async () => {
      const { productProjectionSearch } = await api.gql(
        `{ productProjectionSearch(storeProjection: "hoopcraft", limit: 100) { results {
          productType { key } taxCategoryRef { typeId id } taxCategory { id key name rates { amount } } } } }`,
      );
      const results: Array<{
        productType: { key: string };
        taxCategoryRef: { typeId: string; id: string };
        taxCategory: { id: string; key: string; name: string; rates: unknown[] };
      }> = productProjectionSearch.results;
      const keysOf = (type: string) =>
        new Set(results.filter((r) => r.productType.key === type).map((r) => r.taxCategory.key));
      expect(keysOf('jersey')).toEqual(new Set(['clothing']));
      expect(keysOf('basketball')).toEqual(new Set(['general']));
      expect(keysOf('hoop')).toEqual(new Set(['general']));
      for (const result of results) {
        expect(result.taxCategoryRef).toEqual({ typeId: 'tax-category', id: result.taxCategory.id });
        expect(result.taxCategory.rates).toEqual([]);
      }
      const { product } = await api.gql(`query($sku: String) { product(sku: $sku) { taxCategory { key } } }`, { sku });
      // Everwear sells garments only.
      expect(product.taxCategory.key).toBe('clothing');
    });
  });

  describe('product images', () => {
    const image = (path: string) => fetch(`${commerce.baseUrl}/images/${path}`);

    it('serves every view of a colour, and the plain name of older seeds as the front', async () => {
      const [front, back, detail, plain] = await Promise.all(
        ['bra/e8a0a8-front.svg', 'bra/e8a0a8-back.svg', 'bra/e8a0a8-detail.svg', 'bra/e8a0a8.svg'].map(image),
      );
      for (const response of [front, back, detail, plain]) {
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      }
      const [frontSvg, backSvg, plainSvg] = await Promise.all([front.text(), back.text(), plain.text()]);
      expect(plainSvg).toBe(frontSvg);
      expect(backSvg).not.toBe(frontSvg);
    });

    it('answers 404 in the REST error shape for an unknown type, view or colour, never a 500', async () => {
      for (const path of [
        'bra/e8a0a8-side.svg',
        'kite/e8a0a8-front.svg',
        'bra/E8A0A8-front.svg',
        'bra/zzz.svg',
        'bra/e8a0a8-front.png',
      ]) {
        const response = await image(path);
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
        expect((await readJson(response)).errors[0].code).toBe('ResourceNotFound');
      }
    });
  });

  describe('carts', () => {
    it('adds, merges, changes and removes lines, with money in cent precision', async () => {
      let cart = await newCart();
      expect(cart).toMatchObject({
        version: 1,
        cartState: 'Active',
        totalPrice: { type: 'centPrecision', currencyCode: 'USD', centAmount: 0, fractionDigits: 2 },
      });
      cart = await updateCart(cart, [
        { addLineItem: { sku, quantity: 2 } },
        { addLineItem: { sku, quantity: 1 } },
        { addLineItem: { sku: otherSku } },
      ]);
      expect(cart.version).toBe(2);
      expect(
        cart.lineItems.map((l: { variant: { sku: string }; quantity: number }) => [l.variant.sku, l.quantity]),
      ).toEqual([
        [sku, 3],
        [otherSku, 1],
      ]);
      expect(cart.lineItems[0].supplyChannel).toEqual({ key: 'everwear-online' });
      const unit = (l: (typeof cart.lineItems)[0]) => l.price.discounted?.value.centAmount ?? l.price.value.centAmount;
      expect(cart.totalPrice.centAmount).toBe(unit(cart.lineItems[0]) * 3 + unit(cart.lineItems[1]));
      cart = await updateCart(cart, [
        { changeLineItemQuantity: { lineItemId: cart.lineItems[0].id, quantity: 5 } },
        { removeLineItem: { lineItemId: cart.lineItems[1].id } },
      ]);
      expect(cart.lineItems).toHaveLength(1);
      expect(cart.lineItems[0].quantity).toBe(5);
    });

    it('rejects quantities 0 and 100 with InvalidField, and a stale version with ConcurrentModification', async () => {
      let cart = await newCart();
      cart = await updateCart(cart, [{ addLineItem: { sku } }]);
      for (const quantity of [0, 100]) {
        expect(
          await codeOf(updateCart(cart, [{ changeLineItemQuantity: { lineItemId: cart.lineItems[0].id, quantity } }])),
        ).toBe('InvalidField');
        expect(await codeOf(updateCart(cart, [{ addLineItem: { sku: otherSku, quantity } }]))).toBe('InvalidField');
      }
      await updateCart(cart, [{ setCustomerEmail: { email: 'x@example.com' } }]);
      try {
        await updateCart(cart, [{ setCustomerEmail: { email: 'y@example.com' } }]);
        throw new Error('stale update succeeded');
      } catch (error) {
        expect((error as { code: string }).code).toBe('ConcurrentModification');
        expect((error as { extensions: { currentVersion: number } }).extensions.currentVersion).toBe(cart.version + 1);
      }
      expect(
        await codeOf(updateCart({ ...cart, version: cart.version + 1 }, [{ addLineItem: { sku: 'NO-SUCH-SKU' } }])),
      ).toBe('InvalidInput');
    });

    it('takes addresses, a shipping method, external tax rates and a discount code', async () => {
      let cart = await newCart('everwear', { lineItems: [{ sku, quantity: 1 }], taxRoundingMode: 'HalfUp' });
      const { shippingMethodsByCart } = await api.gql(
        `query($id: String!) { shippingMethodsByCart(id: $id) { key isDefault zoneRates { zone { key locations { country } } shippingRates { price { centAmount } freeAbove { centAmount } } } } }`,
        { id: cart.id },
      );
      expect(shippingMethodsByCart[0]).toMatchObject({ key: 'everwear-standard-ground', isDefault: true });
      // Rates are per zone, as in commercetools: the shop's one zone is the United States.
      expect(shippingMethodsByCart[0].zoneRates).toEqual([
        {
          zone: { key: 'us', locations: [{ country: 'US' }] },
          shippingRates: [{ price: { centAmount: 599 }, freeAbove: { centAmount: 5000 } }],
        },
      ]);
      const address = {
        firstName: 'Ada',
        streetName: '1 Main St',
        city: 'Austin',
        state: 'TX',
        postalCode: '78701',
        country: 'US',
      };
      cart = await updateCart(cart, [
        { setShippingAddress: { address } },
        { setBillingAddress: { address } },
        { setShippingMethod: { shippingMethod: { key: 'everwear-expedited' } } },
        {
          setLineItemTaxRate: {
            lineItemId: cart.lineItems[0].id,
            externalTaxRate: { name: 'TX', amount: 0.0825, country: 'US', state: 'TX' },
          },
        },
      ]);
      expect(cart.shippingInfo).toMatchObject({ shippingMethodName: 'Expedited', price: { centAmount: 1299 } });
      expect(cart.taxedPrice).toBeNull();
      cart = await updateCart(cart, [
        { setShippingMethodTaxRate: { externalTaxRate: { name: 'TX', amount: 0, country: 'US' } } },
      ]);
      const line = cart.lineItems[0].totalPrice.centAmount;
      expect(cart.taxedPrice.totalNet.centAmount).toBe(line + 1299);
      expect(cart.taxedPrice.totalGross.centAmount).toBe(line + 1299 + Math.floor(line * 0.0825 + 0.5));
      const before = cart.totalPrice.centAmount;
      cart = await updateCart(cart, [{ addDiscountCode: { code: 'everwear10' } }]);
      expect(cart.discountCodes).toEqual([{ code: 'EVERWEAR10' }]);
      expect(cart.totalPrice.centAmount).toBeLessThan(before);
      expect(await codeOf(updateCart(cart, [{ addDiscountCode: { code: 'HOOPCRAFT10' } }]))).toBe(
        'DiscountCodeNonApplicable',
      );
    });
  });

  describe('orders', () => {
    it('places an order from a cart once, with the caller’s number, and lists a customer’s orders newest first', async () => {
      const { customer } = (await signUp('orders@example.com')).customerSignUp;
      const orderFields =
        'id orderNumber orderState shipmentState paymentState customerId totalPrice { centAmount } lineItems { id quantity } returnInfo { items { quantity } }';
      let serial = 0;
      const place = async (orderNumber: string | null = `VF${kind}${(serial += 1)}`) => {
        let cart = await newCart('everwear', {
          customerId: customer.id,
          customerEmail: 'orders@example.com',
          taxMode: 'Disabled',
        });
        cart = await updateCart(cart, [{ addLineItem: { sku, quantity: 1 } }]);
        const created = await api.gql(
          `mutation($draft: OrderCartCommand!) { createOrderFromCart(draft: $draft) { ${orderFields} } }`,
          {
            draft: { id: cart.id, version: cart.version, orderNumber, shipmentState: 'Pending' },
          },
        );
        return { cart, order: created.createOrderFromCart };
      };
      const { cart, order } = await place();
      expect(order).toMatchObject({
        orderNumber: `VF${kind}1`,
        orderState: 'Open',
        shipmentState: 'Pending',
        // commercetools sets a payment state only when the command (or a later update) does.
        paymentState: null,
        customerId: customer.id,
      });
      const again = await codeOf(
        api.gql(`mutation($draft: OrderCartCommand!) { createOrderFromCart(draft: $draft) { id } }`, {
          draft: { id: cart.id, version: cart.version + 1 },
        }),
      );
      expect(again).toBe('InvalidOperation');
      // A number the project already has is refused; without a number the order has none.
      expect(await codeOf(place(order.orderNumber))).toBe('DuplicateField');
      const { order: second } = await place(null);
      expect(second.orderNumber).toBeNull();
      const { orders } = await api.gql(
        `query($where: String) { orders(where: $where, limit: 1, offset: 0) { total results { id orderNumber } } }`,
        {
          where: `customerId="${customer.id}"`,
        },
      );
      expect(orders.total).toBe(2);
      expect(orders.results[0].id).toBe(second.id);
      const byNumber = await api.gql(`query($n: String) { order(orderNumber: $n) { id } }`, { n: order.orderNumber });
      expect(byNumber.order.id).toBe(order.id);
      const returned = await api.gql(
        `mutation($id: String, $actions: [OrderUpdateAction!]!) { updateOrder(id: $id, version: 1, actions: $actions) { version shipmentState returnInfo { items { quantity shipmentState } } } }`,
        {
          id: order.id,
          actions: [
            { changeShipmentState: { shipmentState: 'Shipped' } },
            {
              addReturnInfo: {
                items: [
                  { lineItemId: order.lineItems[0].id, quantity: 1, shipmentState: 'Advised', comment: 'too-small' },
                ],
              },
            },
          ],
        },
      );
      expect(returned.updateOrder).toEqual({
        version: 2,
        shipmentState: 'Shipped',
        returnInfo: [{ items: [{ quantity: 1, shipmentState: 'Advised' }] }],
      });
      const twice = await api.post('/graphql', {
        query: `mutation($id: String, $actions: [OrderUpdateAction!]!) { updateOrder(id: $id, version: 2, actions: $actions) { version } }`,
        variables: {
          id: order.id,
          actions: [
            {
              addReturnInfo: { items: [{ lineItemId: order.lineItems[0].id, quantity: 1, shipmentState: 'Advised' }] },
            },
          ],
        },
      });
      expect(twice.body.errors[0].extensions).toMatchObject({ code: 'InvalidField', field: 'quantity' });
      const read = await api.gql(
        `query($n: String) { order(orderNumber: $n) { returnInfo { items { id comment paymentState ... on LineItemReturnItem { lineItemId } } } } }`,
        { n: order.orderNumber },
      );
      const [item] = read.order.returnInfo[0].items;
      expect(item).toMatchObject({ comment: 'too-small', paymentState: 'Initial', lineItemId: order.lineItems[0].id });
      const refunded = await api.gql(
        `mutation($id: String, $actions: [OrderUpdateAction!]!) { updateOrder(id: $id, version: 2, actions: $actions) { returnInfo { items { shipmentState paymentState } } } }`,
        {
          id: order.id,
          actions: [
            { setReturnShipmentState: { returnItemId: item.id, shipmentState: 'Returned' } },
            { setReturnPaymentState: { returnItemId: item.id, paymentState: 'Refunded' } },
          ],
        },
      );
      expect(refunded.updateOrder.returnInfo[0].items[0]).toEqual({
        shipmentState: 'Returned',
        paymentState: 'Refunded',
      });
    });
  });

  describe('in-store login', () => {
    it('fails with InvalidCredentials for a wrong password and for another store’s customer', async () => {
      const wrong = await api.login('everwear', { email: 'shopper@everwear.example', password: 'nope' });
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({
        statusCode: 400,
        message: expect.any(String),
        errors: [{ code: 'InvalidCredentials', message: expect.any(String) }],
      });
      const otherStore = await api.login('hoopcraft', {
        email: 'shopper@everwear.example',
        password: 'Shopper-Pass-1',
      });
      expect(otherStore.body.errors[0].code).toBe('InvalidCredentials');
      const ok = await api.login('everwear', { email: 'SHOPPER@everwear.example', password: 'Shopper-Pass-1' });
      expect(ok.status).toBe(200);
      expect(ok.body.customer.email).toBe('shopper@everwear.example');
      expect(ok.body.customer).not.toHaveProperty('passwordHash');
    });

    it('merges an anonymous cart into the customer’s cart, or uses it as the new active cart', async () => {
      const { customer } = (await signUp('carts@example.com')).customerSignUp;
      let own = await newCart('everwear', { customerId: customer.id });
      own = await updateCart(own, [{ addLineItem: { sku, quantity: 1 } }]);
      let anonymous = await newCart();
      anonymous = await updateCart(anonymous, [
        { addLineItem: { sku, quantity: 2 } },
        { addLineItem: { sku: otherSku } },
      ]);
      const merged = await api.login('everwear', {
        email: 'carts@example.com',
        password: 'Secret-Pass-1',
        anonymousCart: { typeId: 'cart', id: anonymous.id },
        anonymousCartSignInMode: 'MergeWithExistingCustomerCart',
      });
      expect(merged.body.cart.id).toBe(own.id);
      expect(
        merged.body.cart.lineItems.map((l: { variant: { sku: string }; quantity: number }) => [
          l.variant.sku,
          l.quantity,
        ]),
      ).toEqual([
        [sku, 3],
        [otherSku, 1],
      ]);
      expect(
        (await api.gql(`query($id: String!) { cart(id: $id) { cartState } }`, { id: anonymous.id })).cart.cartState,
      ).toBe('Merged');

      let fresh = await newCart();
      fresh = await updateCart(fresh, [{ addLineItem: { sku: otherSku, quantity: 4 } }]);
      const taken = await api.login('everwear', {
        email: 'carts@example.com',
        password: 'Secret-Pass-1',
        anonymousCart: { typeId: 'cart', id: fresh.id },
        anonymousCartSignInMode: 'UseAsNewActiveCustomerCart',
      });
      expect(taken.body.cart).toMatchObject({ id: fresh.id, customerId: customer.id });
      const active = await api.gql(
        `query($c: String!) { inStore(key: "everwear") { customerActiveCart(customerId: $c) { id } } }`,
        { c: customer.id },
      );
      expect(active.inStore.customerActiveCart.id).toBe(fresh.id);

      // setCustomerId: an anonymous cart becomes the customer's newest active cart.
      let later = await newCart();
      later = await updateCart(later, [{ setCustomerId: { customerId: customer.id } }]);
      expect(later.customerId).toBe(customer.id);
      const now = await api.gql(
        `query($c: String!) { inStore(key: "everwear") { customerActiveCart(customerId: $c) { id } } }`,
        { c: customer.id },
      );
      expect(now.inStore.customerActiveCart.id).toBe(later.id);
    });
  });

  describe('stores, shipping methods and custom objects', () => {
    it('has one store per brand and per-store shipping methods with a standard default', async () => {
      const { stores, shippingMethods } = await api.gql(
        `{ stores { total results { key } } shippingMethods(where: "key=\\"hoopcraft-standard-ground\\"") { results { isDefault localizedDescription(locale: "en-US") } } }`,
      );
      expect(stores.results.map((s: { key: string }) => s.key)).toEqual([
        'everwear',
        'hoopcraft',
        'rallyathletic',
        'vanityfair',
      ]);
      expect(shippingMethods.results[0].isDefault).toBe(true);
    });

    it('gives each store its brand assortment as an active product selection, which storeProjection searches', async () => {
      const { store } = await api.gql(
        `{ store(key: "hoopcraft") { productSelections { active productSelection { key productCount } } supplyChannels { key } } }`,
      );
      expect(store.supplyChannels).toEqual([{ key: 'hoopcraft-online' }]);
      expect(store.productSelections).toHaveLength(1);
      const [{ active, productSelection }] = store.productSelections;
      expect(active).toBe(true);
      expect(productSelection.key).toBe('hoopcraft-assortment');
      const { productProjectionSearch } = await api.gql(
        `{ productProjectionSearch(storeProjection: "hoopcraft", limit: 0) { total } }`,
      );
      expect(productProjectionSearch.total).toBe(productSelection.productCount);
      expect(productSelection.productCount).toBeGreaterThan(0);
    });

    it('versions custom objects', async () => {
      const upsert = `mutation($draft: CustomObjectDraft!) { createOrUpdateCustomObject(draft: $draft) { version value } }`;
      const created = await api.gql(upsert, {
        draft: { container: 'flag-overrides', key: 'hoopcraft', value: '{"loyalty":true}' },
      });
      expect(created.createOrUpdateCustomObject).toEqual({ version: 1, value: { loyalty: true } });
      const updated = await api.gql(upsert, {
        draft: { container: 'flag-overrides', key: 'hoopcraft', value: '{"loyalty":false}', version: 1 },
      });
      expect(updated.createOrUpdateCustomObject.version).toBe(2);
      expect(
        await codeOf(
          api.gql(upsert, { draft: { container: 'flag-overrides', key: 'hoopcraft', value: '{}', version: 1 } }),
        ),
      ).toBe('ConcurrentModification');
      const read = await api.gql(
        `{ customObject(container: "flag-overrides", key: "hoopcraft") { value } customObjects(container: "flag-overrides") { total } }`,
      );
      expect(read).toEqual({ customObject: { value: { loyalty: false } }, customObjects: { total: 1 } });
      await api.gql(
        `mutation { deleteCustomObject(container: "flag-overrides", key: "hoopcraft", version: 2) { version } }`,
      );
      expect(
        (await api.gql(`{ customObject(container: "flag-overrides", key: "hoopcraft") { value } }`)).customObject,
      ).toBeNull();
    });
  });

  describe('concurrency', () => {
    it('keeps every one of 50 concurrent quantity changes (retrying on ConcurrentModification)', async () => {
      let cart = await newCart();
      cart = await updateCart(cart, [{ addLineItem: { sku, quantity: 1 } }]);
      const lineItemId = cart.lineItems[0].id;
      const startVersion = cart.version;
      const read = async () =>
        (await api.gql(`query($id: String!) { cart(id: $id) { version lineItems { quantity } } }`, { id: cart.id }))
          .cart;
      const increment = async () => {
        for (let attempt = 0; attempt < 500; attempt += 1) {
          const current = await read();
          try {
            await updateCart({ id: cart.id, version: current.version }, [
              { changeLineItemQuantity: { lineItemId, quantity: current.lineItems[0].quantity + 1 } },
            ]);
            return attempt;
          } catch (error) {
            if ((error as { code?: string }).code !== 'ConcurrentModification') throw error;
          }
        }
        throw new Error('gave up');
      };
      const retries = await Promise.all(Array.from({ length: 50 }, increment));
      const final = await read();
      expect(final.lineItems[0].quantity).toBe(51);
      expect(final.version).toBe(startVersion + 50);
      expect(retries.some((n) => n > 0)).toBe(true);
    });
  });
}
