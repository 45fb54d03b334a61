import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '@shop/node-kit/testing';
import { announce } from '../src/domain/catalog/catalog-changes';
import { type RunningCommerce, start } from '../src/server';
import { CLIENT, client, codeOf, temporaryPostgres } from './support';

/**
 * Several instances behind a load balancer on one PostgreSQL database (ADR 0028): a write on
 * one shows in the others' reads and searches within a second.
 */
const WITHIN_MS = 1000;
const POLL_MS = 50;

/** Polls `probe` every 50 ms until it holds; fails unless it holds within a second of `since`. */
async function within(since: number, probe: () => Promise<void>) {
  await eventually(probe, { timeoutMs: WITHIN_MS - (performance.now() - since), intervalMs: POLL_MS });
  expect(performance.now() - since).toBeLessThanOrEqual(WITHIN_MS);
}

const PRODUCT = `query($id: String!, $sku: String!) { product(id: $id) { version masterData { published current {
  variant(sku: $sku) { price(currency: "USD") { value { centAmount } } availability { noChannel { availableQuantity } } } } } } }`;
const SEARCH = `query($f: [SearchFilterInput!], $staged: Boolean, $text: String) {
  productProjectionSearch(storeProjection: "everwear", filters: $f, staged: $staged, text: $text, limit: 100) {
    total results { id key published masterVariant { sku price(currency: "USD") { value { centAmount } }
      availability { noChannel { availableQuantity } } } } } }`;
const UPDATE = `mutation($id: String!, $version: Long!, $actions: [ProductUpdateAction!]!) {
  updateProduct(id: $id, version: $version, actions: $actions) { version } }`;

