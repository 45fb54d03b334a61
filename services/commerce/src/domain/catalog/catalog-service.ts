import type { Db } from '../../db/database';
import { concurrentModification, invalidInput, notFound } from '../../errors';
import { page } from '../customers/customer-service';
import { equalities, matches, parsePredicate } from '../platform/predicate';
import { actionOf, checkActions } from '../platform/update';
import type { Category, Product } from './catalog-types';
import { applyProductAction } from './product-actions';
import { announce } from './catalog-changes';
import { SearchIndex, type SearchRequest } from './search-index';

export interface CategoryDocument {
  id: string;
  key: string;
  version: number;
  name: Record<string, string>;
  slug: Record<string, string>;
  orderHint: string;
  parent?: { typeId: 'category'; id: string };
  ancestors: Array<{ typeId: 'category'; id: string }>;
}

/** A commercetools TaxCategory as stored (no rates: the shop's carts take external rates). */
export interface TaxCategoryDocument {
  id: string;
  key: string;
  version: number;
  name: string;
  description?: string;
  rates: [];
  createdAt: string;
  lastModifiedAt: string;
}

/** Catalog reads: the search index for products, categories in memory, inventory from the database. */
type StockEntry = { key: string; available: number; version: number };

/** An inventory row as read, with the version its last write left (the versions tell newer from older). */
export type StockRow = {
  sku: string;
  inventory_list_key: string;
  available: number;
  version: number;
};

/**
 * How often stock and products are re-read as a backstop: other instances' writes arrive as
 * notifications (CatalogChanges), this catches anything those could not carry.
 */
const STOCK_REFRESH_MS = 5000;

/** What the index is built on besides the products: a change to any means a full load. */
const SHAPE_SQL = `SELECT
  (SELECT md5(coalesce(string_agg(data::text, ',' ORDER BY id), '')) FROM categories) AS categories,
  (SELECT md5(coalesce(string_agg(data::text || version, ',' ORDER BY id), '')) FROM tax_categories) AS tax_categories,
  (SELECT md5(coalesce(string_agg(data::text, ',' ORDER BY key), '')) FROM stores) AS stores,
  (SELECT md5(coalesce(string_agg(data::text, ',' ORDER BY id), '')) FROM product_selections) AS selections,
  (SELECT md5(coalesce(string_agg(product_selection_id::text || product_id::text, ',' ORDER BY product_selection_id, product_id), ''))
     FROM product_selection_products) AS assortments`;

export class CatalogService {
  readonly index = new SearchIndex();
  private categories: CategoryDocument[] = [];
  private taxCategories = new Map<string, TaxCategoryDocument>();
  /** Stock per sku as shown on product listings: a read model refreshed from the database. */
  private stock = new Map<string, StockEntry[]>();
  private stockReadAt = new Date(0);
  private productsReadAt = new Date(0);
  /** The fingerprint of categories, tax categories, stores and assortments at the last load (PostgreSQL). */
  private shape = '';
  private refreshTimer: NodeJS.Timeout | undefined;
  /** Called after each full load (stores are cached apart and follow it). */
  onLoad: () => void = () => undefined;

  constructor(private readonly db: Db) {}

  async load(): Promise<void> {
    const stock = new Map<string, StockEntry[]>();
    const stockReadAt = new Date();
    const productsReadAt = new Date();
    // Stock first, then the rest: one large read at a time keeps the peak memory of a big catalog down.
    const stockRows = await this.db.query<StockRow>(
      'SELECT sku, inventory_list_key, available, version FROM inventory',
    );
    const [products, categories, assigned, taxCategories, [shape]] = await Promise.all([
      this.db.query<{ data: Product; version: number }>('SELECT data, version FROM products'),
      this.db.query<{ data: Category }>('SELECT data FROM categories'),
      // A store sells the products of its active product selections (commercetools Store.productSelections).
      this.db.query<{ store_key: string; product_id: string }>(
        `SELECT s.key AS store_key, a.product_id::text AS product_id
           FROM stores s
           CROSS JOIN LATERAL jsonb_array_elements(coalesce(s.data->'productSelections', '[]'::jsonb)) AS setting
           JOIN product_selections ps ON ps.key = setting->'productSelection'->>'key'
           JOIN product_selection_products a ON a.product_selection_id = ps.id
          WHERE (setting->>'active')::boolean`,
      ),
      this.db.query<{ data: TaxCategoryDocument; version: number }>('SELECT data, version FROM tax_categories'),
      // Only a catch-up compares it, and only instances on PostgreSQL catch up.
      this.db.kind === 'postgres' ? this.db.query<Record<string, string>>(SHAPE_SQL) : [{}],
    ]);
    this.stock = stock;
    this.takeStock(stockRows);
    this.stockReadAt = stockReadAt;
    this.productsReadAt = productsReadAt;
    this.shape = JSON.stringify(shape);
    this.taxCategories = new Map(taxCategories.map((row) => [row.data.id, { ...row.data, version: row.version }]));
    const seeds = categories.map((row) => row.data);
    const assortments = new Map<string, Set<string>>();
    for (const row of assigned)
      assortments.set(row.store_key, (assortments.get(row.store_key) ?? new Set()).add(row.product_id));
    this.index.load(
      products.map((row) => ({ ...row.data, version: row.version })),
      seeds,
      assortments,
    );
    const byId = new Map(seeds.map((c) => [c.id, c]));
    this.categories = seeds
      .map((c) => {
        const ancestors: CategoryDocument['ancestors'] = [];
        for (let at = c.parentId; at; at = byId.get(at)?.parentId ?? null)
          ancestors.unshift({ typeId: 'category', id: at });
        return {
          id: c.id,
          key: c.key,
          version: 1,
          name: c.name,
          slug: c.slug,
          orderHint: c.orderHint,
          ...(c.parentId ? { parent: { typeId: 'category' as const, id: c.parentId } } : {}),
          ancestors,
        };
      })
      .sort((a, b) => a.orderHint.localeCompare(b.orderHint) || a.key.localeCompare(b.key));
    this.onLoad();
  }

