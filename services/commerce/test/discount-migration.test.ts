import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { MIGRATIONS } from '../src/db/migrations';
import type { Cart } from '../src/domain/carts/cart-types';
import { DiscountCodeService } from '../src/domain/discounts/discount-code-service';
import { type DatabaseKind, temporaryPostgres } from './support';

const BEFORE_DISCOUNTS = ['001_init', '002_inventory_changed_at'];
const BEFORE_PROJECT_WIDE_CODES = MIGRATIONS.map((m) => m.name).filter((name) => name < '006');

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
    for (const store of ['everwear', 'hoopcraft']) {
      await db.query('INSERT INTO stores (key, data) VALUES ($1, $2)', [
        store,
        { key: store, name: { 'en-US': store }, inventoryListKey: `${store}-online` },
      ]);
    }
    const oldCode = async (id: string, code: string, store: string, percentOff: number) =>
      db.query('INSERT INTO discount_codes (id, code, store_key, data) VALUES ($1, $2, $3, $4)', [
        id,
        code,
        store,
        { id, code, storeKey: store, name: `${percentOff}% off`, percentOff },
      ]);
    for (const percentOff of [10, 20]) {
      await oldCode(`00000000-0000-5000-8000-0000000000${percentOff}`, `EVERWEAR${percentOff}`, 'everwear', percentOff);
    }
    // Two stores could have the same code while codes were per store.
    await oldCode('00000000-0000-5000-8000-000000000031', 'SHARED5', 'everwear', 5);
    await oldCode('00000000-0000-5000-8000-000000000032', 'SHARED5', 'hoopcraft', 5);
    for (const migration of MIGRATIONS.filter(
      (m) => BEFORE_PROJECT_WIDE_CODES.includes(m.name) && !BEFORE_DISCOUNTS.includes(m.name),
    )) {
      await db.exec(migration.sql);
      await db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
    }
    // Signup codes, keyed per store, as the gateway created them while keys were per store.
    for (const [id, store] of [
      ['00000000-0000-5000-8000-000000000041', 'everwear'],
      ['00000000-0000-5000-8000-000000000042', 'hoopcraft'],
    ]) {
      await db.query(
        `INSERT INTO discount_codes (id, code, store_key, key, data) SELECT $1::uuid, $2::text, $3::text, 'welcome-abc',
           jsonb_build_object('id', $1::text, 'version', 1, 'code', $2::text, 'key', 'welcome-abc',
             'cartDiscounts', jsonb_build_array(jsonb_build_object('typeId', 'cart-discount', 'id', d.id)),
             'stores', jsonb_build_array(jsonb_build_object('typeId', 'store', 'key', $3::text)),
             'isActive', true, 'references', '[]'::jsonb, 'groups', '[]'::jsonb,
             'createdAt', '2026-11-01T00:00:00.000Z', 'lastModifiedAt', '2026-11-01T00:00:00.000Z')
         FROM cart_discounts d WHERE d.store_key = $3::text AND d.key = 'welcome-15'`,
        [id, `${store.slice(0, 2).toUpperCase()}-WELCOME-1101-ABCDEF`, store],
      );
    }
    await migrate(db);
  });
  afterAll(async () => {
    await db?.close();
    await drop();
  });

  const cartIn = (store: string) => ({ store: { typeId: 'store', key: store }, discountCodes: [] }) as unknown as Cart;

  it('gives an already seeded store the welcome cart discount and keeps its old codes working at their percent', async () => {
    const discounts = await db.query<{ key: string; permyriad: number; store: string }>(
      "SELECT key, (data->'value'->>'permyriad')::int AS permyriad, data->'stores'->0->>'key' AS store FROM cart_discounts WHERE key LIKE 'everwear-%' ORDER BY key",
    );
    expect(discounts).toEqual([
      { key: 'everwear-percent-10', permyriad: 1000, store: 'everwear' },
      { key: 'everwear-percent-20', permyriad: 2000, store: 'everwear' },
      { key: 'everwear-percent-5', permyriad: 500, store: 'everwear' },
      { key: 'everwear-welcome-15', permyriad: 1500, store: 'everwear' },
    ]);
    const service = new DiscountCodeService(db);
    const cart = cartIn('everwear');
    expect(await service.redeem(db, cart, 'everwear10')).toMatchObject({
      discountCode: { code: 'EVERWEAR10' },
      percentOff: 10,
    });
    expect(await service.redeem(db, cart, 'EVERWEAR20')).toMatchObject({ percentOff: 20 });
    const created = await service.create({
      code: 'WELCOME-0101-XYZ',
      key: 'k-1',
      cartDiscounts: [{ key: 'everwear-welcome-15' }],
    });
    expect(await service.redeem(db, cart, created.code)).toMatchObject({ percentOff: 15 });
  });

  it('makes keys unique across the project by prefixing the store, and keeps signup codes working in their store', async () => {
    const service = new DiscountCodeService(db);
    expect(await service.find({ key: 'everwear-welcome-abc' })).toMatchObject({
      code: 'EV-WELCOME-1101-ABCDEF',
      key: 'everwear-welcome-abc',
    });
    expect(await service.find({ key: 'hoopcraft-welcome-abc' })).toMatchObject({ code: 'HO-WELCOME-1101-ABCDEF' });
    expect(await service.find({ key: 'welcome-abc' })).toBeUndefined();
    expect(await service.redeem(db, cartIn('hoopcraft'), 'HO-WELCOME-1101-ABCDEF')).toMatchObject({ percentOff: 15 });
    // A code only applies in the stores of its cart discounts.
    await expect(service.redeem(db, cartIn('everwear'), 'HO-WELCOME-1101-ABCDEF')).rejects.toMatchObject({
      code: 'DiscountCodeNonApplicable',
      extras: { reason: 'DoesNotMatchCart' },
    });
  });

  it('keeps a code two stores shared with the older one and gives the other its store as a suffix', async () => {
    const service = new DiscountCodeService(db);
    expect(await service.redeem(db, cartIn('everwear'), 'shared5')).toMatchObject({ percentOff: 5 });
    expect(await service.redeem(db, cartIn('hoopcraft'), 'SHARED5-HOOPCRAFT')).toMatchObject({ percentOff: 5 });
    await expect(
      service.create({ code: 'shared5', cartDiscounts: [{ key: 'hoopcraft-percent-5' }] }),
    ).rejects.toMatchObject({ code: 'DuplicateField' });
    await expect(
      service.create({
        code: 'OTHER-1',
        key: 'everwear-welcome-abc',
        cartDiscounts: [{ key: 'hoopcraft-welcome-15' }],
      }),
    ).rejects.toMatchObject({ code: 'DuplicateField' });
  });
});
