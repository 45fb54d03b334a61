import { CatalogService } from '../src/domain/catalog/catalog-service';
import type { RunningCommerce } from '../src/server';
import { type DatabaseKind, client, codeOf, startCommerce } from './support';

const DAY = 24 * 60 * 60_000;
const LINE_FIELDS = `id quantity variant { sku } supplyChannel { key } price { id value { centAmount } discounted { value { centAmount } } }
  totalPrice { centAmount }
  discountedPricePerQuantity { quantity discountedPrice { value { centAmount } includedDiscounts { discountRef { id } discountedAmount { centAmount } } } }`;
const CART_FIELDS = `id version key cartState anonymousId customerId totalPrice { centAmount } lineItems { ${LINE_FIELDS} }
  discountCodes { state discountCodeRef { id } discountCode { code cartDiscounts { id } } }`;
const UPDATE = `mutation($id: String!, $version: Long!, $actions: [CartUpdateAction!]!) {
  updateCart(id: $id, version: $version, actions: $actions) { ${CART_FIELDS} } }`;

type Line = {
  id: string;
  quantity: number;
  supplyChannel: { key: string } | null;
  variant: { sku: string };
  price: { id: string; value: { centAmount: number }; discounted: { value: { centAmount: number } } | null };
  totalPrice: { centAmount: number };
  discountedPricePerQuantity: Array<{
    quantity: number;
    discountedPrice: {
      value: { centAmount: number };
      includedDiscounts: Array<{ discountRef: { id: string }; discountedAmount: { centAmount: number } }>;
    };
  }>;
};
type Cart = { id: string; version: number; lineItems: Line[]; totalPrice: { centAmount: number } } & Record<
  string,
  any // eslint-disable-line @typescript-eslint/no-explicit-any
>;