  /**
   * Takes inventory rows into the stock read model, each only if it is newer than the entry held
   * (a late answer to an older read never undoes a newer one).
   */
  takeStock(rows: StockRow[]): void {
    for (const row of rows) {
      const entries = this.stock.get(row.sku);
      const held = entries?.find((e) => e.key === row.inventory_list_key);
      if (held && held.version > row.version) continue;
      const entry = { key: row.inventory_list_key, available: row.available, version: row.version };
      if (!entries) this.stock.set(row.sku, [entry]);
      else if (held) entries[entries.indexOf(held)] = entry;
      else entries.push(entry);
    }
  }

  /** Whether the stock entry held is at `version` or newer (so a change notified at it is applied). */
  holdsStock(sku: string, inventoryListKey: string, version: number): boolean {
    return (this.stock.get(sku)?.find((e) => e.key === inventoryListKey)?.version ?? 0) >= version;
  }

  /** Re-reads stock rows changed since the last read (with a margin for clock skew between writers). */
  async refreshStock(): Promise<void> {
    const since = new Date(this.stockReadAt.getTime() - 2000);
    const readAt = new Date();
    const rows = await this.db.query<StockRow>(
      'SELECT sku, inventory_list_key, available, version FROM inventory WHERE changed_at >= $1',
      [since.toISOString()],
    );
    this.takeStock(rows);
    this.stockReadAt = readAt;
  }

  /** Re-reads the stock of these skus (another instance's order took some). */
  async refreshStockOf(skus: string[]): Promise<void> {
    if (skus.length === 0) return;
    this.takeStock(
      await this.db.query<StockRow>(
        'SELECT sku, inventory_list_key, available, version FROM inventory WHERE sku = ANY($1)',
        [skus],
      ),
    );
  }

  /** Takes products another instance changed since the last read into the search index. */
  async refreshProducts(): Promise<void> {
    const since = new Date(this.productsReadAt.getTime() - 2000);
    const readAt = new Date();
    const rows = await this.db.query<{ data: Product; version: number }>(
      'SELECT data, version FROM products WHERE last_modified_at >= $1',
      [since.toISOString()],
    );
    this.takeProducts(rows);
    this.productsReadAt = readAt;
  }

  /** Re-reads these products (another instance changed them) into the search index. */
  async refreshProductsOf(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    this.takeProducts(
      await this.db.query<{ data: Product; version: number }>(
        'SELECT data, version FROM products WHERE id = ANY($1::uuid[])',
        [ids],
      ),
    );
  }

  /** Puts stored products into the index, each only if it is newer than the one held. */
  private takeProducts(rows: Array<{ data: Product; version: number }>) {
    const newer = rows
      .filter((row) => row.version > (this.index.versionOf(row.data.id) ?? row.version))
      .map((row) => ({ ...row.data, version: row.version }));
    this.index.replace(newer);
  }

  /** Whether the index holds the product at `version` or newer (or does not hold it at all). */
  holdsProduct(id: string, version: number): boolean {
    return (this.index.versionOf(id) ?? Infinity) >= version;
  }

  /**
   * Catches up with whatever changed while this instance could not hear about it (its listening
   * connection was lost): products at newer versions, all stock, and a full load when the
   * products, categories, stores or assortments themselves changed.
   */
  async resync(): Promise<'loaded' | 'updated'> {
    const readAt = new Date();
    const [versions, [shape]] = await Promise.all([
      this.db.query<{ id: string; version: number }>('SELECT id::text AS id, version FROM products'),
      this.db.query<Record<string, string>>(SHAPE_SQL),
    ]);
    if (
      JSON.stringify(shape) !== this.shape ||
      versions.length !== this.index.size ||
      versions.some((row) => this.index.versionOf(row.id) === undefined)
    ) {
      await this.load();
      return 'loaded';
    }
    const stale = versions.filter((row) => row.version > (this.index.versionOf(row.id) ?? 0)).map((row) => row.id);
    for (let at = 0; at < stale.length; at += 1000) await this.refreshProductsOf(stale.slice(at, at + 1000));
    this.takeStock(await this.db.query<StockRow>('SELECT sku, inventory_list_key, available, version FROM inventory'));
    this.productsReadAt = readAt;
    this.stockReadAt = readAt;
    return 'updated';
  }

