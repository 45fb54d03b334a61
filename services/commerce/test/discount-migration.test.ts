import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { MIGRATIONS } from '../src/db/migrations';
import type { Cart } from '../src/domain/carts/cart-types';
import { DiscountCodeService } from '../src/domain/discounts/discount-code-service';
import { StoreRepository } from '../src/domain/platform/store-repository';
import { type DatabaseKind, temporaryPostgres } from './support';

const BEFORE_DISCOUNTS = ['001_init', '002_inventory_changed_at'];

describe.each<DatabaseKind>(['pglite', 'postgres'])('the cart discount migration on %s', (kind) => {
  let db: Db;
  let drop = async () => undefined as void;
  beforeAll(async () => {
    let url: string | undefined;
    if (kind === 'postgres') ({ url, drop } = await temporaryPostgres());
    db = await openDatabase({ url, dataDir: mkdtempSync(join(tmpdir(), 'commerce-migration-')) });
    await db.exec(
      'CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const migration of MIGRATIONS.filter((m) => BEFORE_DISCOUNTS.includes(m.name))) {
      await db.exec(migration.sql);
      await db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
    }
    // What the seed wrote before cart discounts existed.
    await db.query('INSERT INTO stores (key, data) VALUES ($1, $2)', [
      'everwear',
      { key: 'everwear', name: { 'en-US': 'Everwear' }, inventoryListKey: 'everwear-online' },
    ]);
    for (const percentOff of [10, 20]) {
      const id = `00000000-0000-5000-8000-0000000000${percentOff}`;
      const code = `EVERWEAR${percentOff}`;
      await db.query('INSERT INTO discount_codes (id, code, store_key, data) VALUES ($1, $2, $3, $4)', [
        id,
        code,
        'everwear',
        { id, code, storeKey: 'everwear', name: `${percentOff}% off`, percentOff },
      ]);
    }
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await drop();
  });

  it('gives an already seeded store the welcome cart discount and keeps its old codes working at their percent', async () => {
    const discounts = await db.query<{ key: string; permyriad: number }>(
      "SELECT key, (data->'value'->>'permyriad')::int AS permyriad FROM cart_discounts WHERE store_key = 'everwear' ORDER BY key",
    );
    expect(discounts).toEqual([
      { key: 'percent-10', permyriad: 1000 },
      { key: 'percent-20', permyriad: 2000 },
      { key: 'welcome-15', permyriad: 1500 },
    ]);
    const service = new DiscountCodeService(db, new StoreRepository(db));
    const cart = { store: { typeId: 'store', key: 'everwear' }, discountCodes: [] } as unknown as Cart;
    expect(await service.redeem(db, cart, 'everwear10')).toMatchObject({
      discountCode: { code: 'EVERWEAR10' },
      percentOff: 10,
    });
    expect(await service.redeem(db, cart, 'EVERWEAR20')).toMatchObject({ percentOff: 20 });
    const created = await service.create(
      { code: 'WELCOME-0101-XYZ', key: 'k-1', cartDiscounts: [{ key: 'welcome-15' }] },
      'everwear',
    );
    expect(await service.redeem(db, cart, created.code)).toMatchObject({ percentOff: 15 });
  });
});
