import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { MIGRATIONS } from '../src/db/migrations';
import { CatalogService } from '../src/domain/catalog/catalog-service';
import { cartTemplatesSql } from '../src/seed/cart-templates';
import { type DatabaseKind, temporaryPostgres } from './support';

const BEFORE_MAPPING = ['001_init', '002_inventory_changed_at', '003_cart_discounts_and_discount_code_limits'];
const PRODUCT = '00000000-0000-5000-8000-000000000001';
const METHOD = '00000000-0000-5000-8000-000000000002';
const usd = (centAmount: number) => ({ type: 'centPrecision', currencyCode: 'USD', centAmount, fractionDigits: 2 });
const variant = (id: number) => ({
  id,
  sku: `EW10000-${id}`,
  key: `EW10000-${id}`,
  prices: [{ id: `p-${id}`, value: usd(2500) }],
  attributes: [{ name: 'masterStyle', value: 'EW10000' }],
  images: [],
});

describe.each<DatabaseKind>(['pglite', 'postgres'])('the commercetools mapping migrations on %s', (kind) => {
  let db: Db;
  let drop = async () => undefined as void;
  beforeAll(async () => {
    let url: string | undefined;
    if (kind === 'postgres') ({ url, drop } = await temporaryPostgres());
    db = await openDatabase({ url, dataDir: mkdtempSync(join(tmpdir(), 'commerce-mapping-')) });
    await db.exec(
      'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const migration of MIGRATIONS.filter((m) => BEFORE_MAPPING.includes(m.name))) {
      await db.exec(migration.sql);
      await db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
    }
    // What the seed wrote before: a store, a product with a retailerLinks field, a flat-priced method.
    await db.query('INSERT INTO stores (key, data) VALUES ($1, $2)', [
      'everwear',
      { key: 'everwear', name: { 'en-US': 'Everwear' }, inventoryListKey: 'everwear-online' },
    ]);
    await db.query(
      'INSERT INTO products (id, key, store_key, version, created_at, data) VALUES ($1, $2, $3, 1, now(), $4)',
      [
        PRODUCT,
        'ew10000',
        'everwear',
        {
          id: PRODUCT,
          key: 'ew10000',
          storeKey: 'everwear',
          masterStyle: 'EW10000',
          productType: 'tee',
          name: { 'en-US': 'Tee' },
          description: { 'en-US': 'A tee.' },
          slug: { 'en-US': 'tee-ew10000' },
          categories: [],
          createdAt: '2026-11-01T00:00:00.000Z',
          retailerLinks: [{ retailer: 'kohls', domain: 'kohls.com', url: 'https://www.kohls.com/search?q=EW10000' }],
          masterVariant: variant(1),
          variants: [variant(2)],
        },
      ],
    );
    // Its first variant is sold out, the second in stock.
    await db.query("INSERT INTO skus (sku, product_id) VALUES ('EW10000-1', $1), ('EW10000-2', $1)", [PRODUCT]);
    await db.query(
      "INSERT INTO inventory (sku, inventory_list_key, available) VALUES ('EW10000-1', 'everwear-online', 0), ('EW10000-2', 'everwear-online', 5)",
    );
    await db.query('INSERT INTO shipping_methods (id, key, store_key, data) VALUES ($1, $2, $3, $4)', [
      METHOD,
      'everwear-standard-ground',
      'everwear',
      {
        id: METHOD,
        key: 'everwear-standard-ground',
        storeKey: 'everwear',
        name: 'Standard',
        description: 'Standard shipping',
        isDefault: true,
        price: usd(599),
        freeAboveCentAmount: 5000,
      },
    ]);
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await drop();
  });

  it("moves retailer links into every variant's retailerLinks attribute, as set-of-nested values", async () => {
    const [{ data }] = await db.query<{
      data: Record<string, unknown> & {
        masterVariant: { attributes: unknown[] };
        variants: Array<{ attributes: unknown[] }>;
      };
    }>('SELECT data FROM products WHERE id = $1', [PRODUCT]);
    expect(data.retailerLinks).toBeUndefined();
    const links = {
      name: 'retailerLinks',
      value: [
        [
          { name: 'retailer', value: { key: 'kohls', label: "Kohl's" } },
          { name: 'url', value: 'https://www.kohls.com/search?q=EW10000' },
        ],
      ],
    };
    expect(data.masterVariant.attributes).toContainEqual(links);
    expect(data.variants[0].attributes).toContainEqual(links);
  });

  it("makes the store's products its assortment: an active product selection that storeProjection searches", async () => {
    const [{ data: store }] = await db.query<{ data: { productSelections: unknown } }>(
      "SELECT data FROM stores WHERE key = 'everwear'",
    );
    expect(store.productSelections).toEqual([
      { productSelection: { typeId: 'product-selection', key: 'everwear-assortment' }, active: true },
    ]);
    const catalog = new CatalogService(db);
    await catalog.load();
    expect(catalog.search({ storeProjection: 'everwear' }).total).toBe(1);
    expect(catalog.search({ storeProjection: 'hoopcraft' }).total).toBe(0);
    expect(catalog.index.inStore('everwear', PRODUCT)).toBe(true);
  });

  it('rates each shipping method in the US zone instead of a flat price', async () => {
    const [{ data }] = await db.query<{ data: Record<string, unknown> }>(
      'SELECT data FROM shipping_methods WHERE id = $1',
      [METHOD],
    );
    const [zone] = await db.query<{ id: string }>("SELECT id::text AS id FROM zones WHERE key = 'us'");
    expect(data.price).toBeUndefined();
    expect(data.zoneRates).toEqual([
      { zone: { typeId: 'zone', id: zone.id }, shippingRates: [{ price: usd(599), freeAbove: usd(5000) }] },
    ]);
    expect(data.localizedDescription).toEqual({ 'en-US': 'Standard shipping' });
  });

  it("writes each store's cart templates from its own products in stock, and only once", async () => {
    const templates = async () =>
      db.query<{ key: string; value: unknown }>(
        "SELECT key, value FROM custom_objects WHERE container = 'cart-templates' ORDER BY key",
      );
    // One product: the starter kit takes its variant in stock; the other templates skip past it.
    expect(await templates()).toEqual([
      { key: 'everwear-starter-kit', value: { name: 'Starter kit', lines: [{ sku: 'EW10000-2', quantity: 1 }] } },
    ]);
    await db.exec(cartTemplatesSql());
    expect(await templates()).toHaveLength(1);
    const [product] = await db.query<{ same: boolean }>(
      'SELECT last_modified_at = created_at AS same FROM products WHERE id = $1',
      [PRODUCT],
    );
    expect(product.same).toBe(true);
  });
});