  startStockRefresh() {
    this.refreshTimer = setInterval(
      () => void Promise.all([this.refreshStock(), this.refreshProducts()]).catch(() => undefined),
      STOCK_REFRESH_MS,
    );
    this.refreshTimer.unref();
  }

  /**
   * commercetools `updateProduct` at a version (changePrice, setPrices, publish, unpublish): the
   * stored product and this instance's search index change together, and the change is announced
   * in the same transaction, so other instances hear of it once it commits.
   * Carts keep the price a line was added at until they are recalculated.
   */
  async updateProduct(
    by: { id?: string | null; key?: string | null },
    version: number,
    actions: object[],
  ): Promise<Product> {
    checkActions(actions);
    const parsed = actions.map(actionOf);
    if (!by.id && !by.key) throw invalidInput('updateProduct needs an id or a key.');
    const updated = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ data: Product; version: number }>(
        `SELECT data, version FROM products WHERE ${by.id ? 'id::text' : 'key'} = $1 FOR UPDATE`,
        [by.id ?? by.key],
      );
      if (!row) throw notFound(`The Product with ${by.id ? `ID '${by.id}'` : `key '${by.key}'`}`);
      if (row.version !== version) throw concurrentModification(version, row.version);
      let product: Product = row.data;
      for (const { name, payload } of parsed) product = applyProductAction(product, name, payload);
      const now = new Date().toISOString();
      product = { ...product, version: version + 1, lastModifiedAt: now };
      await tx.query('UPDATE products SET data = $2, version = $3, last_modified_at = $4 WHERE id = $1', [
        product.id,
        product,
        product.version,
        now,
      ]);
      await announce(tx, { products: [[product.id, version + 1]] });
      return product;
    });
    this.takeProducts([{ data: updated, version: version + 1 }]);
    return updated;
  }

  stopStockRefresh() {
    clearInterval(this.refreshTimer);
  }

  stockOf(sku: string): StockEntry[] {
    return this.stock.get(sku) ?? [];
  }

  search(request: SearchRequest) {
    return this.index.search(request);
  }

  category(by: { id?: string | null; key?: string | null }) {
    return this.categories.find((c) => (by.id ? c.id === by.id : c.key === by.key));
  }

  /** The tax category a product references (`Product.taxCategory`). */
  taxCategory(id: string): TaxCategoryDocument | undefined {
    return this.taxCategories.get(id);
  }

  categoryQuery(where: string | null | undefined, limit = 20, offset = 0) {
    const predicate = where ? parsePredicate(where) : undefined;
    return page(predicate ? this.categories.filter((c) => matches(c, predicate)) : this.categories, limit, offset);
  }

  /** Available quantity per sku and inventory list (a commercetools supply channel). */
  async inventory(skus: string[], inventoryListKey?: string) {
    if (skus.length === 0) return [];
    const params: unknown[] = [skus];
    const list = inventoryListKey ? ` AND inventory_list_key = $${params.push(inventoryListKey)}` : '';
    return this.db.query<{ sku: string; inventory_list_key: string; available: number; version: number }>(
      `SELECT sku, inventory_list_key, available, version FROM inventory WHERE sku = ANY($1)${list} ORDER BY sku, inventory_list_key`,
      params,
    );
  }

  async inventoryQuery(where: string | null | undefined, limit = 20, offset = 0) {
    if (!where)
      throw invalidInput('inventoryEntries needs a where predicate naming the sku, e.g. sku="76100-111111-34B".');
    const predicate = parsePredicate(where);
    const hints = equalities(predicate);
    const skus = typeof hints.get('sku') === 'string' ? [hints.get('sku') as string] : skusIn(predicate);
    if (!skus) throw invalidInput('inventoryEntries needs sku="..." or sku in (...) in its where predicate.');
    const rows = await this.inventory(skus);
    const entries = rows.map((row) => inventoryEntry(row));
    return page(
      entries.filter((entry) => matches(entry, predicate)),
      limit,
      offset,
    );
  }
}

function skusIn(predicate: ReturnType<typeof parsePredicate>): string[] | undefined {
  const items = predicate.kind === 'and' ? predicate.items : [predicate];
  const found = items.find((item) => item.kind === 'in' && !item.negate && item.path.join('.') === 'sku');
  return found && found.kind === 'in' ? found.values.map(String).slice(0, 500) : undefined;
}

export const inventoryEntry = (row: {
  sku: string;
  inventory_list_key: string;
  available: number;
  version: number;
}) => ({
  id: `${row.inventory_list_key}:${row.sku}`,
  version: row.version,
  sku: row.sku,
  quantityOnStock: row.available,
  availableQuantity: row.available,
  supplyChannel: { typeId: 'channel', key: row.inventory_list_key },
  inventoryListKey: row.inventory_list_key,
});