describe('commerce instances on one PostgreSQL database agree', () => {
  let url: string;
  let drop: () => Promise<void>;
  let a: RunningCommerce;
  let b: RunningCommerce;
  let apiA: ReturnType<typeof client>;
  let apiB: ReturnType<typeof client>;
  /** Everwear products to change, each with its master sku, as instance B lists them. */
  let products: Array<{ id: string; key: string; sku: string; cents: number; available: number }>;
  const options = (name: string) => ({
    port: 0,
    host: '127.0.0.1',
    databaseUrl: url,
    dataDir: mkdtempSync(join(tmpdir(), `commerce-agree-${name}-`)),
    seedProducts: 60,
    dbPoolSize: 4,
    logLevel: 'silent' as const,
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
  });

  beforeAll(async () => {
    ({ url, drop } = await temporaryPostgres());
    a = await start(options('a'));
    running.add(a);
    // The second instance starts on the database the first has migrated and seeded.
    b = await start(options('b'));
    running.add(b);
    // Only the notifications (and the catch-up after a reconnect) may bring changes here, not the
    // periodic re-read that backs them up.
    for (const instance of [a, b]) instance.services.catalog.stopStockRefresh();
    apiA = client(a);
    apiB = client(b);
    const { productProjectionSearch } = await apiB.gql(SEARCH);
    products = productProjectionSearch.results
      .filter(
        (p: { masterVariant: { availability: { noChannel: { availableQuantity: number } } | null } }) =>
          (p.masterVariant.availability?.noChannel.availableQuantity ?? 0) >= 3,
      )
      .map(
        (p: {
          id: string;
          key: string;
          masterVariant: {
            sku: string;
            price: { value: { centAmount: number } };
            availability: { noChannel: { availableQuantity: number } };
          };
        }) => ({
          id: p.id,
          key: p.key,
          sku: p.masterVariant.sku,
          cents: p.masterVariant.price.value.centAmount,
          available: p.masterVariant.availability.noChannel.availableQuantity,
        }),
      );
    expect(products.length).toBeGreaterThanOrEqual(5);
  });

  /** Instances still running, stopped after the tests (the last test stops B itself). */
  const running = new Set<RunningCommerce>();

  afterAll(async () => {
    await Promise.all([...running].map((instance) => instance.stop()));
    await drop?.();
  });

  const read = async (api: ReturnType<typeof client>, product: { id: string; sku: string }) =>
    (await api.gql(PRODUCT, { id: product.id, sku: product.sku })).product;
  const search = async (api: ReturnType<typeof client>, variables: Record<string, unknown>) =>
    (await api.gql(SEARCH, variables)).productProjectionSearch;
  const byKey = (key: string) => ({ f: [{ string: `key:"${key}"` }] });
  const update = async (product: { id: string }, actions: object[]) => {
    const { version } = (await apiA.gql('query($id: String!) { product(id: $id) { version } }', { id: product.id }))
      .product;
    return (await apiA.gql(UPDATE, { id: product.id, version, actions })).updateProduct;
  };
  const changePrice = (product: { id: string; sku: string }, centAmount: number) =>
    update(product, [
      { changePrice: { sku: product.sku, price: { value: { centPrecision: { currencyCode: 'USD', centAmount } } } } },
    ]);

  it('starts the second instance on the seeded database without seeding it again, listening to the first', async () => {
    expect(a.prepared.seeded).toBe(true);
    expect(b.prepared).toMatchObject({ seeded: false, applied: [] });
    expect([a.services.changes.listening, b.services.changes.listening]).toEqual([true, true]);
    const totals = await Promise.all([apiA, apiB].map(async (api) => (await search(api, {})).total));
    expect(totals[0]).toBe(totals[1]);
  });

  it('withdraws a product on A and B stops finding it at once, then finds it again once A publishes it', async () => {
    const [product] = products;
    const since = performance.now();
    await update(product, [{ unpublish: {} }]);
    await within(since, async () => {
      expect((await read(apiB, product)).masterData.published).toBe(false);
      expect((await search(apiB, byKey(product.key))).total).toBe(0);
      expect((await search(apiB, { ...byKey(product.key), staged: true })).results).toEqual([
        expect.objectContaining({ key: product.key, published: false }),
      ]);
    });
    // B's carts read its catalog too: the withdrawn product can no longer be added there.
    const cart = (
      await apiB.gql(`mutation { createCart(draft: { currency: "USD" }, storeKey: "everwear") { id version } }`)
    ).createCart;
    await expect(
      apiB.gql(
        `mutation($id: String!, $version: Long!, $sku: String!) { updateCart(id: $id, version: $version, actions: [{ addLineItem: { sku: $sku } }]) { id } }`,
        { id: cart.id, version: cart.version, sku: product.sku },
      ),
    ).rejects.toMatchObject({ code: 'InvalidOperation' });

    const again = performance.now();
    await update(product, [{ publish: { scope: 'All' } }]);
    await within(again, async () => {
      expect((await read(apiB, product)).masterData.published).toBe(true);
      expect((await search(apiB, byKey(product.key))).results).toEqual([
        expect.objectContaining({ key: product.key, published: true }),
      ]);
    });
  });

  it('reprices a product on A and B reads, filters and sorts it at the new price', async () => {
    const product = products[1];
    const cents = 98_765;
    const since = performance.now();
    await changePrice(product, cents);
    await within(since, async () => {
      const variant = (await read(apiB, product)).masterData.current.variant;
      expect(variant.price.value.centAmount).toBe(cents);
      const priced = await search(apiB, {
        f: [{ string: `variants.price.centAmount:range (${cents} to ${cents + 1})` }],
      });
      expect(priced.results.map((p: { key: string }) => p.key)).toEqual([product.key]);
      const found = await search(apiB, byKey(product.key));
      expect(found.results[0].masterVariant.price.value.centAmount).toBe(cents);
    });
  });

  it('takes stock with an order on A and B shows what is left', async () => {
    const product = products[2];
    let cart = (
      await apiA.gql(
        `mutation { createCart(draft: { currency: "USD", taxMode: Disabled }, storeKey: "everwear") { id version } }`,
      )
    ).createCart;
    cart = (
      await apiA.gql(
        `mutation($id: String!, $version: Long!, $sku: String!) { updateCart(id: $id, version: $version, actions: [{ addLineItem: { sku: $sku, quantity: 2 } }]) { id version } }`,
        { id: cart.id, version: cart.version, sku: product.sku },
      )
    ).updateCart;
    const since = performance.now();
    await apiA.gql(`mutation($draft: OrderCartCommand!) { createOrderFromCart(draft: $draft) { id } }`, {
      draft: { id: cart.id, version: cart.version },
    });
    const left = product.available - 2;
    await within(since, async () => {
      expect((await read(apiB, product)).masterData.current.variant.availability.noChannel.availableQuantity).toBe(
        left,
      );
      const found = await search(apiB, byKey(product.key));
      expect(found.results[0].masterVariant.availability.noChannel.availableQuantity).toBe(left);
    });
    // A applies its own writes as it makes them and skips its notifications of them once it holds
    // them; one that overtook the commit's answer is read again. None is lost either way. B read
    // all four changes so far (withdrawn, published, repriced, stock taken).
    await Promise.all([a.services.changes.settled(), b.services.changes.settled()]);
    const own = a.services.changes.counts;
    expect(own.alreadyHeld).toBeGreaterThan(0);
    expect(own.alreadyHeld + own.applied).toBe(4);
    expect(b.services.changes.counts).toMatchObject({ applied: 4, alreadyHeld: 0 });
  });

  it('updates a cart on one instance only from what is stored, after the other wrote it', async () => {
    const product = products[3];
    const ADD = `mutation($id: String!, $version: Long!, $sku: String!) {
      updateCart(id: $id, version: $version, actions: [{ addLineItem: { sku: $sku, quantity: 1 } }]) { version lineItems { quantity } } }`;
    const made = (
      await apiA.gql(
        `mutation { createCart(draft: { currency: "USD", taxMode: Disabled }, storeKey: "everwear") { id version } }`,
      )
    ).createCart;
    const add = (api: typeof apiA, version: number) => api.gql(ADD, { id: made.id, version, sku: product.sku });
    // A keeps the cart as it made it; A writes twice, B once in between: each write starts from the stored cart.
    const first = (await add(apiA, made.version)).updateCart;
    const onB = (await add(apiB, first.version)).updateCart;
    expect(onB.lineItems).toEqual([{ quantity: 2 }]);
    // A's copy is a version behind: asked to write from that version, A is refused, as B would be.
    expect(await codeOf(add(apiA, first.version))).toBe('ConcurrentModification');
    const again = (await add(apiA, onB.version)).updateCart;
    expect(again).toEqual({ version: onB.version + 1, lineItems: [{ quantity: 3 }] });
  });

  it('loads the catalog again when categories change (an operator writes them and announces it)', async () => {
    const [category] = await a.db.query<{ key: string; name: string }>(
      `SELECT key, data->'name'->>'en-US' AS name FROM categories WHERE parent_id IS NOT NULL
        AND store_key = 'everwear' AND id IN (SELECT (jsonb_array_elements(data->'categories')->>'id')::uuid FROM products)
        ORDER BY key LIMIT 1`,
    );
    const word = 'zanzibarish';
    const since = performance.now();
    await a.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE categories SET data = jsonb_set(data, '{name,en-US}', to_jsonb($2::text)) WHERE key = $1`,
        [category.key, `${category.name} ${word}`],
      );
      await announce(tx, { catalog: true });
    });
    await within(since, async () => {
      const { category: read } = await apiB.gql(
        'query($key: String!) { category(key: $key) { name(locale: "en-US") } }',
        {
          key: category.key,
        },
      );
      expect(read.name).toBe(`${category.name} ${word}`);
      // The search index words come from category names: B finds the category's products by it.
      expect((await search(apiB, { text: word })).total).toBeGreaterThan(0);
    });
  });

  it('catches up after its listening connection is cut, with what it could not hear meanwhile', async () => {
    const product = products[3];
    const changes = b.services.changes;
    const before = changes.listenerPid;
    const reconnects = changes.counts.reconnects;
    const cents = 54_321;
    const since = performance.now();
    await a.db.query('SELECT pg_terminate_backend($1)', [before]);
    // A write that announces nothing (as if its notification was lost while B was not listening).
    await a.db.query(
      `UPDATE products SET version = version + 1, last_modified_at = now(),
         data = jsonb_set(data, '{masterVariant,prices,0,value,centAmount}', to_jsonb($2::int)) WHERE id = $1`,
      [product.id, cents],
    );
    await within(since, async () => {
      expect(changes.counts.reconnects).toBe(reconnects + 1);
      expect((await read(apiB, product)).masterData.current.variant.price.value.centAmount).toBe(cents);
      expect((await search(apiB, byKey(product.key))).results[0].masterVariant.price.value.centAmount).toBe(cents);
    });
    expect(changes.listenerPid).toEqual(expect.any(Number));
    expect(changes.listenerPid).not.toBe(before);
    expect(changes.counts.catchUps).toBeGreaterThan(0);

    // And it hears the next change as before.
    const next = performance.now();
    await changePrice(products[4], 12_345);
    await within(next, async () => {
      expect((await read(apiB, products[4])).masterData.current.variant.price.value.centAmount).toBe(12_345);
    });
  });

  it('closes its listening connection when it stops', async () => {
    const listening = async () =>
      (
        await a.db.query<{ n: number }>(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'listen:commerce_catalog'",
        )
      )[0].n;
    expect(await listening()).toBe(2);
    running.delete(b);
    await b.stop();
    await eventually(async () => expect(await listening()).toBe(1));
  });
});
