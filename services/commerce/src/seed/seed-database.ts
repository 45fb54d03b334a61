import { generateCatalog, legacyHashFor, seedCustomers } from '@shop/catalog-seed';
import { hashPassword } from '@shop/node-kit';
import type { Db } from '../db/database';
import { customerKeyFor } from '../domain/customers/customer-service';
import { cartTemplatesSql } from './cart-templates';
import { discountRows } from './seed-discounts';

const BATCH = 400;

async function insertRows(db: Db, table: string, columns: string[], rows: unknown[][]) {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const params: unknown[] = [];
    const values = batch.map((row) => `(${row.map((value) => `$${params.push(value)}`).join(', ')})`);
    await db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')}`, params);
  }
}

/**
 * Seeds an empty database once with the generated catalog and the documented customers;
 * a database that has been seeded is left as it is, so restarts keep all data.
 */
export async function seedIfEmpty(db: Db, products: number): Promise<{ seeded: boolean; products: number }> {
  const [done] = await db.query<{ value: { products: number } }>("SELECT value FROM catalog_meta WHERE key = 'seed'");
  if (done) return { seeded: false, products: done.value.products };
  const catalog = generateCatalog({ products });
  const customers = await Promise.all(
    seedCustomers().map(async (customer) => ({
      customer,
      passwordHash: await hashPassword(customer.password),
      legacyHash: await legacyHashFor(customer),
    })),
  );
  await db.transaction(async (tx) => {
    const now = new Date().toISOString();
    await insertRows(
      tx,
      'stores',
      ['key', 'data'],
      catalog.stores.map((s) => [s.key, s]),
    );
    await insertRows(
      tx,
      'tax_categories',
      ['id', 'key', 'data'],
      catalog.taxCategories.map((t) => [t.id, t.key, { ...t, version: 1, createdAt: now, lastModifiedAt: now }]),
    );
    // Parents before children: categories are generated top-down.
    await insertRows(
      tx,
      'categories',
      ['id', 'key', 'store_key', 'parent_id', 'data'],
      catalog.categories.map((c) => [c.id, c.key, c.storeKey, c.parentId, c]),
    );
    await insertRows(
      tx,
      'products',
      ['id', 'key', 'store_key', 'version', 'created_at', 'last_modified_at', 'data'],
      catalog.products.map((p) => [p.id, p.key, p.storeKey, 1, p.createdAt, p.createdAt, p]),
    );
    await insertRows(
      tx,
      'product_selections',
      ['id', 'key', 'data'],
      catalog.productSelections.map(({ productIds: _ids, ...selection }) => [
        selection.id,
        selection.key,
        { ...selection, version: 1 },
      ]),
    );
    await insertRows(
      tx,
      'product_selection_products',
      ['product_selection_id', 'product_id'],
      catalog.productSelections.flatMap((selection) => selection.productIds.map((id) => [selection.id, id])),
    );
    await insertRows(
      tx,
      'skus',
      ['sku', 'product_id'],
      catalog.products.flatMap((p) => [p.masterVariant, ...p.variants].map((v) => [v.sku, p.id])),
    );
    await insertRows(
      tx,
      'inventory',
      ['sku', 'inventory_list_key', 'available'],
      catalog.inventory.map((i) => [i.sku, i.inventoryListKey, i.available]),
    );
    await insertRows(
      tx,
      'zones',
      ['id', 'key', 'data'],
      catalog.zones.map((z) => [z.id, z.key, { ...z, version: 1 }]),
    );
    await insertRows(
      tx,
      'shipping_methods',
      ['id', 'key', 'store_key', 'data'],
      catalog.shippingMethods.map((m) => [m.id, m.key, m.storeKey, m]),
    );
    const discounts = discountRows(catalog, now);
    await insertRows(tx, 'cart_discounts', ['id', 'key', 'data'], discounts.cartDiscounts);
    await insertRows(tx, 'discount_codes', ['id', 'code', 'data', 'created_at'], discounts.discountCodes);
    await insertRows(
      tx,
      'customers',
      ['id', 'store_key', 'email_lower', 'version', 'password_hash', 'data', 'created_at', 'last_modified_at'],
      customers.map(({ customer, passwordHash, legacyHash }) => [
        customer.id,
        customer.storeKey,
        customer.email.toLowerCase(),
        1,
        passwordHash,
        {
          id: customer.id,
          version: 1,
          key: customerKeyFor(customer.email),
          email: customer.email,
          lowercaseEmail: customer.email.toLowerCase(),
          firstName: customer.firstName,
          lastName: customer.lastName,
          addresses: [],
          authenticationMode: 'Password',
          isEmailVerified: true,
          stores: [{ typeId: 'store', key: customer.storeKey }],
          custom: { type: { typeId: 'type', key: 'customer-b2c' }, fields: legacyHash ? { legacyHash } : {} },
          createdAt: now,
          lastModifiedAt: now,
        },
        now,
        now,
      ]),
    );
    // The migrations ran before there were products; the templates are picked from them now.
    await tx.query(cartTemplatesSql());
    await tx.query("INSERT INTO catalog_meta (key, value) VALUES ('seed', $1)", [
      { products: catalog.products.length, seededAt: now },
    ]);
  });
  return { seeded: true, products: catalog.products.length };
}