/** What the cart API of the gateway relies on, on PGlite and PostgreSQL. */
export function cartSuite(kind: DatabaseKind) {
  const start = Date.parse('2026-11-21T12:00:00Z');
  let clock = start;
  let commerce: RunningCommerce;
  let api: ReturnType<typeof client>;
  /** Everwear skus with stock, each of a different product. */
  let skus: Array<{ sku: string; productKey: string; available: number }>;

  beforeAll(async () => {
    commerce = await startCommerce(kind, 40, () => clock);
    api = client(commerce);
    const data = await api.gql(`{ productProjectionSearch(storeProjection: "everwear", limit: 20, sorts: ["id asc"]) {
      results { key masterVariant { sku availability { noChannel { availableQuantity } } } } } }`);
    skus = data.productProjectionSearch.results
      .map(
        (p: {
          key: string;
          masterVariant: { sku: string; availability: { noChannel: { availableQuantity: number } } };
        }) => ({
          sku: p.masterVariant.sku,
          productKey: p.key,
          available: p.masterVariant.availability.noChannel.availableQuantity,
        }),
      )
      .filter((s: { available: number }) => s.available >= 5);
  });
  afterEach(() => {
    clock = start;
  });
  afterAll(() => commerce?.stop());

  const newCart = async (draft: Record<string, unknown> = {}, storeKey = 'everwear'): Promise<Cart> =>
    (
      await api.gql(
        `mutation($draft: CartDraft!, $storeKey: KeyReferenceInput) { createCart(draft: $draft, storeKey: $storeKey) { ${CART_FIELDS} } }`,
        { storeKey, draft: { currency: 'USD', ...draft } },
      )
    ).createCart;
  const update = async (cart: { id: string; version: number }, actions: unknown[]): Promise<Cart> =>
    (await api.gql(UPDATE, { id: cart.id, version: cart.version, actions })).updateCart;
  const read = async (id: string): Promise<Cart> =>
    (await api.gql(`query($id: String!) { cart(id: $id) { ${CART_FIELDS} } }`, { id })).cart;
  const lines = (cart: Cart) => cart.lineItems.map((l) => [l.variant.sku, l.quantity]);

  describe('line items merge as commercetools merges them', () => {
    it('merges a sku added in a later update into its line (the stored line compares equal to the draft)', async () => {
      const [a, b] = skus;
      let cart = await newCart();
      cart = await update(cart, [{ addLineItem: { sku: a.sku, quantity: 2 } }]);
      cart = await update(cart, [{ addLineItem: { sku: a.sku, quantity: 3 } }]);
      cart = await update(cart, [
        { addLineItem: { sku: b.sku, supplyChannel: { typeId: 'channel', key: 'everwear-online' } } },
      ]);
      cart = await update(cart, [{ addLineItem: { sku: b.sku } }]);
      expect(lines(cart)).toEqual([
        [a.sku, 5],
        [b.sku, 2],
      ]);
      expect(cart.lineItems.map((l) => l.supplyChannel)).toEqual([
        { key: 'everwear-online' },
        { key: 'everwear-online' },
      ]);
    });

    it('keeps lines apart when their custom fields differ, and holds the 99 limit per line', async () => {
      const [a] = skus;
      let cart = await newCart({ lineItems: [{ sku: a.sku, quantity: 98 }] });
      const gift = {
        typeKey: 'lineItem-b2c',
        fields: [
          { name: 'inventoryListKey', value: '"everwear-online"' },
          { name: 'giftMessage', value: '"For you"' },
        ],
      };
      cart = await update(cart, [{ addLineItem: { sku: a.sku, quantity: 1, custom: gift } }]);
      cart = await update(cart, [{ addLineItem: { sku: a.sku, quantity: 1, custom: gift } }]);
      expect(lines(cart)).toEqual([
        [a.sku, 98],
        [a.sku, 2],
      ]);
      cart = await update(cart, [{ addLineItem: { sku: a.sku, quantity: 1 } }]);
      expect(lines(cart)[0]).toEqual([a.sku, 99]);
      expect(await codeOf(update(cart, [{ addLineItem: { sku: a.sku, quantity: 1 } }]))).toBe('InvalidField');
    });

    it('ends 40 concurrent adds of 4 skus (each retried on ConcurrentModification) with 4 lines of 10', async () => {
      const four = skus.slice(0, 4).map((s) => s.sku);
      const cart = await newCart();
      const add = async (i: number) => {
        for (;;) {
          const current = await read(cart.id);
          try {
            return await update(current, [{ addLineItem: { sku: four[i % 4], quantity: 1 } }]);
          } catch (error) {
            if ((error as { code?: string }).code !== 'ConcurrentModification') throw error;
          }
        }
      };
      await Promise.all(Array.from({ length: 40 }, (_, i) => add(i)));
      const final = await read(cart.id);
      expect(final.lineItems.map((l) => l.quantity)).toEqual([10, 10, 10, 10]);
      expect(new Set(final.lineItems.map((l) => l.variant.sku))).toEqual(new Set(four));
    }, 120_000);

    it("refuses a supply channel that is not the store's", async () => {
      const cart = await newCart();
      expect(
        await codeOf(update(cart, [{ addLineItem: { sku: skus[0].sku, supplyChannel: { key: 'hoopcraft-online' } } }])),
      ).toBe('ReferencedResourceNotFound');
    });
  });

  describe('prices', () => {
    it('keeps the price a line was added at until recalculate takes the current one', async () => {
      const { sku, productKey } = skus[1];
      // Another instance on the same database, holding its own search index.
      const other = new CatalogService(commerce.db);
      await other.load();
      const cart = await update(await newCart(), [{ addLineItem: { sku, quantity: 2 } }]);
      const before = cart.lineItems[0].price.value.centAmount;
      const { product } = await api.gql(`query($key: String!) { product(key: $key) { id version } }`, {
        key: productKey,
      });
      const changed = await api.gql(
        `mutation($id: String!, $version: Long!, $actions: [ProductUpdateAction!]!) {
          updateProduct(id: $id, version: $version, actions: $actions) { version masterData { current { variant(sku: "${sku}") { price(currency: "USD") { value { centAmount } discounted { value { centAmount } } } } } } } }`,
        {
          id: product.id,
          version: product.version,
          actions: [
            {
              changePrice: {
                sku,
                price: { value: { centPrecision: { currencyCode: 'USD', centAmount: before + 500 } } },
              },
            },
          ],
        },
      );
      expect(changed.updateProduct.version).toBe(product.version + 1);
      expect(changed.updateProduct.masterData.current.variant.price).toEqual({
        value: { centAmount: before + 500 },
        discounted: null,
      });
      // Search sees the new price at once.
      const search = await api.gql(
        `query($f: [SearchFilterInput!]) { productProjectionSearch(storeProjection: "everwear", filters: $f, markMatchingVariants: true, limit: 1) {
          results { allVariants(onlyMatching: true) { sku price(currency: "USD") { value { centAmount } } } } } }`,
        { f: [{ string: `variants.sku:"${sku}"` }] },
      );
      expect(search.productProjectionSearch.results[0].allVariants).toEqual([
        { sku, price: { value: { centAmount: before + 500 } } },
      ]);
      // The other instance takes the change on its next refresh.
      await other.refreshProducts();
      expect(other.index.variantBySku(sku)?.variant.prices[0].value.centAmount).toBe(before + 500);
      const kept = await update(cart, [{ setCustomerEmail: { email: 'price@example.com' } }]);
      expect(kept.lineItems[0].price.value.centAmount).toBe(before);
      const recalculated = await update(kept, [{ recalculate: { updateProductData: true } }]);
      expect(recalculated.lineItems[0].price.value.centAmount).toBe(before + 500);
      expect(recalculated.totalPrice.centAmount).toBe((before + 500) * 2);
      expect(
        await codeOf(
          api.gql(
            `mutation($id: String!, $actions: [ProductUpdateAction!]!) { updateProduct(id: $id, version: 1, actions: $actions) { id } }`,
            { id: product.id, actions: [{ setPrices: { sku, prices: [] } }] },
          ),
        ),
      ).toBe('ConcurrentModification');
    });
  });

  describe('withdrawing a product', () => {
    it('unpublish takes it out of current searches and bags, staged searches still find it, publish brings it back', async () => {
      const { sku, productKey } = skus[skus.length - 1];
      const other = new CatalogService(commerce.db);
      await other.load();
      const { product } = await api.gql(
        `query($key: String!) { product(key: $key) { id version masterData { published } } }`,
        {
          key: productKey,
        },
      );
      expect(product.masterData.published).toBe(true);
      const publishing = (version: number, action: object) =>
        api.gql(
          `mutation($id: String!, $version: Long!, $actions: [ProductUpdateAction!]!) {
            updateProduct(id: $id, version: $version, actions: $actions) { version masterData { published } } }`,
          { id: product.id, version, actions: [action] },
        );
      const found = async (staged: boolean) =>
        (
          await api.gql(
            `query($f: [SearchFilterInput!], $staged: Boolean) { productProjectionSearch(storeProjection: "everwear", filters: $f, staged: $staged, limit: 1) {
              total results { key published } } }`,
            { f: [{ string: `key:"${productKey}"` }], staged },
          )
        ).productProjectionSearch;

      const withdrawn = await publishing(product.version, { unpublish: {} });
      expect(withdrawn.updateProduct).toEqual({ version: product.version + 1, masterData: { published: false } });
      expect((await found(false)).total).toBe(0);
      expect(await found(true)).toEqual({ total: 1, results: [{ key: productKey, published: false }] });
      expect(await codeOf(update(await newCart(), [{ addLineItem: { sku } }]))).toBe('InvalidOperation');
      // Another instance drops it on its next refresh.
      await other.refreshProducts();
      expect(other.search({ storeProjection: 'everwear', filters: [`key:"${productKey}"`] }).total).toBe(0);
      // Only all of a product is published here: it keeps no staged prices apart.
      expect(await codeOf(publishing(product.version + 1, { publish: { scope: 'Prices' } }))).toBe('InvalidField');

      const back = await publishing(product.version + 1, { publish: { scope: 'All' } });
      expect(back.updateProduct.masterData.published).toBe(true);
      expect(await found(false)).toEqual({ total: 1, results: [{ key: productKey, published: true }] });
      const cart = await update(await newCart(), [{ addLineItem: { sku } }]);
      expect(cart.lineItems.map((line) => line.variant.sku)).toEqual([sku]);
    });
  });

  describe('discount codes on a cart', () => {
    it('shows the discount per unit and per cart discount, and a code that expired stays with its state and takes nothing off', async () => {
      const { sku } = skus[2];
      const code = (
        await api.gql(
          `mutation($d: DiscountCodeDraft!) { createDiscountCode(draft: $d) { id code cartDiscounts { id } } }`,
          {
            d: {
              code: `CART-${kind}-${Date.now()}`,
              cartDiscounts: [{ key: 'everwear-welcome-15' }],
              validUntil: new Date(clock + DAY).toISOString(),
            },
          },
        )
      ).createDiscountCode;
      let cart = await update(await newCart(), [
        { addLineItem: { sku, quantity: 3 } },
        { addDiscountCode: { code: code.code } },
      ]);
      const line = cart.lineItems[0];
      const unit = line.price.discounted?.value.centAmount ?? line.price.value.centAmount;
      const total = Math.floor(unit * 3 * 0.85 + 0.5);
      expect(line.totalPrice.centAmount).toBe(total);
      expect(line.discountedPricePerQuantity.reduce((n, g) => n + g.quantity, 0)).toBe(3);
      expect(
        line.discountedPricePerQuantity.reduce((sum, g) => sum + g.quantity * g.discountedPrice.value.centAmount, 0),
      ).toBe(total);
      for (const group of line.discountedPricePerQuantity) {
        expect(group.discountedPrice.includedDiscounts).toEqual([
          {
            discountRef: { id: code.cartDiscounts[0].id },
            discountedAmount: { centAmount: unit - group.discountedPrice.value.centAmount },
          },
        ]);
      }
      expect(cart.discountCodes).toEqual([
        {
          state: 'MatchesCart',
          discountCodeRef: { id: code.id },
          discountCode: { code: code.code, cartDiscounts: [{ id: code.cartDiscounts[0].id }] },
        },
      ]);
      clock += 2 * DAY;
      cart = await update(cart, [{ recalculate: {} }]);
      expect(cart.discountCodes[0].state).toBe('NotValid');
      expect(cart.lineItems[0].discountedPricePerQuantity).toEqual([]);
      expect(cart.totalPrice.centAmount).toBe(unit * 3);
    });
  });

  describe('finding and keying carts', () => {
    it("finds a store's carts by anonymousId, newest first, and not another store's", async () => {
      const anonymousId = `guest-${kind}-${Date.now()}`;
      const older = await newCart({ anonymousId });
      const newer = await update(await newCart({ anonymousId }), [{ addLineItem: { sku: skus[0].sku } }]);
      await newCart({ anonymousId }, 'hoopcraft');
      const query = `query($where: String) { inStore(key: "everwear") { carts(where: $where, sort: ["lastModifiedAt desc"], limit: 5) { total exists results { id } } } }`;
      const found = await api.gql(query, { where: `anonymousId="${anonymousId}" and cartState="Active"` });
      expect(found.inStore.carts).toEqual({ total: 2, exists: true, results: [{ id: newer.id }, { id: older.id }] });
      const none = await api.gql(query, { where: `anonymousId="${anonymousId}" and cartState="Ordered"` });
      expect(none.inStore.carts).toEqual({ total: 0, exists: false, results: [] });
      expect(await codeOf(api.gql(query, { where: 'cartState="Active"' }))).toBe('InvalidInput');
    });

    it('keeps cart keys unique across the project, finds a cart by key, and deletes a cart at its version', async () => {
      const key = `template-${kind}-${Date.now()}`;
      const cart = await newCart({ key, lineItems: [{ sku: skus[0].sku, quantity: 1 }] });
      expect(cart.key).toBe(key);
      expect(await codeOf(newCart({ key }, 'hoopcraft'))).toBe('DuplicateField');
      const byKey = await api.gql(`query($w: String) { carts(where: $w) { results { id key } } }`, {
        w: `key="${key}"`,
      });
      expect(byKey.carts.results).toEqual([{ id: cart.id, key }]);
      expect(
        await codeOf(api.gql(`mutation($id: String!) { deleteCart(id: $id, version: 99) { id } }`, { id: cart.id })),
      ).toBe('ConcurrentModification');
      await api.gql(`mutation($id: String!, $v: Long!) { deleteCart(id: $id, version: $v) { id } }`, {
        id: cart.id,
        v: cart.version,
      });
      expect(await read(cart.id)).toBeNull();
    });
  });

  describe('cart templates', () => {
    it('has a starter kit per store, of its own skus with enough stock, as custom objects', async () => {
      for (const store of ['vanityfair', 'everwear', 'rallyathletic', 'hoopcraft']) {
        const { customObject } = await api.gql(
          `query($key: String!) { customObject(container: "cart-templates", key: $key) { value } }`,
          { key: `${store}-starter-kit` },
        );
        expect(customObject.value).toEqual({
          name: 'Starter kit',
          lines: expect.arrayContaining([{ sku: expect.any(String), quantity: 1 }]),
        });
        const lines = customObject.value.lines as Array<{ sku: string; quantity: number }>;
        expect(lines.length).toBeGreaterThan(0);
        // Every sku is sold in the store (createCart refuses any other) and stocked in its inventory.
        const cart = await newCart({ lineItems: lines }, store);
        expect(cart.lineItems).toHaveLength(lines.length);
        const stock = await api.gql(
          `query($w: String) { inventoryEntries(where: $w) { results { sku availableQuantity supplyChannel { key } } } }`,
          {
            w: `sku in (${lines.map((l) => `"${l.sku}"`).join(', ')})`,
          },
        );
        for (const line of lines) {
          const entry = stock.inventoryEntries.results.find((e: { sku: string }) => e.sku === line.sku);
          expect(entry).toMatchObject({ supplyChannel: { key: `${store}-online` } });
          expect(entry.availableQuantity).toBeGreaterThanOrEqual(line.quantity);
        }
      }
      const { customObject: other } = await api.gql(
        `{ customObject(container: "cart-templates", key: "hoopcraft-gift-set") { value } }`,
      );
      expect(other).toBeNull();
    });
  });
}
