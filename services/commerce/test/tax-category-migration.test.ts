import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openDatabase } from '../src/db/database';
import { migrate, migrateAndSeed } from '../src/db/migrate';
import { MIGRATIONS } from '../src/db/migrations';
import { CatalogService } from '../src/domain/catalog/catalog-service';
import { type DatabaseKind, temporaryPostgres } from './support';

const BEFORE_TAX_CATEGORIES = MIGRATIONS.map((m) => m.name).filter((name) => name < '010');
const product = (id: string, key: string, productType: string) => ({
  id,
  key,
  storeKey: 'hoopcraft',
  masterStyle: key.toUpperCase(),
  productType,
  name: { 'en-US': key },
  description: { 'en-US': key },
  slug: { 'en-US': key },
  categories: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  masterVariant: { id: 1, sku: `${key}-1`, key: `${key}-1`, prices: [], attributes: [], images: [] },
  variants: [],
});
const JERSEY = '00000000-0000-5000-8000-000000000101';
const BASKETBALL = '00000000-0000-5000-8000-000000000102';
const MADE_UP = '00000000-0000-5000-8000-000000000103';

describe.each<DatabaseKind>(['pglite', 'postgres'])('the tax category migration on %s', (kind) => {
  let db: Db;
  let drop = async () => undefined as void;
  beforeAll(async () => {
    let url: string | undefined;
    if (kind === 'postgres') ({ url, drop } = await temporaryPostgres());
    db = await openDatabase({ url, dataDir: mkdtempSync(join(tmpdir(), 'commerce-tax-categories-')) });
    await db.exec(
      'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const migration of MIGRATIONS.filter((m) => BEFORE_TAX_CATEGORIES.includes(m.name))) {
      await db.exec(migration.sql);
      await db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
    }
    // What the seed wrote before products had a tax category.
    await db.query('INSERT INTO stores (key, data) VALUES ($1, $2)', ['hoopcraft', { key: 'hoopcraft' }]);
    for (const [id, key, type] of [
      [JERSEY, 'hc10000', 'jersey'],
      [BASKETBALL, 'hc10001', 'basketball'],
      [MADE_UP, 'hc10002', 'trampoline'],
    ]) {
      await db.query(
        'INSERT INTO products (id, key, store_key, version, created_at, data) VALUES ($1, $2, $3, 1, now(), $4)',
        [id, key, 'hoopcraft', product(id, key, type)],
      );
    }
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await drop();
  });

  it('gives an already seeded catalog the clothing and general categories, with no rates', async () => {
    const rows = await db.query<{ key: string; data: Record<string, unknown> }>(
      'SELECT key, data FROM tax_categories ORDER BY key',
    );
    expect(rows.map((row) => row.key)).toEqual(['clothing', 'general']);
    expect(rows[0].data).toMatchObject({ key: 'clothing', name: 'Clothing and footwear', rates: [], version: 1 });
  });

  it('gives a garment the clothing category and a basketball, or a type it does not know, the general one', async () => {
    const rows = await db.query<{ id: string; key: string }>(
      `SELECT p.id::text AS id, t.key FROM products p
         JOIN tax_categories t ON t.id::text = p.data->'taxCategory'->>'id'
        WHERE p.data->'taxCategory'->>'typeId' = 'tax-category' ORDER BY p.key`,
    );
    expect(rows).toEqual([
      { id: JERSEY, key: 'clothing' },
      { id: BASKETBALL, key: 'general' },
      { id: MADE_UP, key: 'general' },
    ]);
    const catalog = new CatalogService(db);
    await catalog.load();
    const [jersey] = await db.query<{ id: string }>(
      "SELECT data->'taxCategory'->>'id' AS id FROM products WHERE id = $1",
      [JERSEY],
    );
    expect(catalog.taxCategory(jersey.id)).toMatchObject({ key: 'clothing', version: 1 });
  });
});

describe('a fresh database', () => {
  it('gets the tax categories from the seed alone, every product naming one by the kind of goods it is', async () => {
    const db = await openDatabase({ dataDir: mkdtempSync(join(tmpdir(), 'commerce-tax-seed-')) });
    try {
      await migrateAndSeed(db, 40);
      const categories = await db.query<{ key: string }>('SELECT key FROM tax_categories ORDER BY key');
      expect(categories.map((row) => row.key)).toEqual(['clothing', 'general']);
      const products = await db.query<{ type: string; category: string | null }>(
        `SELECT p.data->>'productType' AS type, t.key AS category FROM products p
           LEFT JOIN tax_categories t ON t.id::text = p.data->'taxCategory'->>'id'`,
      );
      expect(products.length).toBe(40);
      expect(products.filter((row) => row.category === null)).toEqual([]);
      const categoryOf = (type: string) => new Set(products.filter((row) => row.type === type).map((r) => r.category));
      expect(categoryOf('bra')).toEqual(new Set(['clothing']));
      expect(categoryOf('jersey')).toEqual(new Set(['clothing']));
      expect(categoryOf('basketball')).toEqual(new Set(['general']));
    } finally {
      await db.close();
    }
  });
});
